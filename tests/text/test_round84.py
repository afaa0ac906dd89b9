"""Round 84 (24 texts written blind after round 83's rules: systemic sclerosis letters, myeloma letters, alopecia
letters, sarcoma letters, peritoneal dialysis letters, haemorrhoid and fissure letters, ankylosing spondylitis
letters and pelvic floor physiotherapy letters): its false cues mended at their cause."""

from __future__ import annotations

from medhal.detect.units import Unit, continues_negation, segment_units
from medhal.text.explanations import unstated_cause
from medhal.text.quantities import quantities
from medhal.text.rates import rate_restated
from medhal.text.synonyms import alignment_tokens
from medhal.text.variants import lettered_swaps


def test_a_year_earlier_is_no_rate() -> None:
    assert [(q.kind, q.text) for q in quantities("up from 98 ng/L a year earlier,")] == [("mass/l", "98 ng")]
    assert [q.kind for q in quantities("2 mg/kg a day")] == ["mass/kg/day"]


def test_harming_an_unborn_baby_is_teratogenic() -> None:
    named = alignment_tokens("Important: bosentan is teratogenic and can reduce the effectiveness of hormonal pills.")
    assert unstated_cause("This is because bosentan can harm an unborn baby", named) is None


def test_a_unit_that_goes_on_with_an_avoided_list_is_not_read_plainly() -> None:
    response = "Keep cleaning the exit site every day with saline, and avoid baths and swimming until it has healed."
    units = [Unit.of_span(span) for span in segment_units(response, "clause")]
    k = next(i for i, u in enumerate(units) if u.text.startswith("and swimming"))
    assert units[k - 1].text.endswith("avoid baths") and continues_negation(units, k, response)


def test_a_day_said_later_in_the_unit_is_its_figures_denominator() -> None:
    unit = "and aim for 25-30 g of fibre and 1.5-2 litres of fluid a day."
    stated = quantities("fibre 25-30 g/day and 1.5-2 L fluid")
    assert rate_restated(unit, quantities(unit)[1], stated)
    assert not rate_restated("and aim for 25-30 g of fibre.", quantities("and aim for 25-30 g of fibre.")[1], stated)


def test_hepatitis_b_named_by_its_markers() -> None:
    screening = "HBsAg and anti-HBc negative, hepatitis C and HIV negative, varicella IgG positive (immune)."
    assert lettered_swaps("and negative hepatitis B,", screening) == ()
    assert lettered_swaps("and negative hepatitis E,", screening) == ("hepatitis E",)
