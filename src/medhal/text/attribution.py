"""Who says it: the lead by which a lay answer hands a finding to its source ("The researchers concluded that",
"The study found that", "The authors say") (issue 14).

The evidence is the study's own report, so it never names "the researchers": a lead's words are in no evidence
sentence, and a restatement that must hold every word of the unit (:func:`medhal.detect.alignment.restates`) failed
on them.  "The researchers concluded that a yearly high dose of vitamin D should not be given to prevent falls" is
the abstract's "Conclusions: An annual high dose of vitamin D ... should not be used for fall prevention" (an own
vitamin D abstract, session 35), and the encoder read the two as a contradiction (P(C) 0.71).

:func:`unattributed` drops the lead; what follows it is what the unit asserts.  Only a plain lead is dropped: the
source named as the study, its authors or researchers, a reporting verb, and "that" or a comma, nothing hedged in
between ("The researchers wrongly concluded" keeps its word).
"""

from __future__ import annotations

import re

__all__ = ["unattributed"]

_LEAD = re.compile(
    r"^\s*(?:(?:the|this|their)\s+)?(?:researchers|investigators|authors|study(?:'s)?\s+authors|study|trial|"
    r"review(?:ers)?|team)\s+(?:concluded|conclude|found|find|finds|reported|report|reports|showed|show|shows|said|"
    r"say|says|noted|note|notes|observed)(?:\s+that\s+|\s*,\s*|\s+)",
    re.IGNORECASE,
)


def unattributed(text: str) -> str:
    """``text`` without its lead naming the source (module docstring); ``text`` itself when it has none, or when
    nothing would be left.

    >>> unattributed("The researchers concluded that a yearly dose should not be given.")
    'a yearly dose should not be given.'
    >>> unattributed("The study found fewer falls with vitamin D.")
    'fewer falls with vitamin D.'
    >>> unattributed("Researchers were blinded to the allocation.")
    'Researchers were blinded to the allocation.'
    """
    m = _LEAD.match(text)
    if m is None or _SAID.search(text, m.end()) is None:
        return text
    return text[m.end() :]


_SAID = re.compile(r"\b(?!that\b)[A-Za-z]{3,}")
"""A word of what the source said (not a bare "that")."""
