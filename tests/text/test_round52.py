"""Round 52 (36 texts written blind for this session, with no sight of the code; read with the session-start code
they gave 3 faithful clauses contradicted of 630 and 6 of 36 faithful answers flagged): each faithful clause's false
cue mended at its cause, and the one wrong twin the null-finding cue missed."""

from __future__ import annotations

from medhal.text.findings import null_finding_conflict, null_findings
from medhal.text.quantifiers import proportion_given, quantified_shares
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens, canonical_text
from medhal.text.unnamed import unnamed_subject


def test_a_year_before_a_joining_word_is_a_year() -> None:
    kinds = [(q.kind, q.text) for q in quantities("Comparing 212 patients in early 2023 with 236 in early 2024,")]
    assert kinds == [("count", "212"), ("label:year", "2023"), ("count", "236"), ("label:year", "2024")]
    assert [q.kind for q in quantities("in 2000 patients with asthma")] == ["count"]


def test_a_proportion_in_words_is_given_by_a_percentage_anywhere() -> None:
    (share,) = quantified_shares("only around one in nine people who tested positive actually had cancer")
    assert proportion_given(share.quantity, quantities("the positive predictive value 11.1%"))
    assert not proportion_given(share.quantity, quantities("22.7% of patients tested positive"))
    # "most" is no proportion told as one in so many
    (most,) = quantified_shares("most patients tested positive")
    assert not proportion_given(most.quantity, quantities("most (60%) tested positive; 60% overall"))


def test_lay_terms_of_round_52() -> None:
    assert canonical_text("Nebulized 3% salt water") == "Nebulized 3% saline"
    assert canonical_text("small for their stage of pregnancy") == "small-for-gestational-age"
    assert canonical_text("Grade 3 neuropathy") == "severe neuropathy"
    assert canonical_text("grade 3 tumours") == "grade 3 tumors"  # a tumour's grade is no toxicity grade
    assert [q.kind for q in quantities("Nebulized 3% salt water shortened stays")] == ["label:strength"]


def test_their_babies_are_no_measure() -> None:
    evidence = "Small-for-gestational-age birth was also more frequent with deficiency (12.1% vs 8.7%)."
    tokens = alignment_tokens(evidence)
    assert unnamed_subject("Their babies were more often small for their stage of pregnancy.", evidence, tokens) is None
    assert unnamed_subject("Low sodium was more common with deficiency.", evidence, tokens) == "Low sodium"


def test_a_pair_of_figures_then_not_significant_is_the_sentences_null_finding() -> None:
    sentence = (
        "Nausea at 2 hours was reported in 18% with TRIPTAVEL and 20% with placebo, a difference that was not "
        "statistically significant."
    )
    assert null_findings(sentence)
    assert null_finding_conflict("Nausea at two hours was more common with Triptavel than with placebo,", sentence)
    assert not null_finding_conflict("Nausea at two hours was about as common as with placebo,", sentence)
    # a clause with a subject of its own keeps its own finding
    (own,) = null_findings("Haemorrhage occurred in 0.6% and 1.2%, respectively, and mortality at 90 days was similar.")
    assert own.subject == {"morta"}


def test_a_proportion_is_given_only_by_the_same_figure() -> None:
    # cp_240: "about nine in ten" cancers against the FIT's 73.8%, the DNA test's 92.3% stated too
    (share,) = quantified_shares("A single test detected about nine in ten colorectal cancers.")
    assert not proportion_given(share.quantity, quantities("sensitivity 73.8%; the DNA test 92.3%"))
    (third,) = quantified_shares("about one in three had relapsed")
    assert proportion_given(third.quantity, quantities("relapse in 33.3%"))


def test_a_bound_restated_at_another_figure_of_the_same_thing() -> None:
    from medhal.text.bounds import bound_value_conflicts

    methods = (
        "Methods: 412 adults with major depressive disorder who had not responded to at least two antidepressants "
        "were randomised."
    )
    wrong = "412 adults whose depression had not improved despite trying at least three antidepressants."
    assert [(a.text, b.text) for a, b in bound_value_conflicts(wrong, methods, methods)] == [
        ("at least three", "at least two")
    ]
    assert bound_value_conflicts(wrong.replace("three", "two"), methods, methods) == []
    guideline = "1.4 Do not offer pharmacological prophylaxis to adults with a platelet count below 50 × 10^9/L."
    unit = "Drug prophylaxis should not be given to anyone whose platelet count is under 100 × 10^9/L."
    assert bound_value_conflicts(unit, guideline, guideline)
    assert not bound_value_conflicts(unit.replace("100", "50"), guideline, guideline)


def test_more_than_one_is_two_or_more() -> None:
    from medhal.text.bounds import bound_value_conflicts

    sentence = "In women with two or more follicles 12/73 pregnancies were multiples."
    one = "induction of more than one follicle did not improve the rate,"
    assert bound_value_conflicts(one, sentence, sentence) == []
    assert bound_value_conflicts(one.replace("one follicle", "three follicles"), sentence, sentence)


def test_one_of_the_groups_a_null_finding_compares_is_its_population() -> None:
    # an abstract of our own (point-of-care D-dimer): "did not differ between patients younger and older than 65"
    sentence = "Test performance did not differ between patients younger and older than 65 years."
    assert null_finding_conflict("Test performance was better in patients older than 65 years.", sentence)
    assert null_finding_conflict("The test performed better in people over 65 than in younger people.", sentence)
    assert not null_finding_conflict("Test performance was similar in patients older than 65 years.", sentence)
    assert not null_finding_conflict("Test performance was better in women.", sentence)


def test_an_imaging_report_finding_none_and_an_answer_saying_it_shows_it() -> None:
    # round 52's CT report and one of our own: "there is no CT evidence of", "without CT signs of", "there is no X"
    strain = "Ratio 0.8, with no septal flattening; there is no CT evidence of right heart strain."
    assert [sorted(f.subject) for f in null_findings(strain)][-1] == ["heart", "right", "strai"]
    assert null_finding_conflict("and the right side of the heart showed clear signs of strain,", strain)
    assert null_finding_conflict("and the right side of the heart shows signs of strain.", strain)
    assert not null_finding_conflict("and the right side of the heart showed no signs of strain,", strain)
    assert not null_finding_conflict("and there is no sign of strain on the right side of the heart.", strain)
    without = "Acute pulmonary emboli in both lungs without CT signs of right ventricular strain."
    assert {"right", "strai", "ventr"} == next(iter(null_findings(without))).subject
    effusion = "There is no pleural effusion."
    assert null_finding_conflict("There is a small amount of fluid around the lungs.", effusion)
    assert not null_finding_conflict("There is no fluid around the lungs.", effusion)
    # a background sentence's "there is no consensus on ..." is no absence of anything the answer can say happened
    assert null_findings("There is no consensus on the best treatment.") == ()


def test_a_lower_lobe_is_of_a_lung() -> None:
    from medhal.text.laterality import side_conflict

    letter = ["Chest X-ray showed right lower lobe consolidation with no pleural effusion."]
    found = side_conflict("She was treated for pneumonia in the lower part of her left lung,", letter)
    assert found is not None and found[1] == 0
    assert side_conflict("She was treated for pneumonia in the lower part of her right lung,", letter) is None
    # a brain's lobe is no lung's
    assert side_conflict("a bleed in the left lung,", ["A haematoma in the right frontal lobe."]) is None
