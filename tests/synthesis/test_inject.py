"""Rule-based error injection: one contiguous edit per item, gold span by construction, seeded, nothing dropped."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from medhal.data.medhal_loc import read_medhal_loc
from medhal.synthesis.injection import (
    BUILTIN_TERMS,
    ERROR_TYPES,
    CleanRecord,
    InjectedItem,
    builtin_inventory,
    changed_region,
    inject,
    inject_items,
    locate_gold,
    parse_error_types,
    plan_assignments,
    read_clean_records,
    validate_injection,
)
from medhal.synthesis.perturb import EntityInventory, misattribute_mechanism
from medhal.text import content_tokens

DEV = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "medhal_loc" / "controlled_dev.jsonl"
needs_dev = pytest.mark.skipif(not DEV.is_file(), reason="../shared/data/medhal_loc is absent")

STATEMENTS = (
    "Laparoscopic surgery reduced postoperative complications and shortened length of stay in elderly patients.",
    "Statins were associated with lower mortality in patients with heart failure.",
    "Vitamin D supplementation did not improve bone density in postmenopausal women. Further trials are needed.",
    "Early antibiotics increased survival in children with sepsis, although the effect was small.",
    "Aspirin is not an effective alternative to heparin for thromboprophylaxis after knee surgery.",
    "Colonoscopy screening is a safe and effective method to detect cancer in adults over 50 years.",
)
EVIDENCE = "A randomised trial of 240 participants compared two strategies over 12 months."


def _check(clean: str, item: InjectedItem | None = None, **inj: object) -> None:
    """Every invariant an injected item promises."""
    hallucinated = inj["hallucinated_text"] if item is None else item.hallucinated_text
    gold = inj["gold_span"] if item is None else item.gold_span
    start = inj["gold_start"] if item is None else item.gold_start
    end = inj["gold_end"] if item is None else item.gold_end
    assert isinstance(hallucinated, str) and isinstance(gold, str)
    assert isinstance(start, int) and isinstance(end, int)
    assert hallucinated != clean
    assert hallucinated[start:end] == gold and hallucinated.count(gold) >= 1
    assert validate_injection(clean, hallucinated, gold) == []
    assert validate_injection(clean, hallucinated, gold, strict=True, gold_start=start) == []
    assert content_tokens(gold), f"gold span {gold!r} has no content tokens: the metric would drop the item"
    # the one changed region lies inside the gold span (up to edge spaces/punctuation)
    region = changed_region(clean, hallucinated)
    core = hallucinated[region.start : region.end].strip(" ,;.")
    assert core == "" or core in gold or gold in hallucinated[region.start : region.end]


# ----------------------------------------------------------------------------------------------- each type


@pytest.mark.parametrize("error_type", ERROR_TYPES)
def test_each_type_on_typical_statements(error_type: str) -> None:
    made = 0
    for n, clean in enumerate(STATEMENTS):
        for seed in range(4):
            injection = inject(clean, error_type=error_type, seed=f"{n}-{seed}", evidence=EVIDENCE)
            if injection is None:
                continue
            made += 1
            assert injection.error_type == error_type
            _check(
                clean,
                hallucinated_text=injection.hallucinated_text,
                gold_span=injection.gold_span,
                gold_start=injection.gold_start,
                gold_end=injection.gold_end,
            )
            assert injection.inserted and injection.inserted in injection.hallucinated_text
    assert made >= 3 * len(STATEMENTS), f"{error_type}: only {made} of {4 * len(STATEMENTS)} attempts applied"


def test_entity_substitution_swaps_a_known_term_for_another_of_its_type() -> None:
    clean = STATEMENTS[1]
    injection = inject(clean, error_type="entity_substitution", seed=0)
    assert injection is not None and injection.operation == "entity"
    kinds = {k for k, terms in BUILTIN_TERMS.items() if injection.removed.lower() in terms}
    assert kinds, injection
    assert any(injection.inserted.lower() in BUILTIN_TERMS[k] for k in kinds)
    assert injection.removed.lower() not in injection.hallucinated_text.lower().replace(injection.inserted.lower(), "")


def test_relation_error_flips_a_direction_or_negation() -> None:
    ops: Counter[str] = Counter()
    for seed in range(20):
        injection = inject(STATEMENTS[3], error_type="relation_error", seed=seed)
        assert injection is not None
        ops[injection.operation] += 1
        assert injection.removed.lower() in {"increased", "with", "was", "small"}, injection
    assert ops["direction"] > 0 and ops["negation"] > 0
    flipped = inject("Exercise increased insulin sensitivity.", error_type="relation_error", seed=1)
    assert flipped is not None and "decreased" in flipped.hallucinated_text


def test_relation_error_swaps_same_type_entities() -> None:
    clean = "Laparoscopy was safer than endoscopy for these lesions."
    swapped = [inject(clean, error_type="relation_error", seed=s) for s in range(30)]
    swaps = [s for s in swapped if s is not None and s.operation == "swap"]
    assert swaps
    assert swaps[0].hallucinated_text == "Endoscopy was safer than laparoscopy for these lesions."
    assert swaps[0].gold_span == "Endoscopy was safer than laparoscopy"


def test_with_is_not_negated_after_a_word_that_governs_it() -> None:
    clean = "Tumour grade correlated significantly with survival in the cohort."
    for seed in range(20):
        injection = inject(clean, error_type="relation_error", seed=seed)
        assert injection is None or "without" not in injection.hallucinated_text


def test_article_agrees_with_the_new_word() -> None:
    clean = "Radiotherapy seems to be a safe method of palliation."
    seen = {i.hallucinated_text for s in range(10) if (i := inject(clean, error_type="relation_error", seed=s))}
    assert "Radiotherapy seems to be an unsafe method of palliation." in seen
    assert not any(" a unsafe" in t for t in seen)


def test_mechanism_is_replaced_when_stated_else_appended() -> None:
    stated = "Continence was preserved after leakage due to rectal resection in most patients."
    ops: Counter[str] = Counter()
    for seed in range(20):
        injection = inject(stated, error_type="mechanism_misattribution", seed=seed)
        assert injection is not None
        ops[injection.operation] += 1
        if injection.operation == "mechanism_replaced":
            assert "rectal resection" not in injection.hallucinated_text
    assert ops["mechanism_replaced"] > ops["mechanism_appended"] > 0
    plain = inject("Font influenced ratings of complexity.", error_type="mechanism_misattribution", seed=0)
    assert plain is not None and plain.operation == "mechanism_appended"
    assert plain.hallucinated_text.startswith("Font influenced ratings of complexity, ")


def test_misattribute_mechanism_perturbation() -> None:
    rng = random.Random(0)
    pert = misattribute_mechanism("Polyps grow as a result of their hormonal milieu, as shown.", rng, "cortisol")
    assert pert is not None and pert.removed == "their hormonal milieu" and "cortisol" in pert.inserted
    assert pert.text[pert.start : pert.end] == pert.inserted and pert.kind == "cause"
    assert misattribute_mechanism("Nothing causal here at all.", rng, "cortisol") is None
    assert misattribute_mechanism("Loss due to surgery.", rng, " ") is None


def test_invented_appends_a_clause_to_one_sentence() -> None:
    clean = STATEMENTS[2]
    for seed in range(10):
        injection = inject(clean, error_type="invented", seed=seed)
        assert injection is not None and injection.removed == ""
        assert injection.operation == "invented_template"
        # the clean sentences are still there around the insertion
        before, after = injection.hallucinated_text.split(injection.gold_span)
        assert clean.startswith(before.rstrip(" ,;")) and clean.endswith(after)
    donors = ["Nurse-led clinics lowered blood pressure in rural communities over two years."]
    ops = set()
    for seed in range(20):
        injection = inject(clean, error_type="invented", seed=seed, donors=donors)
        assert injection is not None
        ops.add(injection.operation)
    assert ops == {"invented_template", "invented_donor"}


def test_given_inventory_comes_first_and_builtin_terms_are_the_fallback() -> None:
    inventory = EntityInventory()
    for surface, mid in (("cisplatin", "D1"), ("carboplatin", "D2"), ("oxaliplatin", "D3")):
        inventory.add(surface, "Chemical", (mid,))
    clean = "Cisplatin caused ototoxicity in children."
    for seed in range(5):
        injection = inject(clean, error_type="entity_substitution", seed=seed, inventory=inventory)
        assert injection is not None and injection.removed == "Cisplatin"
        assert injection.inserted in {"Carboplatin", "Oxaliplatin"}
    other = "Surgery reduced mortality in adults."
    fallback = inject(other, error_type="entity_substitution", seed=0, inventory=inventory)
    assert fallback is not None and fallback.removed.lower() in {"surgery", "mortality"}
    assert inject(other, error_type="entity_substitution", seed=0, inventory=inventory, builtin_fallback=False) is None


def test_find_mentions_matches_whole_words_longest_first() -> None:
    inventory = builtin_inventory()
    text = "Beta-blockers and heart failure therapy helped elderly patients; heartburn did not."
    found = [(m.text, m.type) for m in inventory.find_mentions(text)]
    assert found == [("Beta-blockers", "drug"), ("heart failure", "condition"), ("elderly patients", "population")]
    exact = EntityInventory()
    exact.add("AIDS", "Disease", ("D000163",))
    assert [m.text for m in exact.find_mentions("AIDS patients")] == ["AIDS"]
    assert exact.find_mentions("hearing aids helped") == []


def test_no_applicable_perturbation_gives_none() -> None:
    assert inject("Font influenced ratings.", error_type="entity_substitution", seed=0) is None
    assert inject("   ", error_type="invented", seed=0) is None
    with pytest.raises(ValueError, match="unknown error type"):
        inject("Surgery helps.", error_type="typo", seed=0)


# ----------------------------------------------------------------------------------------------- validation


def test_validation_accepts_one_covered_edit() -> None:
    clean = "The laser is ideal for ureteral calculi, with a high success rate."
    hall = "The laser is ideal for renal calculi, with a high success rate."
    assert validate_injection(clean, hall, "renal calculi") == []  # wider than the edit "ren"
    assert validate_injection(clean, hall, "renal") == []
    assert locate_gold(clean, hall, "renal calculi") == (23, 36)
    deletion = "Training does not make an important contribution."
    assert validate_injection(deletion, "Training does make an important contribution.", "make an important") == []
    insertion = "Surgery was safe."
    assert validate_injection(insertion, "Surgery was safe, in whom 60% relapsed.", "60% relapsed") == []
    assert validate_injection(insertion, "Surgery was safe, in whom 60% relapsed.", "60% relapsed", strict=True)


def test_validation_catches_two_region_edits() -> None:
    clean = "Aspirin reduced stroke risk in older adults and lowered mortality."
    hall = "Heparin reduced stroke risk in older adults and raised mortality."
    problems = validate_injection(clean, hall, "Heparin")
    assert any("separate changed regions" in p for p in problems)
    assert any("does not cover the edit" in p for p in problems)
    # a gold span that covers both changes covers the one region between them
    assert validate_injection(clean, hall, hall[: hall.index(" mortality")]) == []


def test_validation_catches_a_gold_span_not_in_the_text() -> None:
    clean = "Aspirin reduced stroke risk."
    hall = "Heparin reduced stroke risk."
    assert validate_injection(clean, hall, "Warfarin") == ["gold_span does not occur in hallucinated_text"]
    assert validate_injection(clean, hall, "stroke risk") == ["gold_span does not cover the edit 'Heparin'"]
    assert validate_injection(clean, clean, "Aspirin") == ["hallucinated_text equals clean_text"]
    assert validate_injection(clean, hall, "  ") == ["gold_span is empty"]
    assert validate_injection(clean, hall, "Heparin", gold_start=3) == [
        "gold_span is not at gold_start 3 of hallucinated_text"
    ]


def test_ambiguous_alignment_is_still_one_edit() -> None:
    # the diff may place an insertion anywhere inside a repeat; any placement inside the gold span is fine
    clean = "Pain fell in patients. Pain rose later."
    hall = "Pain fell in patients. Pain fell in patients. Pain rose later."
    assert validate_injection(clean, hall, "Pain fell in patients.", strict=True) == []


# ----------------------------------------------------------------------------------------------- batches


def _records(n: int = 24) -> list[CleanRecord]:
    return [CleanRecord(f"r{i}", STATEMENTS[i % len(STATEMENTS)], f"q{i}", EVIDENCE) for i in range(n)]


def _jsonl(items: list[InjectedItem]) -> bytes:
    return "".join(json.dumps(i.to_dict(), ensure_ascii=False) + "\n" for i in items).encode()


def test_inject_items_is_balanced_valid_and_deterministic() -> None:
    records = _records()
    items, stats = inject_items(records, seed=7)
    again, _ = inject_items(records, seed=7)
    other, _ = inject_items(records, seed=8)
    assert _jsonl(items) == _jsonl(again)
    assert _jsonl(items) != _jsonl(other)
    assert len(items) == len(records) and stats.unusable == 0
    assert stats.produced == dict.fromkeys(ERROR_TYPES, 6)
    assert len({i.source_id for i in items}) == len(items)  # each record used once
    by_id = {r.id: r for r in records}
    for item in items:
        _check(by_id[item.source_id].clean_text, item)
        assert item.id == f"{item.source_id}:{item.target_type}" and item.method == "rule"
        assert item.evidence == EVIDENCE and item.question == by_id[item.source_id].question


def test_inject_items_quota_and_reported_skips() -> None:
    records = [CleanRecord(f"x{i}", "Font influenced ratings of complexity.") for i in range(3)]
    records += _records(6)
    items, stats = inject_items(records, types=["entity_substitution", "invented"], seed=1, per_type=4)
    assert stats.produced["invented"] == 4
    assert stats.produced["entity_substitution"] + stats.shortfall["entity_substitution"] == 4
    # the entity-free records were tried for entity substitution and reported, not silently dropped
    skipped = {s.record_id for s in stats.skips if s.error_type == "entity_substitution"}
    assert stats.skipped["entity_substitution"] == len(skipped) > 0
    assert all(s.reason == "no substitutable entity of the inventory in the text" for s in stats.skips)
    assert skipped <= {"x0", "x1", "x2"}
    assert stats.to_dict()["skipped"]["entity_substitution"] == len(skipped)
    assert stats.skips[0].to_dict()["status"] == "skipped"
    assert len(items) == sum(stats.produced.values())


def test_inject_items_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unique"):
        inject_items([CleanRecord("a", "Surgery helps."), CleanRecord("a", "Statins help.")])
    with pytest.raises(ValueError, match="per_type"):
        inject_items(_records(2), per_type=0)
    with pytest.raises(ValueError, match="unknown error type"):
        parse_error_types("entity_substitution,typo")
    assert parse_error_types(" invented, invented ,relation_error") == ("invented", "relation_error")


def test_plan_assignments_is_round_robin_over_a_seeded_order() -> None:
    records = _records(10)
    plan = plan_assignments(records, ERROR_TYPES, seed=3)
    assert [k for _, k in plan] == [ERROR_TYPES[i % 4] for i in range(10)]
    assert sorted(r.id for r, _ in plan) == sorted(r.id for r in records)
    assert plan == plan_assignments(records, ERROR_TYPES, seed=3)
    assert [r.id for r, _ in plan] != [r.id for r, _ in plan_assignments(records, ERROR_TYPES, seed=4)]
    capped = plan_assignments(records, ["invented", "relation_error"], seed=3, per_type=2)
    assert Counter(k for _, k in capped) == {"invented": 2, "relation_error": 2}


def test_items_round_trip_through_the_medhal_loc_loader(tmp_path: Path) -> None:
    items, _ = inject_items(_records(8), seed=0)
    path = tmp_path / "out.jsonl"
    path.write_bytes(_jsonl(items))
    loaded = read_medhal_loc(path)
    assert [x.id for x in loaded] == [i.id for i in items]
    assert loaded == [i.to_loc_item() for i in items]
    row = json.loads(path.read_text().splitlines()[0])
    assert list(row)[:8] == [
        "id",
        "source",
        "target_type",
        "question",
        "evidence",
        "clean_text",
        "hallucinated_text",
        "gold_span",
    ]
    # a MedHal-Loc file is valid input: its clean_text is reused
    reread = read_clean_records(path)
    assert [r.clean_text for r in reread] == [i.clean_text for i in items]


def test_read_clean_records_reports_bad_lines(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text('{"id": 1, "clean_text": "Surgery helps."}\n\n{"id": "b", "clean_text": "Statins help."}\n')
    assert [r.id for r in read_clean_records(path)] == ["1", "b"]
    for text, message in (
        ("not json\n", "line 1 is not JSON"),
        ('{"id": "a"}\n', "line 1: clean_text must be a non-empty string"),
        ('{"clean_text": "x"}\n', "line 1: id must be"),
        ('{"id": "a", "clean_text": "x", "evidence": 3}\n', "line 1: evidence must be a string"),
        ('{"id": "a", "clean_text": "x"}\n{"id": "a", "clean_text": "y"}\n', "duplicate id 'a' on lines 1 and 2"),
        ("[1]\n", "line 1 is not a JSON object"),
        ("\n\n", "no records"),
    ):
        path.write_text(text)
        with pytest.raises(ValueError, match=message):
            read_clean_records(path)


# ----------------------------------------------------------------------------------------------- dev data


@needs_dev
def test_published_dev_items_mostly_pass_validation(record_property: Callable[[str, object], None]) -> None:
    items = read_medhal_loc(DEV)
    failed = {i.id: validate_injection(i.clean_text, i.hallucinated_text, i.gold_span) for i in items}
    failed = {k: v for k, v in failed.items() if v}
    rate = 1 - len(failed) / len(items)
    strict = sum(not validate_injection(i.clean_text, i.hallucinated_text, i.gold_span, strict=True) for i in items)
    record_property("published_valid_rate", rate)
    record_property("published_valid_rate_strict", strict / len(items))
    print(f"published dev items valid: {rate:.0%} lenient, {strict / len(items):.0%} strict; failing: {failed}")
    # measured: 97/100 lenient (91 strict).  The three failures are real: an inserted sentence whose gold span
    # is only its second half, a mechanism rewrite whose gold skips its first words, and an item whose
    # hallucinated text also turns every "β" into "尾" (mojibake), i.e. several changed regions.
    assert rate >= 0.9


@needs_dev
def test_injecting_into_dev_clean_texts(record_property: Callable[[str, object], None]) -> None:
    records = [CleanRecord(i.id, i.clean_text, i.question, i.evidence) for i in read_medhal_loc(DEV)]
    rates: dict[str, float] = {}
    for error_type in ERROR_TYPES:
        made = 0
        for record in records:
            injection = inject(record.clean_text, error_type=error_type, seed=0, evidence=record.evidence)
            if injection is None:
                continue
            made += 1
            _check(
                record.clean_text,
                hallucinated_text=injection.hallucinated_text,
                gold_span=injection.gold_span,
                gold_start=injection.gold_start,
                gold_end=injection.gold_end,
            )
        rates[error_type] = made / len(records)
        record_property(f"success_{error_type}", rates[error_type])
    print(f"injection success on dev clean_texts (built-in terms): {rates}")
    # measured: entity 0.67 (built-in generic terms only), relation 0.96, mechanism 1.0, invented 1.0
    assert rates["entity_substitution"] >= 0.5
    assert min(rates[t] for t in ERROR_TYPES if t != "entity_substitution") >= 0.9
    items, stats = inject_items(records, seed=0)
    assert len(items) == len(records) and stats.unusable == 0
