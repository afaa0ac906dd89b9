"""Tolerant parsing of the four-line verdict (seed 002 §3.3, §3.4.4):

    Evidence: <exact quote from the note, or NA>
    Analysis: <3-5 sentences>
    Confidence: <0-100>
    Error: <Yes or No>

§3.4.4: "some outputs add extra text, omit the Error field, or produce a malformed structure, leaving no
parseable verdict".  What is read anyway, and what is not:

* extra text before, between or after the lines; lines in any order; markdown (``**Error:** Yes``, ``# Error:``,
  ``- Error:``, code fences); ``Key : value``, ``Key = value`` and full-width ``：``; a value on the next line; all
  four fields run together on one line; a closed ``<think>...</think>`` block before the answer (ignored);
* a model that first echoes the format (``Error: [No or Yes]``) and then answers: placeholder lines are skipped;
* the verdict: the first word of the ``Error`` value, ``Yes``/``No`` (also ``True``/``False``/``1``/``0``), any case,
  with trailing text (``Yes - the dose is wrong``);
* ``Evidence`` ``NA`` / ``N/A`` / ``None`` / empty -> ``None``; surrounding quotes are removed;
* ``Confidence``: the number 0-100 (``85``, ``85%``, ``85/100``) or ``None`` (absent, words, a range, out of range);
  it is taken as written, never rescaled.

A missing or unreadable ``Error`` field, an ``Error`` value that is not Yes/No, several ``Error`` lines that
disagree, or an unfinished ``<think>`` block are a :class:`~medhal.llm.parsing.ParseFailure` carrying the raw
text.  Missing Evidence, Analysis or Confidence are not failures (the verdict is what the metrics need); they
are listed in :attr:`ParsedVerdict.missing`, and ECA scores an absent Evidence as Extraction-Fail.

The output keys are English in every language (seed 002 Appendix D: "Output format keys ... remain in English
for parsing consistency"), and so are ``Yes``/``No`` in the prompts.  ``localized=True`` also accepts the keys
and yes/no words in Chinese, Japanese and Arabic (``错误: 是``, ``エラー: いいえ``, ``الخطأ: نعم``); it is off by
default so parse-failure rates stay comparable with the seed's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

from medhal.bench.paired.prompts import FORMAT_PLACEHOLDERS, OUTPUT_KEYS
from medhal.detect.records import JSONObject
from medhal.llm.parsing import ParseFailure, get_field, parse_json_object, parse_key_values

__all__ = [
    "NA_VALUES",
    "ParseFailure",
    "ParsedVerdict",
    "parse_confidence",
    "parse_evidence",
    "parse_verdict",
    "parse_yes_no_value",
]


@dataclass(frozen=True, slots=True)
class ParsedVerdict:
    """A model's verdict on one note.  ``error`` is the ``Error`` field; the rest may be ``None``."""

    error: bool
    evidence: str | None = None
    analysis: str | None = None
    confidence: float | None = None
    missing: tuple[str, ...] = ()
    """Output keys other than ``Error`` that were absent (``Evidence``, ``Analysis``, ``Confidence``)."""

    @property
    def prediction(self) -> int:
        """1 = the model says the note has an error."""
        return int(self.error)

    def to_dict(self) -> JSONObject:
        return asdict(self)


NA_VALUES: frozenset[str] = frozenset(
    {
        "",
        "na",
        "n/a",
        "n.a.",
        "n.a",
        "none",
        "null",
        "nil",
        "-",
        "--",
        "—",
        "not applicable",
        "no evidence",
        "无",
        "無",
        "没有",
        "なし",
        "該当なし",
        "لا يوجد",
        "لا شيء",
    }
)
"""Evidence values that mean "no quote" (compared lower-cased, without surrounding quotes or a final period)."""

_YES_EN = ("yes", "true", "1")
_NO_EN = ("no", "false", "0")
_YES_LOCAL = (
    "是的",
    "是",
    "有错误",
    "有誤",
    "有",
    "存在错误",
    "存在",
    "はい",
    "エラーあり",
    "誤りあり",
    "あり",
    "有り",
    "نعم",
)
_NO_LOCAL = (
    "没有错误",
    "無錯誤",
    "无错误",
    "没有",
    "沒有",
    "不是",
    "不存在",
    "否",
    "无",
    "無",
    "いいえ",
    "誤りはありません",
    "ありません",
    "エラーなし",
    "誤りなし",
    "なし",
    "無し",
    "لا يوجد خطأ",
    "لا يوجد",
    "لا",
)
_LOCAL_KEYS: Mapping[str, str] = {
    "证据": "Evidence",
    "依据": "Evidence",
    "証拠": "Evidence",
    "根拠": "Evidence",
    "الدليل": "Evidence",
    "分析": "Analysis",
    "التحليل": "Analysis",
    "置信度": "Confidence",
    "信心": "Confidence",
    "確信度": "Confidence",
    "信頼度": "Confidence",
    "الثقة": "Confidence",
    "درجة الثقة": "Confidence",
    "错误": "Error",
    "錯誤": "Error",
    "エラー": "Error",
    "誤り": "Error",
    "الخطأ": "Error",
    "خطأ": "Error",
}
_KEY_WORDS = r"evidence|analysis|confidence(?:[ _](?:level|score))?|errors?(?:[ _]flag)?"
_WRAP = r"[*_`]*"
_LINE_MARKERS = re.compile(r"^\s*(?:(?:#{1,6}|>)\s*|[-•+]\s+|\*\s+|\d{1,2}[.)]\s+)*")
_SPLIT_BEFORE = re.compile(r"(?<=\S)[ \t]+(?=\**(?:Evidence|Analysis|Confidence|Error)\**[ \t]*[:：])")
_THINK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.DOTALL | re.IGNORECASE)
_FENCE_LINE = re.compile(r"^\s*```[\w+-]*\s*$")
_QUOTES = {
    '"': '"',
    "'": "'",
    "“": "”",
    "‘": "’",
    "「": "」",
    "『": "』",
    "«": "»",
    "`": "`",
    "<": ">",
}
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_RANGE_TAIL = re.compile(r"\s*(?:-|–|—|~|〜|to)\s*\d")


def _key_pattern(localized: bool) -> re.Pattern[str]:
    words = _KEY_WORDS
    if localized:
        words += "|" + "|".join(re.escape(k) for k in sorted(_LOCAL_KEYS, key=len, reverse=True))
    return re.compile(
        rf"^{_WRAP}\s*(?P<key>{words}){_WRAP}\s*(?:\([^)]{{0,40}}\)|\[[^\]]{{0,40}}\])?\s*{_WRAP}\s*[:：=]\s*"
        rf"(?P<rest>.*)$",
        re.IGNORECASE,
    )


_KEY_EN = _key_pattern(False)
_KEY_ALL = _key_pattern(True)


def _canonical_key(raw: str) -> str:
    lowered = raw.lower()
    if lowered.startswith("error"):
        return "Error"
    for key in OUTPUT_KEYS:
        if lowered.startswith(key.lower()):
            return key
    return _LOCAL_KEYS[raw] if raw in _LOCAL_KEYS else _LOCAL_KEYS.get(lowered, raw)


def _strip_reasoning(text: str) -> str | None:
    """The text without closed reasoning blocks; after a stray closing tag only what follows it; ``None`` when
    a reasoning block never closed (the answer was cut off while the model was still thinking)."""
    text = _THINK.sub("\n", text)
    closing = max(text.lower().rfind(tag) for tag in ("</think>", "</thinking>", "</reasoning>"))
    if closing >= 0:
        text = text[text.index(">", closing) + 1 :]
    if re.search(r"<(think|thinking|reasoning)>", text, re.IGNORECASE):
        return None
    return text


@dataclass(frozen=True, slots=True)
class _Line:
    key: str | None
    value: str
    text: str


def _lines(text: str, localized: bool) -> list[_Line]:
    pattern = _KEY_ALL if localized else _KEY_EN
    out: list[_Line] = []
    for raw in text.splitlines():
        if _FENCE_LINE.match(raw):
            continue
        pieces = _SPLIT_BEFORE.split(_LINE_MARKERS.sub("", raw))
        for piece in pieces:
            line = _LINE_MARKERS.sub("", piece).strip()
            m = pattern.match(line)
            if m is None:  # prose keeps its own markers ("2. The dose ...")
                kept = piece.strip() if len(pieces) > 1 else raw.strip()
                out.append(_Line(None, kept, kept))
                continue
            value = re.sub(r"^[*_`]+\s*", "", m.group("rest")).strip()
            value = re.sub(r"\s*[*_]+$", "", value).strip()
            key = _canonical_key(m.group("key"))
            out.append(_Line(key, value, f"{key}: {value}"))
    return out


def _is_placeholder(value: str) -> bool:
    return value.strip() in FORMAT_PLACEHOLDERS


def _unwrap(value: str) -> str:
    """``value`` without one pair of surrounding quotes or brackets (a final period after them is dropped)."""
    text = value.strip()
    if len(text) >= 2 and text[-1] in ".。" and text[-2] in _QUOTES.values():
        text = text[:-1]
    if len(text) >= 2 and _QUOTES.get(text[0]) == text[-1]:
        text = text[1:-1].strip()
    return text


def parse_evidence(value: str | None) -> str | None:
    """The quoted evidence, or ``None`` for ``NA`` and its kin (:data:`NA_VALUES`) and for empty values."""
    if value is None:
        return None
    text = _unwrap(re.split(r"\n\s*\n", value.strip(), maxsplit=1)[0])
    if text.lower().rstrip(".。") in NA_VALUES or _is_placeholder(value):
        return None
    return text


def parse_confidence(value: object) -> float | None:
    """A confidence in [0, 100] from ``85``, ``"85"``, ``"85%"``, ``"85/100"``, ``"[85]"``; ``None`` for anything
    else (words, ranges such as ``70-80``, negative or > 100 values, booleans)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        number = float(value)
        return number if 0.0 <= number <= 100.0 else None
    if not isinstance(value, str) or _is_placeholder(value):
        return None
    m = _NUMBER.search(value)
    if m is None or value[: m.start()].rstrip().endswith(("-", "−")) or _RANGE_TAIL.match(value, m.end()):
        return None
    number = float(m.group(0))
    return number if 0.0 <= number <= 100.0 else None


def _starts_with(value: str, words: Sequence[str], *, word_boundary: bool) -> bool:
    for word in words:
        if value.startswith(word):
            rest = value[len(word) :]
            if not rest:
                return True
            if word_boundary and not (rest[0].isalnum() or rest[0] == "_"):
                return True
            if not word_boundary and not rest[0].isalnum() and not rest[0].isspace():
                return True  # CJK/Arabic: only punctuation may follow ("是。", "はい（...）")
    return False


def parse_yes_no_value(value: str, *, localized: bool = False) -> bool | None:
    """The verdict of an ``Error`` value: ``True`` for Yes, ``False`` for No, ``None`` when it is neither or
    both (``[No or Yes]``, ``Yes/No``, ``uncertain``)."""
    text = value.strip().strip("*_`[]()<>\"'“”「」『』«» \t").strip().lower()
    if not text or _is_placeholder(value):
        return None
    if re.match(r"^(?:yes|no)\s*(?:/|\||or|或|または|أو)\s*(?:yes|no)\b", text):
        return None
    yes = _starts_with(text, _YES_EN, word_boundary=True)
    no = _starts_with(text, _NO_EN, word_boundary=True)
    if localized and not yes and not no:
        longest = sorted(_YES_LOCAL + _NO_LOCAL, key=len, reverse=True)
        for word in longest:
            if _starts_with(text, (word,), word_boundary=False):
                return word in _YES_LOCAL
    if yes != no:
        return yes
    return None


def _from_json(text: str, localized: bool) -> ParsedVerdict | None:
    obj = parse_json_object(text, required=("error",))
    if isinstance(obj, ParseFailure):
        return None
    raw = get_field(obj, "error")
    if isinstance(raw, bool):
        verdict: bool | None = raw
    elif isinstance(raw, int) and raw in (0, 1):
        verdict = bool(raw)
    else:
        verdict = parse_yes_no_value(str(raw), localized=localized)
    if verdict is None:
        return None
    values: JSONObject = {}
    missing: list[str] = []
    for key in ("Evidence", "Analysis", "Confidence"):
        try:
            values[key] = get_field(obj, key)
        except KeyError:
            missing.append(key)
    evidence = values.get("Evidence")
    analysis = values.get("Analysis")
    return ParsedVerdict(
        verdict,
        parse_evidence(str(evidence)) if evidence is not None else None,
        (str(analysis).strip() or None) if analysis is not None else None,
        parse_confidence(values.get("Confidence")),
        tuple(missing),
    )


def parse_verdict(text: str, *, localized: bool = False) -> ParsedVerdict | ParseFailure:
    """The four-line verdict in ``text``, or a :class:`ParseFailure` (raw text and a one-line reason) when no
    Yes/No ``Error`` value can be read.  See the module docstring for what is tolerated."""
    if not text or not text.strip():
        return ParseFailure(text, "empty output")
    body = _strip_reasoning(text)
    if body is None:
        return ParseFailure(text, "the reasoning block never closed: no answer after it")
    if not body.strip():
        return ParseFailure(text, "no answer after the reasoning block")
    lines = _lines(body, localized)

    verdicts: list[bool] = []
    seen_values: list[str] = []
    for index, line in enumerate(lines):
        if line.key != "Error":
            continue
        value = line.value
        if not value:  # "Error:" with the answer on the next non-empty line
            following = next((x for x in lines[index + 1 :] if x.text), None)
            if following is not None and following.key is None:
                value = following.value
        if _is_placeholder(value):
            continue
        seen_values.append(value)
        verdict = parse_yes_no_value(value, localized=localized)
        if verdict is not None:
            verdicts.append(verdict)
    if len(set(verdicts)) > 1:
        return ParseFailure(text, "conflicting Error lines (both Yes and No)")
    if not verdicts:
        from_json = _from_json(body, localized) if "{" in body else None
        if from_json is not None:
            return from_json
        if seen_values:
            shown = " ".join(seen_values[0].split())[:60]
            return ParseFailure(text, f"Error value {shown!r} is not Yes or No")
        return ParseFailure(text, "no Error line")

    canonical = "\n".join(x.text for x in lines if not (x.key is not None and _is_placeholder(x.value)))
    fields = parse_key_values(canonical, list(OUTPUT_KEYS))
    found: Mapping[str, str] = {} if isinstance(fields, ParseFailure) else fields
    missing = tuple(key for key in ("Evidence", "Analysis", "Confidence") if key.lower() not in found)
    analysis = found.get("analysis")
    return ParsedVerdict(
        error=verdicts[0],
        evidence=parse_evidence(found.get("evidence")),
        analysis=(analysis.strip() or None) if analysis is not None else None,
        confidence=parse_confidence(found.get("confidence")),
        missing=missing,
    )
