"""PubTator / NCBI-disease readers on inline fixtures, and on ../shared/data when present."""

from __future__ import annotations

from pathlib import Path

import pytest

from medhal.data.pubtator import Mention, Relation, parse_pubtator, read_ncbi_disease, read_pubtator

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
needs_shared = pytest.mark.skipif(not (SHARED / "biomed").is_dir(), reason="../shared/data is absent")

CDR = (
    "227508|t|Naloxone reverses the antihypertensive effect of clonidine.\n"
    "227508|a|In rats the decrease in blood pressure produced by clonidine was reversed.\n"
    "227508\t0\t8\tNaloxone\tChemical\tD009270\n"
    "227508\t49\t58\tclonidine\tChemical\tD003000\n"
    "227508\t111\t120\tclonidine\tChemical\tD003000|D999\n"
    "227508\t60\t64\tbad\tChemical\t-1\n"
    "227508\tCID\tD008750\tD007022\n"
    "\n"
    "1|t|Second doc.\n"
    "1|a|\n"
)


def test_parse_pubtator(tmp_path: Path) -> None:
    path = tmp_path / "cdr.txt"
    path.write_text(CDR, encoding="utf-8")
    docs = read_pubtator(path)
    assert [d.pmid for d in docs] == ["227508", "1"]
    doc = docs[0]
    assert doc.text.startswith("Naloxone reverses") and doc.text.endswith("was reversed.")
    # the mismatching row (offsets 60-64 are not "bad") is dropped in lenient mode
    assert [m.text for m in doc.mentions] == ["Naloxone", "clonidine", "clonidine"]
    for m in doc.mentions:
        assert doc.text[m.start : m.end] == m.text
    assert doc.mentions[0] == Mention(0, 8, "Naloxone", "Chemical", ("D009270",))
    assert doc.mentions[2].ids == ("D003000", "D999")
    assert doc.relations == (Relation("CID", "D008750", "D007022"),)
    assert docs[1].text == "Second doc." and docs[1].mentions == ()


def test_strict_mode_raises_on_bad_offsets() -> None:
    with pytest.raises(ValueError, match="does not match"):
        list(parse_pubtator(iter(CDR.splitlines(keepends=True)), strict=True))


def test_type_map_and_missing_ids() -> None:
    text = "5|t|Aspirin helps.\n5|a|It works.\n5\t0\t7\tAspirin\tChemMet\t-1\n"
    (doc,) = parse_pubtator(iter(text.splitlines()), type_map={"ChemMet": "Chemical"})
    assert doc.mentions == (Mention(0, 7, "Aspirin", "Chemical", ()),)


def test_ncbi_types_normalised(tmp_path: Path) -> None:
    path = tmp_path / "ncbi.txt"
    path.write_text(
        "10|t|A skin tumour study.\n10|a|Colon cancers arise.\n"
        "10\t2\t13\tskin tumour\tDiseaseClass\tD012878\n"
        "10\t21\t34\tColon cancers\tSpecificDisease\tD003110\n\n",
        encoding="utf-8",
    )
    (doc,) = read_ncbi_disease(path)
    assert {m.type for m in doc.mentions} == {"Disease"}
    (raw,) = read_ncbi_disease(path, normalise_types=False)
    assert {m.type for m in raw.mentions} == {"DiseaseClass", "SpecificDisease"}


@needs_shared
def test_shared_corpora() -> None:
    bc5 = read_pubtator(SHARED / "biomed/bc5cdr/CDR_TrainingSet.PubTator.txt")
    assert len(bc5) == 500
    assert sum(len(d.relations) for d in bc5) > 1000
    assert {m.type for d in bc5 for m in d.mentions} == {"Chemical", "Disease"}
    ncbi = read_ncbi_disease(SHARED / "biomed/ncbi_disease/NCBItrainset_corpus.txt")
    assert len(ncbi) == 593
    chr_docs = read_pubtator(SHARED / "biomed/chr/dev.pubtator")
    assert len(chr_docs) == 1182
    for doc in bc5[:50] + ncbi[:50]:
        for m in doc.mentions:
            assert doc.text[m.start : m.end] == m.text
