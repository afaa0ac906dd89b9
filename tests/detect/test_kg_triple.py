from __future__ import annotations

import importlib.util
import json
from collections import defaultdict
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fakes import RuleVerifier
from medhal.bench.localization.metrics import coverage_score, unit_hits
from medhal.data.medhal_loc import read_medhal_loc
from medhal.detect.embedding import HashingEmbedder
from medhal.detect.kg import (
    EntityLinker,
    KGEntity,
    KGTripleDetector,
    KnowledgeGraph,
    RelationPattern,
    RuleTripleExtractor,
    SpacyTripleExtractor,
    Triple,
    TripleExtractor,
    load_extractor,
)
from medhal.detect.records import CheckItem
from medhal.detect.units import ConfigError
from medhal.text import Span

DEV = Path(__file__).resolve().parents[3] / "shared" / "data" / "medhal_loc" / "controlled_dev.jsonl"

EXTRACTOR = RuleTripleExtractor()


def parts(t: Triple) -> tuple[str, str, str]:
    return (t.subject.text, t.relation.text, t.obj.text)


def assert_slices(text: str, triples: list[Triple]) -> None:
    for t in triples:
        for span in (t.subject, t.relation, t.obj, t.span):
            assert text[span.start : span.end] == span.text
        assert t.span.end == t.obj.end
        assert t.relation.end <= t.obj.start
        if t.subject_inherited:
            assert t.span.start == t.relation.start
        else:
            assert t.span.start == t.subject.start and t.subject.end <= t.relation.start


def test_metformin_triple() -> None:
    text = "Metformin reduces HbA1c in patients with type 2 diabetes."
    [t] = EXTRACTOR.extract(text)
    assert parts(t) == ("Metformin", "reduces", "HbA1c in patients with type 2 diabetes")
    assert t.label == "decreases" and not t.negated and not t.subject_inherited
    assert t.span.text == "Metformin reduces HbA1c in patients with type 2 diabetes"
    assert t.hypothesis == t.span.text
    assert_slices(text, [t])
    assert isinstance(EXTRACTOR, TripleExtractor)


@pytest.mark.parametrize(
    ("text", "expected", "label"),
    [
        (
            "Smoking is associated with an increased risk of lung cancer.",
            ("Smoking", "is associated with", "an increased risk of lung cancer"),
            "associated_with",
        ),
        (
            "Hypertension leads to left ventricular hypertrophy.",
            ("Hypertension", "leads to", "left ventricular hypertrophy"),
            "causes",
        ),
        (
            "Early mobilization results in shorter hospital stays.",
            ("Early mobilization", "results in", "shorter hospital stays"),
            "causes",
        ),
        ("Statins inhibit HMG-CoA reductase.", ("Statins", "inhibit", "HMG-CoA reductase"), "decreases"),
        (
            "Exercise training increases peak oxygen uptake.",
            ("Exercise training", "increases", "peak oxygen uptake"),
            "increases",
        ),
        (
            "The incidence of delirium was higher in the intervention group.",
            ("The incidence of delirium", "was higher in", "the intervention group"),
            "compares",
        ),
        (
            "Dexamethasone is effective for the prevention of postoperative nausea.",
            ("Dexamethasone", "is effective for", "the prevention of postoperative nausea"),
            "property",
        ),
        ("Ivermectin treats strongyloidiasis.", ("Ivermectin", "treats", "strongyloidiasis"), "treats"),
        (
            # a participle ("treated with") is not the relation; the subject keeps it
            "Patients treated with metformin had lower HbA1c than controls.",
            ("Patients treated with metformin", "had lower", "HbA1c than controls"),
            None,
        ),
        (
            "In this cohort, prophylactic beta-blockade has been shown to cut atrial fibrillation by 40%.",
            ("prophylactic beta-blockade", "has been shown to cut", "atrial fibrillation by 40%"),
            "decreases",
        ),
        (
            "These data suggest that vitamin D supplementation may lower blood pressure.",
            ("vitamin D supplementation", "may lower", "blood pressure"),
            "decreases",
        ),
    ],
)
def test_typical_conclusions(text: str, expected: tuple[str, str, str], label: str | None) -> None:
    triples = EXTRACTOR.extract(text)
    assert [parts(t) for t in triples] == [expected]
    if label is not None:
        assert triples[0].label == label
    assert_slices(text, triples)


def test_negation_is_recorded() -> None:
    text = "Aspirin did not significantly affect mortality, and statins were not associated with myopathy."
    triples = EXTRACTOR.extract(text)
    assert [parts(t) for t in triples] == [
        ("Aspirin", "did not significantly affect", "mortality"),
        ("statins", "were not associated with", "myopathy"),
    ]
    assert all(t.negated for t in triples)


def test_coordinated_predicate_inherits_the_subject() -> None:
    text = (
        "Font influenced pregnant women's ratings of intervention complexity, and also significantly increased "
        "their stated willingness to enroll by 30%."
    )
    first, second = EXTRACTOR.extract(text)
    assert parts(first) == ("Font", "influenced", "pregnant women's ratings of intervention complexity")
    assert second.subject_inherited and second.subject == first.subject
    assert second.span.text == "also significantly increased their stated willingness to enroll by 30%"
    assert second.hypothesis.startswith("Font also significantly increased")
    assert_slices(text, [first, second])


def test_relative_pronoun_inherits_the_antecedent() -> None:
    text = (
        "Identification of problems needs to be promoted through audit, which has been shown to cut maternal "
        "mortality by 80% within two years."
    )
    first, second = EXTRACTOR.extract(text)
    assert second.subject_inherited and second.subject == first.obj
    assert second.relation.text == "has been shown to cut"
    assert second.span.text == "has been shown to cut maternal mortality by 80% within two years"


def test_subject_and_object_lists_span_clause_cuts() -> None:
    text = (
        "High-quality training, strict compliance with guidelines, and thorough documentation is associated with "
        "fewer infections."
    )
    [t] = EXTRACTOR.extract(text)
    assert t.subject.text == "High-quality training, strict compliance with guidelines, and thorough documentation"
    text = "Preoperative education reduced anxiety and postoperative complications, but it did not shorten stays."
    first, second = EXTRACTOR.extract(text)
    assert first.obj.text == "anxiety and postoperative complications"
    assert parts(second) == ("it", "did not shorten", "stays")


def test_participial_adjuncts() -> None:
    text = (
        "Vitamin D supplementation was associated with increased Tregs, nearly doubling regulatory T-cell "
        "frequency by week 8."
    )
    first, second = EXTRACTOR.extract(text)
    assert second.relation.text == "nearly doubling" and second.subject == first.subject and second.subject_inherited
    text = "Feeding practices differed between centers, with rapid advancement increasing the rate of sepsis."
    triples = EXTRACTOR.extract(text)
    assert ("rapid advancement", "increasing", "the rate of sepsis") in [parts(t) for t in triples]
    assert RuleTripleExtractor(participles=False).extract(text) == triples[:1]


def test_no_relation_no_triple() -> None:
    assert EXTRACTOR.extract("Further research in larger cohorts.") == []
    assert EXTRACTOR.extract("Outcomes improved.") == []  # no object


def test_extra_patterns() -> None:
    text = "Ketamine antagonizes NMDA receptors."
    assert EXTRACTOR.extract(text) == []
    custom = RuleTripleExtractor(extra_patterns=[RelationPattern("antagonizes", r"antagoniz(?:e|es|ed)")])
    [t] = custom.extract(text)
    assert parts(t) == ("Ketamine", "antagonizes", "NMDA receptors") and t.label == "antagonizes"
    assert custom.name != EXTRACTOR.name == "rule"
    with pytest.raises(ConfigError, match="bad relation pattern"):
        RuleTripleExtractor(extra_patterns=[RelationPattern("x", "(")])


VOCABULARY = (
    "metformin reduces is was associated with and , which that the patients in HbA1c had lower ( ) . "
    "significantly not increased treated by may higher than who 30% risk of stroke were effective for"
)
WORDS = st.sampled_from(VOCABULARY.split())


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=30), st.sampled_from([" ", "  ", "\n"]))
def test_spans_always_slice_back(words: list[str], sep: str) -> None:
    text = sep.join(words)
    assert_slices(text, EXTRACTOR.extract(text))


# ---------------------------------------------------------------------------------------------- detector

EVIDENCE = (
    "We randomised 200 adults with type 2 diabetes. Metformin reduces HbA1c in patients with type 2 diabetes. "
    "Metformin did not change body weight."
)


def test_detector_runs_one_pair_per_triple_against_the_whole_evidence() -> None:
    response = "Metformin reduces HbA1c in patients with type 2 diabetes. Metformin increases body weight."
    verifier = RuleVerifier([("did not change body weight", "increases body weight")])
    result = KGTripleDetector(verifier).detect(CheckItem(EVIDENCE, response, id="x1"))
    assert result.status == "ok" and result.detector == "kg-triple" and result.id == "x1"
    assert [p for p, _ in verifier.calls[0]] == [EVIDENCE, EVIDENCE]
    assert [h for _, h in verifier.calls[0]] == [
        "Metformin reduces HbA1c in patients with type 2 diabetes",
        "Metformin increases body weight",
    ]
    assert len(result.units) == 2 and result.pairs == 2 and result.windows == 1
    for u in result.units:
        assert u.kind == "triple" and response[u.start : u.end] == u.text
        assert u.score == pytest.approx(1.0 - u.p_entail) == pytest.approx(u.suspicion)
        assert u.entailing is not None and u.entailing.text == EVIDENCE
        assert u.signals is not None and u.signals["triple"]["relation"]["text"] in u.text
    top = result.ranked_units[0]
    assert top.text == "Metformin increases body weight" and top.verdict == "contradicted"
    assert result.units[0].verdict == "supported"
    assert result.score == pytest.approx(max(u.suspicion for u in result.units))
    assert result.flagged is True
    assert result.config["extractor"] == "rule" and result.config["hypothesis"] == "triple"
    json.dumps(result.to_dict())


def test_hypothesis_span_uses_the_surface_text() -> None:
    response = "Metformin reduces HbA1c, and also lowers weight."
    verifier = RuleVerifier()
    KGTripleDetector(verifier, hypothesis="span").detect(CheckItem(EVIDENCE, response))
    assert [h for _, h in verifier.calls[0]] == ["Metformin reduces HbA1c", "also lowers weight"]
    verifier = RuleVerifier()
    KGTripleDetector(verifier).detect(CheckItem(EVIDENCE, response))
    assert [h for _, h in verifier.calls[0]] == ["Metformin reduces HbA1c", "Metformin also lowers weight"]


def test_no_triple_is_ok_with_zero_units() -> None:
    item = CheckItem(EVIDENCE, "Further research in larger cohorts.")
    verifier = RuleVerifier()
    result = KGTripleDetector(verifier).detect(item)
    assert result.status == "ok" and result.units == ()
    assert verifier.calls[0] == [(EVIDENCE, "Further research in larger cohorts.")]
    assert result.pairs == 1 and result.score is not None and 0.0 <= result.score <= 1.0
    result = KGTripleDetector(RuleVerifier(), fallback="none").detect(item)
    assert result.status == "ok" and result.units == () and result.score == 0.0 and result.flagged is False
    assert result.pairs == 0


def test_input_error() -> None:
    result = KGTripleDetector(RuleVerifier()).detect(CheckItem(EVIDENCE, "   "))
    assert result.status == "input_error" and "response is empty" in (result.reason or "")


def test_batch_shares_one_verifier_pass() -> None:
    verifier = RuleVerifier()
    items = [CheckItem(EVIDENCE, "Metformin reduces HbA1c.", id=str(i)) for i in range(3)]
    results = KGTripleDetector(verifier).detect_many(items)
    assert len(verifier.calls) == 1 and len(verifier.calls[0]) == 1
    assert [r.verifier_passes for r in results] == [1, 0, 0]


# ---------------------------------------------------------------------------------------------- grounding


def tiny_kg() -> KnowledgeGraph:
    return KnowledgeGraph.from_records(
        [
            KGEntity("CHEBI:6801", "Metformin", "Compound", ("dimethylbiguanide",)),
            KGEntity("HbA1c", "HbA1c", "Biomarker"),
            KGEntity("DOID:9352", "type 2 diabetes mellitus", "Disease"),
            ("body weight", "Phenotype"),
        ],
        [("CHEBI:6801", "lowers", "HbA1c"), ("CHEBI:6801", "treats", "DOID:9352")],
        source="tiny",
    )


def test_string_grounding_records_ids_in_signals() -> None:
    response = "Metformin reduces HbA1c in patients with type 2 diabetes. Dimethylbiguanide changes body weight."
    result = KGTripleDetector(RuleVerifier(), kg=tiny_kg()).detect(CheckItem(EVIDENCE, response))
    first, second = result.units
    assert first.signals is not None and second.signals is not None
    g = first.signals["grounding"]
    assert g["subject"]["id"] == "CHEBI:6801" and g["subject"]["method"] == "exact"
    assert g["object"]["id"] == "HbA1c" and g["object"]["method"] == "contains"  # leftmost: the head
    assert g["object"]["mention"]["text"] == "HbA1c"
    assert g["kg_relations"] == ["lowers"]
    g2 = second.signals["grounding"]
    assert g2["subject"]["id"] == "CHEBI:6801"  # by alias
    assert g2["object"]["type"] == "Phenotype" and g2["kg_relations"] == []
    assert result.config["kg"].startswith("tiny@") and result.config["embedder"] is None
    mention = g["object"]["mention"]
    assert response[mention["start"] : mention["end"]] == mention["text"]


def test_embedding_grounding_and_require_grounding() -> None:
    kg = KnowledgeGraph.from_records([KGEntity("DOID:9352", "type 2 diabetes mellitus", "Disease")])
    linker = EntityLinker(kg)
    text = "patients with type 2 diabetes"
    span = Span.of(text, 0, len(text))
    assert linker.link_many(text, [span]) == [None]  # no string match: the KG name is longer
    linked = EntityLinker(kg, embedder=HashingEmbedder(), threshold=0.8).link_many(text, [span])[0]
    assert linked is not None and linked.method == "embedding" and linked.entity.id == "DOID:9352"
    assert linked.mention.text == "type 2 diabetes" and linked.score == pytest.approx(3 / 12**0.5)
    assert EntityLinker(kg, embedder=HashingEmbedder(), threshold=0.9).link_many(text, [span]) == [None]

    response = "Metformin reduces HbA1c in patients with type 2 diabetes. Exercise improves mood."
    kept = KGTripleDetector(RuleVerifier(), kg=tiny_kg(), require_grounding="any").detect(CheckItem(EVIDENCE, response))
    assert [u.text for u in kept.units] == ["Metformin reduces HbA1c in patients with type 2 diabetes"]
    both = KGTripleDetector(RuleVerifier(), kg=kg, embedder=HashingEmbedder(), require_grounding="both")
    assert both.detect(CheckItem(EVIDENCE, response)).units == ()


def test_knowledge_graph_files(tmp_path: Path) -> None:
    tsv = tmp_path / "kg.tsv"
    tsv.write_text("entity\ttype\nmetformin\tCompound\n# comment\n\nmetformin\ttreats\tdiabetes\n")
    kg = KnowledgeGraph.load(tsv)
    assert {e.id: e.type for e in kg.entities} == {"metformin": "Compound", "diabetes": None}
    assert kg.triples == (("metformin", "treats", "diabetes"),) and kg.source == "kg.tsv"
    (tmp_path / "bad.tsv").write_text("a\tb\tc\td\n")
    with pytest.raises(ConfigError, match=r"bad.tsv:1: expected 2"):
        KnowledgeGraph.load(tmp_path / "bad.tsv")
    js = tmp_path / "kg.json"
    js.write_text(
        json.dumps(
            {
                "entities": [{"id": "D1", "name": "Metformin", "type": "Compound", "aliases": ["Glucophage"]}, "HbA1c"],
                "triples": [["metformin", "lowers", "HbA1c"], {"subject": "D1", "relation": "treats", "object": "T2D"}],
            }
        )
    )
    kg = KnowledgeGraph.load(js)
    assert kg.triples == (("D1", "lowers", "HbA1c"), ("D1", "treats", "T2D"))  # names resolve to ids
    assert [e.id for e in kg.entities] == ["D1", "HbA1c", "T2D"]
    assert kg.digest == KnowledgeGraph.load(js).digest
    with pytest.raises(ConfigError, match="cannot read"):
        KnowledgeGraph.load(tmp_path / "missing.tsv")
    detector = KGTripleDetector(RuleVerifier(), kg=str(js))
    result = detector.detect(CheckItem(EVIDENCE, "Glucophage lowers HbA1c."))
    assert result.units[0].signals is not None
    assert result.units[0].signals["grounding"]["kg_relations"] == ["lowers"]


def test_config_errors() -> None:
    with pytest.raises(ConfigError, match="need a knowledge graph"):
        KGTripleDetector(RuleVerifier(), embedder="hashing")
    with pytest.raises(ConfigError, match="unknown triple extractor"):
        KGTripleDetector(RuleVerifier(), extractor="nope")
    with pytest.raises(ConfigError, match="unknown hypothesis"):
        KGTripleDetector(RuleVerifier(), hypothesis="both")  # type: ignore[arg-type]
    assert load_extractor(EXTRACTOR) is EXTRACTOR


# -------------------------------------------------------------------------------------------------- spaCy


@pytest.mark.skipif(importlib.util.find_spec("spacy") is not None, reason="spacy is installed")
def test_spacy_extractor_without_spacy_is_a_one_line_error() -> None:
    with pytest.raises(ConfigError) as info:
        SpacyTripleExtractor()
    assert "\n" not in str(info.value) and "pip install spacy" in str(info.value)


class FakeToken:
    def __init__(self, doc: list[FakeToken], i: int, text: str, idx: int, pos: str, dep: str, head: int) -> None:
        self.doc, self.i, self.text, self.idx, self.pos_, self.dep_, self.head_i = doc, i, text, idx, pos, dep, head
        self.lemma_ = text.lower().rstrip("s")

    @property
    def children(self) -> list[FakeToken]:
        return [t for t in self.doc if t.head_i == self.i and t.i != self.i]

    def _subtree(self) -> list[FakeToken]:
        out = [self]
        for c in self.children:
            out.extend(c._subtree())
        return out

    @property
    def left_edge(self) -> FakeToken:
        return min(self._subtree(), key=lambda t: t.i)

    @property
    def right_edge(self) -> FakeToken:
        return max(self._subtree(), key=lambda t: t.i)


def fake_nlp(text: str) -> Any:
    # "Metformin does not reduce body weight ." parsed by hand
    spec = [
        ("Metformin", "PROPN", "nsubj", 3),
        ("does", "AUX", "aux", 3),
        ("not", "PART", "neg", 3),
        ("reduce", "VERB", "ROOT", 3),
        ("body", "NOUN", "compound", 5),
        ("weight", "NOUN", "dobj", 3),
        (".", "PUNCT", "punct", 3),
    ]
    doc: list[FakeToken] = []
    pos = 0
    for i, (word, tag, dep, head) in enumerate(spec):
        idx = text.index(word, pos)
        doc.append(FakeToken(doc, i, word, idx, tag, dep, head))
        pos = idx + len(word)
    return SimpleNamespace(sents=[doc])


def test_spacy_extractor_with_an_injected_pipeline() -> None:
    text = "Metformin does not reduce body weight."
    extractor = SpacyTripleExtractor(nlp=fake_nlp)
    [t] = extractor.extract(text)
    assert parts(t) == ("Metformin", "does not reduce", "body weight") and t.negated
    assert t.span.text == "Metformin does not reduce body weight"
    assert extractor.name == "spacy:en_core_web_sm"
    assert_slices(text, [t])
    result = KGTripleDetector(RuleVerifier(), extractor=extractor).detect(CheckItem(EVIDENCE, text))
    assert result.config["extractor"] == "spacy:en_core_web_sm" and len(result.units) == 1


# ----------------------------------------------------------------------------------------- MedHal-Loc dev


@pytest.mark.skipif(not DEV.is_file(), reason="MedHal-Loc dev file not present")
def test_extraction_coverage_on_medhal_loc_dev() -> None:
    items = read_medhal_loc(DEV)
    detector = KGTripleDetector(RuleVerifier(), fallback="none")
    results = detector.detect_many([CheckItem(i.evidence, i.hallucinated_text, i.question, i.id) for i in items])
    assert all(r.status == "ok" for r in results)
    by_type: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    for item, result in zip(items, results, strict=True):
        for u in result.units:
            assert item.hallucinated_text[u.start : u.end] == u.text and u.kind == "triple"
        units = [u.text for u in result.units]
        row = (bool(units), any(unit_hits(item.gold_span, units)))
        by_type[item.error_type].append(row)
        by_type["all"].append(row)
    print("\nrule extractor on MedHal-Loc dev (hallucinated_text): share with >= 1 triple / with a triple on gold")
    for kind, rows in sorted(by_type.items()):
        print(f"  {kind:26s} n={len(rows):3d}  any={sum(a for a, _ in rows) / len(rows):.2f}", end="")
        print(f"  on_gold={sum(g for _, g in rows) / len(rows):.2f}")
    ranked = [[u.text for u in r.ranked_units] for r in results]
    on_gold = coverage_score([i.gold_span for i in items], ranked)  # seed 000 eq. 2 coverage
    print(f"  seed 000 eq. 2 coverage: {on_gold:.3f} (AdaTriple published 0.593 on the full set, 0.56 on dev)")
    overall = by_type["all"]
    share = sum(a for a, _ in overall) / len(overall)
    assert 0.8 <= share <= 1.0
    assert 0.5 <= on_gold <= 1.0
    assert all(sum(a for a, _ in rows) / len(rows) >= 0.7 for rows in by_type.values())
