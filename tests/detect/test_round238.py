"""Faithful clauses of blind rounds 238-239 (session 36) that the cues flagged or contradicted when first read, each
beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.text.clauses import split_clauses
from medhal.text.drug_doses import dose_conflict
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.quantifiers import quantified_shares
from medhal.text.quantities import quantities
from medhal.text.recommendations import unadvised
from medhal.text.synonyms import alignment_tokens, canonical_text
from medhal.text.ways import denies_only_more


def _unstated(unit: str, evidence: str, *, opened: str = "") -> list[str]:
    said = [*quantities(evidence), *implied_figures(evidence)]
    return [q.text for q in unstated_quantities(unit, said, opened=opened)]


def test_rates_and_amounts_in_words() -> None:
    """ "9 millilitres a second" for "9 mL/s"; "about a fifth of a milligram of fluoride per litre" for "0.2 mg/L";
    "cut their daily sodium by close to a third, | from about 3.7 g to about 2.5 g" for "3,650 to 2,480 mg/day"."""
    assert _unstated("the strongest flow was only 9 millilitres a second,", "a maximum flow rate of 9 mL/s") == []
    assert _unstated("the strongest flow was only 12 millilitres a second,", "a maximum flow rate of 9 mL/s") == [
        "12 millilitres"
    ]
    assert [q.kind for q in quantities("5 mg a second dose")] == ["mass"]
    well = "Well-water analysis: fluoride 0.2 mg/L."
    assert _unstated("and contained only about a fifth of a milligram of fluoride per litre,", well) == []
    assert [(q.kind, q.value) for q in quantities("about half of a milligram per litre")] == [("mass/l", 0.5)]
    sodium = "Urinary sodium fell from 3,650 to 2,480 mg/day with the programme."
    opened = "Urine tests showed that the programme group cut their daily sodium by close to a third, "
    assert (
        _unstated("from about 3.7 g to about 2.5 g, whereas the leaflet group barely changed.", sodium, opened=opened)
        == []
    )
    assert _unstated(
        "from about 4.7 g to about 2.5 g, whereas the leaflet group barely changed.", sodium, opened=opened
    ) == ["4.7 g"]


def test_prices_in_pounds_written_in_words() -> None:
    """An audit's "now costs at least 12.38 pounds" and "rose from 10.50 to 14.44 pounds" are money, which "£12.40"
    and "£14.45" state; "lost 10 pounds" is no price."""
    audit = "A bottle now costs at least 12.38 pounds. The cheapest vodka rose from 10.50 to 14.44 pounds."
    assert [(q.kind, q.value) for q in quantities(audit)] == [("money", 12.38), ("money", 10.5), ("money", 14.44)]
    assert _unstated("and the vodka has gone up from £10.50 to £14.44.", audit) == []
    assert _unstated("and the vodka has gone up from £10.50 to £19.44.", audit) == ["19.44"]
    assert [q.kind for q in quantities("she lost 10 pounds in weight")] == ["count"]


def test_ages_in_words_as_a_range_and_a_day_number_after_a_hyphen() -> None:
    """ "Children aged six to eleven" is no age of six years (it was set against "aged 12 and over"); "her day-5
    blood spot screen" is day 5, which "at five days old" states."""
    assert [(q.kind, q.value) for q in quantities("Children aged six to eleven should have four puffs")] == [
        ("count", 6.0),
        ("count", 11.0),
        ("count", 4.0),
    ]
    screen = "She was referred after her day-5 newborn blood spot screen showed a raised phenylalanine."
    assert _unstated("Her heel-prick test at five days old showed a raised level,", screen) == []
    assert _unstated("Her heel-prick test at eight days old showed a raised level,", screen) == ["eight days"]
    assert quantities("COVID-19 and IL-6") == []


def test_a_dose_stated_beside_the_drug_in_another_form() -> None:
    """ "150 micrograms of iodine" for "150 micrograms potassium iodide": no dose the letter never gives iodine (it
    gave the brand's 225 micrograms too)."""
    letter = [
        "The kelp label states iodine 225 micrograms per tablet.",
        "Switch to a pregnancy multivitamin containing 150 micrograms potassium iodide daily.",
    ]
    assert dose_conflict("and switch to a pregnancy vitamin with 150 micrograms of iodine.", letter) is None
    found = dose_conflict("and switch to a pregnancy vitamin with 100 micrograms of iodine.", letter)
    assert found is not None and [(a.text, b.text) for a, b in found[0]] == [("100 micrograms", "225 micrograms")]
    assert {"iodin", "spray"} <= alignment_tokens("potassium iodide, four puffs")


def test_lay_words_causes_advice_and_quantifiers() -> None:
    """ "marking the teeth" is dental fluorosis; "between a twentieth and a tenth" is one range of a cause's clause;
    "Please do not prescribe" is advice; "For most women, the advice is ..." is no share of women."""
    assert "dental fluorosis" in canonical_text("because of the risk of marking the teeth")
    sentence = "Women are advised to slim down, because losing between a twentieth and a tenth of weight helps."
    assert len(split_clauses(sentence)) == 2
    guideline = (
        "Advise women with a BMI above 30 kg/m2 to lose weight; a loss of 5-10% of body weight is associated with"
        " fewer leakage episodes."
    )
    named = alignment_tokens(guideline)
    cause = "because losing somewhere between a twentieth and a tenth of their body weight goes along with fewer leaks."
    assert unstated_cause(cause, named, guideline) is None
    assert unstated_cause("because it tightens the bladder neck muscles.", named, guideline) is not None
    letter = ["Please do not prescribe any medicine containing aspartame."]
    assert not unadvised("and medicines containing the sweetener aspartame should be avoided.", letter)
    assert unadvised("and medicines containing aspartame should be avoided.", ["Her level fell to 186."])
    assert quantified_shares("For most women, the advice is a daily dose of 0.4 mg.") == []
    assert [s.quantity.text for s in quantified_shares("Most women took it daily.")] == ["Most"]


def test_a_denied_rise_does_not_deny_rarity() -> None:
    """ "Ear canal infections were uncommon" against the conclusion "without greater discomfort or more ear canal
    infections" (contradicted, P(C) 0.66); a unit saying more of them is still read against it."""
    said = "Drops cleared earwax more often, without greater discomfort or more ear canal infections."
    assert denies_only_more(said, "Ear canal infections were uncommon,")
    assert not denies_only_more(said, "Ear canal infections were more common with bicarbonate,")
    assert not denies_only_more("No infections occurred.", "Ear canal infections were uncommon,")
