"""Round 91 (24 texts written blind after round 90's rules: rheumatoid arthritis monitoring letters, hernia repair
letters, migraine prevention letters, children's hearing letters, anal cancer surveillance letters, first-fit
letters, children's weight clinic letters and shingles vaccination letters): its false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.synonyms import alignment_tokens


def test_alt_is_a_liver_enzyme() -> None:
    named = alignment_tokens("ALT 96 U/L (ref <40) - previously 34 U/L in March. Reduce leflunomide to 10 mg OD.")
    assert unstated_cause("reduced to 10 mg because his liver enzyme ALT rose to 96 U/L,", named) is None
    assert unstated_cause("reduced to 10 mg because his kidney function fell,", named) is not None


def test_tablets_making_you_feel_sick_is_nausea() -> None:
    named = alignment_tokens("You told me that you feel nauseated for 1-2 days after each methotrexate dose.")
    assert unstated_cause("because the tablets were making you feel sick", named) is None
