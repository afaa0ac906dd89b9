"""What a named test measures: a unit that names an organ's function names the tests of it (issue 14).

An answer restates a result in the words a patient would use: "Kidney function stayed the same in both arms" for
"eGFR did not change in either group".  The two share no content word, so the unit was not read as reporting the
sentence's null finding again (:func:`medhal.text.findings.agrees`), and its evidence pointer fell back to the
window the verifier happened to entail it from (the trial's aim, "We aimed to compare the two drugs in adults with
... chronic kidney disease": session 16's own abstract).  :func:`measuring_tests` gives, for a unit that names a
function ("kidney function"), the words of the tests that measure it (:data:`MEASURES`), so that a null finding
about "eGFR" is one the unit names (:func:`medhal.text.findings.names`): for agreement, and for a conflict only where
the unit says the function itself changed (:func:`function_changed`: "Kidney function got worse with febuxostat"
against "eGFR did not change in either group"; "people with reduced kidney function" describes whom a trial
enrolled, round 52).

Only the unit is read this way.  Adding the function's words to every sentence that names a test was tried and
left out: the Methods sentence that enrols "adults with ... an eGFR of 45-60" then outranked the conclusion the
README example's clause restates as its closest evidence.  The table holds tests whose name means one function to
any clinician; a test that measures one of several things (a troponin, a white cell count) is left out.

>>> measuring_tests("Kidney function stayed the same in both arms.")
'eGFR GFR glomerular filtration creatinine CrCl cystatin'
>>> measuring_tests("Her liver tests and lung function were normal.")  # doctest: +ELLIPSIS
'FEV1 FVC forced expiratory volume vital capacity spirometry peak flow ALT AST alanine ...'
>>> measuring_tests("Gout flares occurred in 41% and 44%.")
''
"""

from __future__ import annotations

import re

__all__ = ["MEASURES", "function_changed", "measuring_tests"]

MEASURES: tuple[tuple[str, str], ...] = (
    (r"\b(?:kidney|renal)\s+function\b", "eGFR GFR glomerular filtration creatinine CrCl cystatin"),
    (r"\b(?:lung|pulmonary)\s+function\b", "FEV1 FVC forced expiratory volume vital capacity spirometry peak flow"),
    (
        r"\b(?:liver|hepatic)\s+(?:function|tests?|enzymes?)\b",
        "ALT AST alanine aspartate aminotransferase transferase bilirubin LFT",
    ),
    (r"\bthyroid\s+(?:function|levels?|tests?)\b", "TSH T4 thyroid-stimulating hormone"),
    (r"\b(?:heart|cardiac)\s+(?:function|pumping)\b|\bpumping\s+function\b", "LVEF left ventricular ejection fraction"),
    (r"\b(?:blood\s+)?(?:sugar|glucose)\s+control\b", "HbA1c A1c glycated haemoglobin"),
)
"""(how an answer names a function, the words of the tests that measure it)."""

_MEASURES = tuple((re.compile(said, re.IGNORECASE), tests) for said, tests in MEASURES)


def measuring_tests(unit: str) -> str:
    """The words of the tests of each function ``unit`` names, in table order (``""``: none)."""
    return " ".join(tests for said, tests in _MEASURES if said.search(unit))


_CHANGED = re.compile(
    r"\s+(?:(?:has|had|have)\s+)?(?:got|gotten|became|become|grew|went)?\s*(?:worse|better|down|up|declin\w*|improv\w*|fell|"
    r"fall\w*|rose|ris\w*|worsen\w*|deteriorat\w*|chang\w*|dropp?\w*|increas\w*|decreas\w*)\b",
    re.IGNORECASE,
)


def function_changed(unit: str) -> bool:
    """Whether ``unit`` says a function it names changed ("Kidney function got worse with febuxostat"), which a null
    finding about its tests ("eGFR did not change in either group") contradicts; not a population it describes
    ("295 people with moderately to severely reduced kidney function", round 52).

    >>> function_changed("Kidney function got worse with febuxostat.")
    True
    >>> function_changed("people with moderately reduced kidney function")
    False
    """
    return any(_CHANGED.match(unit, m.end()) for said, _ in _MEASURES for m in said.finditer(unit))
