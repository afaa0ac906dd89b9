from __future__ import annotations

import pytest

from medhal.text.explanations import unstated_cause
from medhal.text.synonyms import alignment_tokens

EVIDENCE = (
    "Methods: 412 adults with type 2 diabetes and albuminuria were assigned to dapagliflozin 10 mg or placebo. "
    "Results: The urinary albumin-to-creatinine ratio fell by 26% with dapagliflozin and by 4% with placebo. "
    "Genital mycotic infections occurred in 3% and 1%. Bradycardia did not occur. "
    "Conclusions: Dapagliflozin lowered albuminuria."
)
NAMED = alignment_tokens(EVIDENCE)


@pytest.mark.parametrize(
    "unit",
    [
        "Dapagliflozin lowered albuminuria, as a result of reduced intraglomerular pressure.",
        "Albuminuria fell with dapagliflozin because the drug dilated the afferent arteriole.",
        "The fall was driven mainly by weight loss and lower blood pressure.",
        "Dapagliflozin lowered albuminuria by blocking sodium reabsorption in the proximal tubule.",
        "Genital infections were more frequent, reflecting glucose excreted in the urine.",
        "Albuminuria fell, mainly through fewer hypoglycaemic episodes.",
        "Treatment was stopped in 3%, usually because of pancreatitis.",
    ],
)
def test_an_invented_mechanism_is_found(unit: str) -> None:
    explanation = unstated_cause(unit, NAMED)
    assert explanation is not None and unit.rstrip(".").endswith(explanation)


@pytest.mark.parametrize(
    "unit",
    [
        # the cause the evidence states, in its words or the lay ones
        "Albuminuria fell, because dapagliflozin lowered the albumin-to-creatinine ratio by 26%.",
        "Nobody stopped because of a slow heart rate.",
        # hedged, denied or questioned: no cause asserted
        "Albuminuria fell, probably as a result of reduced intraglomerular pressure.",
        "The fall may reflect lower intraglomerular pressure.",
        "The fall was not due to weight loss.",
        "Whether the fall is due to lower blood pressure is unclear.",
        # about the study, not the body
        "The effect on infections is uncertain because the study was small.",
        "Results may differ, due to the small number of patients with heart failure.",
        # a sentence that opens with its premise, and a method rather than a mechanism
        "Because albuminuria fell by 26%, dapagliflozin is worth considering.",
        "It was given by adding the tablet to usual care.",
        # a single word the evidence names in other words
        "Treatment was stopped in 3%, usually because of fungal genital infections.",
        # no explanation at all
        "Dapagliflozin lowered albuminuria by 26% compared with 4% on placebo.",
    ],
)
def test_no_unstated_cause_where_none_is_asserted_or_the_evidence_states_it(unit: str) -> None:
    assert unstated_cause(unit, NAMED) is None
