from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.medhal_loc_annotation import find_annotator_files, read_audit, read_llm_annotations


def test_read_llm_annotations(tmp_path: Path) -> None:
    path = tmp_path / "llm_annot_A.json"
    rows = [
        {"id": "x1", "spans": [{"text": "two", "type": "Contradictory"}, {"text": " ", "type": "invented"}]},
        {"id": "x2", "spans": [], "no_locatable_span": True},
    ]
    path.write_text(json.dumps({"annotations": rows}), encoding="utf-8")
    got = read_llm_annotations(path)
    assert list(got) == ["x1", "x2"]
    assert got["x1"].spans[0].type == "contradictory" and got["x1"].empty_spans == 1
    assert got["x2"].no_locatable_span and got["x2"].spans == ()
    path.write_text(json.dumps(rows), encoding="utf-8")  # a bare list is read too
    assert list(read_llm_annotations(path)) == ["x1", "x2"]
    (tmp_path / "llm_annot_B.json").write_text("[]", encoding="utf-8")
    assert list(find_annotator_files(tmp_path)) == ["A", "B"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not JSON"),
        ('{"x": 1}', "expected a list"),
        ('[{"spans": []}]', "string 'id'"),
        ('[{"id": "a"}, {"id": "a"}]', "repeated id"),
        ('[{"id": "a", "spans": ["t"]}]', "every span"),
    ],
)
def test_read_llm_annotations_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "llm_annot_A.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DataFormatError, match=message):
        read_llm_annotations(path)
    with pytest.raises(DataFileNotFoundError):
        read_llm_annotations(tmp_path / "absent.json")


CN_HEADER = (
    "编号,子集,幻觉文本(英文-判定用),LLM标注_错误片段1(英文),LLM标注_类型1,片段1对吗(Y对/P部分/N错),类型1对吗(Y/N),"
    "LLM标注_错误片段2(英文),LLM标注_类型2,片段2对吗(Y对/P部分/N错),类型2对吗(Y/N),漏标的错误-逐字复制英文,漏标类型,备注"
)


def test_read_audit_gbk_chinese_sheet(tmp_path: Path) -> None:
    lines = [
        CN_HEADER,
        'mh_1,自然,text,"log reductions of 3.5 to 4.2\n3.5至4.2个对数单位的降低",实体替换(entity_substitution),Y,N,'
        "and blood,凭空捏造(invented),p,Y,,,",
        'mh_2,自然,text,"\n不会显著影响",与证据矛盾(contradictory),,,,,,,missed words,凭空捏造(invented),hm',
        ",,,,,,,,,,,,,",
    ]
    path = tmp_path / "verify.csv"
    path.write_bytes("\n".join(lines).encode("gbk"))
    rows = read_audit(path)
    assert [r.id for r in rows] == ["mh_1", "mh_2"]
    first = rows[0]
    assert first.subset == "natural"
    assert [(s.text, s.type, s.verdict, s.type_verdict) for s in first.spans] == [
        ("log reductions of 3.5 to 4.2", "entity_substitution", "Y", "N"),
        ("and blood", "invented", "P", "Y"),
    ]
    assert rows[1].spans[0].text == "" and rows[1].missed_error == "missed words"
    assert rows[1].missed_type == "invented" and rows[1].notes == "hm"


def test_read_audit_english_headers_utf8(tmp_path: Path) -> None:
    path = tmp_path / "verify.csv"
    path.write_text(
        "id,subset,llm_span_1,llm_type_1,span1_ok(Y/N/P),type1_ok(Y/N)\ninj_1,controlled,HARI,entity_substitution,y,y\n",
        encoding="utf-8",
    )
    (row,) = read_audit(path)
    assert row.subset == "controlled" and row.spans[0].verdict == "Y"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(DataFormatError, match="no id"):
        read_audit(path)
