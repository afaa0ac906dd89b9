"""FAVA adapter: parse FAVA's tagged edits into spans of the original answer; detector ``fava`` (seed 000 §5).

FAVA (Mishra et al. 2024, ``fava-uw/fava-model``, a 7B Llama-2 fine-tune) reads references and a passage and
rewrites the passage with its errors tagged.  Seed 000 §5 runs it with greedy decoding and parses it "for its
``<delete>``-tagged error spans"; its flagged spans are unranked (§6.1: HIT = a flagged span overlaps gold).

**Input.**  :data:`FAVA_PROMPT` is FAVA's documented input template (FAVA repository ``eval/run_eval.py`` and
README; the MedHal-Loc ``fava_eval.py`` uses it unchanged), sent as a raw completion prompt (``chat=False``):
the model was trained on it, so it is not medhal's to reword.  The published MedHal-Loc run cut the evidence to
1500 characters (``max_evidence_chars=1500`` reproduces that; medhal's default keeps it whole) and generated at
most 600 new tokens; FAVA's own default is 1024 (medhal's default).

**Output format.**  The tagged text is the original passage with tags inserted around its errors:

* ``<delete>x</delete>``: ``x`` is original text that is wrong;
* ``<mark>y</mark>``: ``y`` is FAVA's suggested correction, inserted text that is *not* in the original;
* error-type tags wrap an edit: ``<entity>``, ``<relation>``, ``<contradictory>`` (the "contradictory" family)
  and ``<invented>``, ``<subjective>``, ``<unverifiable>`` (the "unverifiable" family), e.g.
  ``<entity><delete>American</delete><mark>Argentine</mark></entity>``.

FAVA's training targets are GPT-written error insertions with ``<mark>`` and ``<delete>`` swapped (FAVA
``training/process_train_data.py`` with ``utils.swap_error_tags``), which is why the model emits the correction
first as often as last, sometimes wraps a whole sentence in a type tag with no ``<delete>`` (``<invented>whole
sentence</invented>``: the sentence itself is flagged), and — because that swap rewrote ``</contradictory>`` as
an *opening* tag — may close a ``<contradictory>`` element with another ``<contradictory>``.  The parser
therefore reads the tags as a stream, not as XML:

* text inside ``<mark>`` is dropped (a correction); every other character is original text;
* original text inside ``<delete>`` or inside an error-type tag is flagged; one :class:`FavaSpan` per error
  element (outermost type tag, or a ``<delete>`` outside any type tag) covers its flagged text, trimmed of
  whitespace; elements with no original text (pure insertions) are counted in ``insertions``;
* an opening type tag equal to the innermost open type closes it; unmatched closing tags are ignored;
  ``</s>``/``<s>`` are removed; unknown ``<...>`` text is kept as text.

The text left after dropping tags and corrections is FAVA's copy of the original.  When it equals the original,
flagged offsets map directly; otherwise (FAVA changed spacing, punctuation or words, or stopped early) they are
mapped through a character diff (:class:`difflib.SequenceMatcher`, method ``diff``, when at least half of a
span's non-space characters match) and, failing that, by :func:`medhal.text.align.align` (method ``align``).
Spans that cannot be placed are reported in ``unaligned``, never dropped silently.

The MedHal-Loc parser (``fava_eval.py``) differs: it also counts ``<mark>`` contents of ``<invented>``/
``<unverifiable>``/``<subjective>`` elements with no ``<delete>`` as flagged text (corrections, not original text)
and counts an item as flagged when any error-type tag appears, even one that flags no original text.

**Detector.**  :class:`FavaDetector` gets FAVA's output through the LLM engine (greedy) or from a precomputed
``outputs`` mapping (item id -> tagged text), emits one ``span`` unit per flagged span (score and suspicion 1.0;
verdict ``contradicted`` for the contradictory family and untyped deletes, ``unsupported`` for the unverifiable
family) and a response score of 1 when any span was flagged, else 0.  The error type and correction of each unit
are in ``config["fava"]["spans"]`` (aligned with the units by index), with the raw output and the counts.
``parse_failure``: an output with no text of the answer (empty, or only tags and corrections), or one whose copy
of the answer matches it on less than half of its non-space characters (``min_reproduction``).

**Random-flag chance** (seed 000 Table 3's 18.8% beside FAVA's 55.3% HIT): the localization suite scores FAVA's
spans with :func:`medhal.bench.localization.spans.aggregate_spans`, whose default ``chance="all"`` is the published
convention.  ``fava_eval.py`` prints ``np.mean(min(1, n_flagged_tok / max(n_passage_tok, 1)))`` over **every** scored
row, unflagged items counting 0; over the 295 rows of its ``fava_results.json`` that is 18.77%, the log's 18.8%
(over the 252 flagged items it would be 22.0%).  On the 100 dev items the same rule gives 16.7% (``"flagged"``:
19.9%): the dev set is a sample, not the whole.  Tested in ``tests/detect/test_fava.py``.
"""

from __future__ import annotations

import difflib
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from medhal.detect.base import InputError, item_result, validate_item
from medhal.detect.llm_support import answer_record, failure_result, llm_unit, make_engine
from medhal.detect.records import CheckItem, CheckResult, JSONObject, Status, Verdict
from medhal.detect.units import ConfigError
from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult, ModelClient
from medhal.llm.cache import ResponseCache
from medhal.llm.engine import Engine, run_closing
from medhal.text import Span, trim_span
from medhal.text.align import align

__all__ = [
    "CONTRADICTORY_TYPES",
    "ERROR_TYPES",
    "FAVA_PROMPT",
    "UNVERIFIABLE_TYPES",
    "FavaDetector",
    "FavaParse",
    "FavaSpan",
    "build_fava_prompt",
    "fava_original_text",
    "parse_fava",
    "parse_fava_output",
]

FAVA_PROMPT = (
    "Read the following references:\n{evidence}\nPlease identify all the errors in the following text using the "
    "information in the references provided and suggest edits if necessary:\n[Text] {output}\n[Edited] "
)
"""FAVA's input template (FAVA ``eval/run_eval.py``; seed 000 §5 runs it as published)."""

CONTRADICTORY_TYPES = ("entity", "relation", "contradictory")
UNVERIFIABLE_TYPES = ("invented", "subjective", "unverifiable")
ERROR_TYPES: tuple[str, ...] = CONTRADICTORY_TYPES + UNVERIFIABLE_TYPES

_TAG = re.compile(
    r"<\s*(/?)\s*(delete|mark|" + "|".join(ERROR_TYPES) + r")\s*>",
    re.IGNORECASE,
)
_EOS = re.compile(r"</?s>")

SpanSource = Literal["delete", "tag"]
MapMethod = Literal["exact", "diff", "align"]


def build_fava_prompt(evidence: str, output: str, *, max_evidence_chars: int | None = None) -> str:
    """:data:`FAVA_PROMPT` for one (evidence, answer); ``max_evidence_chars`` cuts the evidence first."""
    if max_evidence_chars is not None:
        evidence = evidence[:max_evidence_chars]
    return FAVA_PROMPT.format(evidence=evidence, output=output)


@dataclass(frozen=True, slots=True)
class FavaSpan:
    """One error FAVA flagged, as a half-open span of the ORIGINAL answer (``original[start:end] == text``)."""

    start: int
    end: int
    text: str
    type: str | None
    """The innermost error-type tag around the flagged text (``entity``, ..., ``unverifiable``); ``None`` for a
    ``<delete>`` outside any type tag."""
    correction: str | None
    """FAVA's suggested replacement (the element's ``<mark>`` text), ``None`` when it suggests none."""
    source: SpanSource
    """``delete``: the element flags text with ``<delete>``; ``tag``: only by wrapping it in a type tag."""
    method: MapMethod
    """How the span was placed in the original: ``exact`` (FAVA copied it verbatim), ``diff``, ``align``."""

    @property
    def verdict(self) -> Verdict:
        return "unsupported" if self.type in UNVERIFIABLE_TYPES else "contradicted"

    def to_dict(self) -> JSONObject:
        return {
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "type": self.type,
            "correction": self.correction,
            "source": self.source,
            "method": self.method,
        }


@dataclass(frozen=True, slots=True)
class FavaParse:
    """Everything read from one FAVA output."""

    spans: tuple[FavaSpan, ...]
    """Flagged spans of the original, in reading order, one per distinct span."""
    unaligned: tuple[str, ...] = ()
    """Flagged texts (as FAVA wrote them) that could not be placed in the original."""
    insertions: int = 0
    """Error elements that flag no original text (FAVA only suggests inserting a ``<mark>``)."""
    elements: int = 0
    """Error elements found (type-tagged edits and bare ``<delete>`` s)."""
    duplicates: int = 0
    """Elements that mapped onto a span another element already took."""
    well_formed: bool = True
    """False when tags were left open at the end or a closing tag had no opener."""
    reproduction: float = 1.0
    """Share of the non-space characters of FAVA's copy of the original (tags and corrections dropped) that match
    the original (0 for an empty copy)."""
    copy: str = ""
    """FAVA's copy of the original: the output with tags and ``<mark>`` text dropped."""

    @property
    def flagged(self) -> bool:
        return bool(self.spans or self.unaligned)

    def to_dict(self) -> JSONObject:
        return {
            "spans": [s.to_dict() for s in self.spans],
            "unaligned": list(self.unaligned),
            "insertions": self.insertions,
            "elements": self.elements,
            "duplicates": self.duplicates,
            "well_formed": self.well_formed,
            "reproduction": self.reproduction,
        }


@dataclass(slots=True)
class _Element:
    type: str | None
    flagged: list[tuple[int, int, str | None, SpanSource]] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)


def _scan(tagged: str) -> tuple[str, list[_Element], bool]:
    """(FAVA's copy of the original, error elements, well-formed) from a tagged output."""
    text = _EOS.sub("", tagged)
    copy: list[str] = []
    length = 0
    elements: list[_Element] = []
    types: list[tuple[str, int]] = []  # open type tags: (type, element index of the outermost open type tag)
    depth = {"delete": 0, "mark": 0}  # open <delete> and <mark> edit tags
    bare: int | None = None  # element of a <delete>/<mark> outside any type tag (a correction next to its delete)
    well_formed = True
    pos = 0

    def current() -> int:
        nonlocal bare
        if types:
            return types[0][1]
        if bare is None:
            elements.append(_Element(None))
            bare = len(elements) - 1
        return bare

    def chunk(piece: str) -> None:
        nonlocal length, bare
        if not piece:
            return
        if depth["mark"] > 0:
            elements[current()].corrections.append(piece)
            return
        if depth["delete"] > 0 or types:
            kind = types[-1][0] if types else None
            source: SpanSource = "delete" if depth["delete"] else "tag"
            elements[current()].flagged.append((length, length + len(piece), kind, source))
        elif piece.strip():
            bare = None  # unflagged original text ends a bare <delete>/<mark> edit
        copy.append(piece)
        length += len(piece)

    for m in _TAG.finditer(text):
        chunk(text[pos : m.start()])
        pos = m.end()
        closing, name = m.group(1) == "/", m.group(2).lower()
        if name in depth:
            if closing and depth[name] == 0:
                well_formed = False
            depth[name] = max(0, depth[name] - 1) if closing else depth[name] + 1
        elif closing:
            found = [k for k, (t, _) in enumerate(types) if t == name]
            if found:
                del types[found[-1] :]
            else:
                well_formed = False
        elif types and types[-1][0] == name:
            types.pop()  # FAVA's training targets close <contradictory> with a second opening tag
        else:
            if not types:
                elements.append(_Element(name))
                types.append((name, len(elements) - 1))
                bare = None
            else:
                types.append((name, types[0][1]))
    chunk(text[pos:])
    if types or depth["delete"] or depth["mark"]:
        well_formed = False
    return "".join(copy), elements, well_formed


def fava_original_text(tagged: str) -> str:
    """FAVA's copy of the original answer: the output with every tag and every ``<mark>`` correction dropped."""
    return _scan(tagged)[0]


def _char_map(copy: str, original: str) -> list[int]:
    """For each character of ``copy`` the index of the original character it matches, or -1."""
    mapping = [-1] * len(copy)
    matcher = difflib.SequenceMatcher(None, copy, original, autojunk=False)
    for a, b, size in matcher.get_matching_blocks():
        for k in range(size):
            mapping[a + k] = b + k
    return mapping


def parse_fava(original: str, tagged: str, *, min_similarity: float = 0.85) -> FavaParse:
    """Parse a FAVA output for the answer ``original`` (see the module docstring)."""
    if not 0.0 < min_similarity <= 1.0:
        raise ValueError(f"min_similarity must be in (0, 1], got {min_similarity}")
    copy, elements, well_formed = _scan(tagged)
    exact = copy == original
    mapping = list(range(len(copy))) if exact else _char_map(copy, original)
    visible = [k for k, ch in enumerate(copy) if not ch.isspace()]
    matched = sum(1 for k in visible if mapping[k] >= 0)
    reproduction = 1.0 if exact and visible else (matched / len(visible) if visible else 0.0)
    spans: list[FavaSpan] = []
    unaligned: list[str] = []
    insertions = 0
    for element in elements:
        correction = "".join(element.corrections).strip() or None
        located = trim_span(copy, element.flagged[0][0], element.flagged[-1][1]) if element.flagged else None
        if located is None:
            insertions += 1
            continue
        kind = next((t for a, b, t, _ in element.flagged if copy[a:b].strip()), element.type) or element.type
        source: SpanSource = "delete" if any(s == "delete" for *_, s in element.flagged) else "tag"
        placed: Span | None = None
        method: MapMethod = "exact"
        if exact:
            placed = Span.of(original, located.start, located.end)
        else:
            hits = [mapping[k] for k in range(located.start, located.end) if not copy[k].isspace()]
            found = [k for k in hits if k >= 0]
            if hits and len(found) >= 0.5 * len(hits):
                placed, method = trim_span(original, min(found), max(found) + 1), "diff"
            if placed is None:
                alignment = align(located.text, original, min_score=min_similarity)
                if alignment is not None:
                    placed, method = alignment.span, "align"
        if placed is None:
            unaligned.append(located.text)
            continue
        spans.append(FavaSpan(placed.start, placed.end, placed.text, kind, correction, source, method))
    unique: dict[tuple[int, int], FavaSpan] = {}
    for span in spans:
        unique.setdefault((span.start, span.end), span)
    ordered = tuple(sorted(unique.values(), key=lambda s: (s.start, s.end)))
    return FavaParse(
        spans=ordered,
        unaligned=tuple(unaligned),
        insertions=insertions,
        elements=len(elements),
        duplicates=len(spans) - len(unique),
        well_formed=well_formed,
        reproduction=round(reproduction, 6),
        copy=copy,
    )


def parse_fava_output(original: str, tagged: str) -> list[FavaSpan]:
    """The error spans FAVA flagged in ``original`` (each slices ``original`` back to its text), in order."""
    return list(parse_fava(original, tagged).spans)


class FavaDetector:
    """Detector ``fava`` (see the module docstring).

    ``client`` serves ``fava-uw/fava-model`` (``hf/...``, ``vllm/...`` or an OpenAI-compatible server); ``outputs``
    maps item ids to FAVA outputs computed earlier and is consulted first.  At least one is required.
    """

    name = "fava"

    def __init__(
        self,
        client: ModelClient | None = None,
        *,
        outputs: Mapping[str, str] | None = None,
        max_tokens: int = 1024,
        max_evidence_chars: int | None = None,
        chat: bool = False,
        min_similarity: float = 0.85,
        min_reproduction: float = 0.5,
        cache: ResponseCache | None = None,
        concurrency: int | None = None,
    ) -> None:
        if client is None and outputs is None:
            raise ConfigError("fava needs a model serving fava-uw/fava-model (--model) or precomputed outputs")
        if not isinstance(max_tokens, int) or max_tokens < 1:
            raise ConfigError(f"max_tokens must be an integer >= 1, got {max_tokens!r}")
        if max_evidence_chars is not None and (not isinstance(max_evidence_chars, int) or max_evidence_chars < 1):
            raise ConfigError(f"max_evidence_chars must be an integer >= 1 or None, got {max_evidence_chars!r}")
        if not 0.0 < min_similarity <= 1.0:
            raise ConfigError(f"min_similarity must be in (0, 1], got {min_similarity}")
        if not 0.0 <= min_reproduction <= 1.0:
            raise ConfigError(f"min_reproduction must be in [0, 1], got {min_reproduction}")
        self._outputs: dict[str, str] = {}
        for key, value in (outputs or {}).items():
            if not isinstance(value, str):
                raise ConfigError(f"the FAVA output for item {key!r} must be a string")
            self._outputs[str(key)] = value
        self._client = client
        self._generation = GenerationConfig(temperature=0.0, max_tokens=max_tokens)
        self._max_evidence_chars = max_evidence_chars
        self._chat = chat
        self.min_similarity = min_similarity
        self.min_reproduction = min_reproduction
        self._engine: Engine | None = None
        if client is not None:
            self._engine = make_engine(client, cache=cache, concurrency=concurrency)

    @property
    def config(self) -> JSONObject:
        """The options that shape this detector's output, recorded in every result."""
        return {
            "model": None if self._client is None else self._client.model_id,
            "generation": self._generation.to_dict(),
            "max_evidence_chars": self._max_evidence_chars,
            "chat": self._chat,
            "min_similarity": self.min_similarity,
            "min_reproduction": self.min_reproduction,
            "precomputed_items": len(self._outputs),
            "prompt": "FAVA eval/run_eval.py INPUT",
        }

    def request(self, item: CheckItem, request_id: str = "fava") -> GenerationRequest:
        """The generation request for one item."""
        prompt = build_fava_prompt(item.evidence, item.response, max_evidence_chars=self._max_evidence_chars)
        return GenerationRequest.of_prompt(request_id, prompt, self._generation, chat=self._chat)

    def _failure(self, item: CheckItem, status: Status, reason: str, record: JSONObject | None) -> CheckResult:
        return failure_result(self.name, item, self.config, status, reason, key="fava", record=record)

    async def adetect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """:meth:`detect_many` inside an event loop."""
        results: list[CheckResult | None] = [None] * len(items)
        answers: dict[int, GenerationResult] = {}
        to_generate: list[int] = []
        for i, item in enumerate(items):
            try:
                validate_item(item)
            except InputError as exc:
                results[i] = self._failure(item, "input_error", str(exc), None)
                continue
            if item.id is not None and item.id in self._outputs:
                answers[i] = GenerationResult(f"fava-{i}", "ok", texts=(self._outputs[item.id],))
            elif self._engine is not None:
                to_generate.append(i)
            else:
                what = f"item {item.id!r}" if item.id is not None else "an item without id"
                results[i] = self._failure(item, "input_error", f"no precomputed FAVA output for {what}", None)
        start = time.perf_counter()
        if to_generate and self._engine is not None:
            prompts: dict[str, int] = {}
            slot: dict[int, int] = {}
            for i in to_generate:
                request = self.request(items[i])
                key = request.prompt if request.prompt is not None else str(request.payload())
                slot[i] = prompts.setdefault(key, len(prompts))
            firsts: dict[int, int] = {}
            for i in to_generate:
                firsts.setdefault(slot[i], i)
            requests = [self.request(items[firsts[k]], f"fava-{k}") for k in range(len(prompts))]
            generated = await self._engine.agenerate(requests)
            for i in to_generate:
                answers[i] = generated[slot[i]]
        seconds = time.perf_counter() - start
        for i, answer in answers.items():
            result = self._assemble(items[i], answer, precomputed=i not in to_generate)
            share = seconds / max(1, len(to_generate)) if i in to_generate else 0.0
            results[i] = replace(result, timings={"generate_s": round(share, 6), "batch_generate_s": round(seconds, 6)})
        return [r for r in results if r is not None]

    def _assemble(self, item: CheckItem, answer: GenerationResult, *, precomputed: bool) -> CheckResult:
        record: JSONObject = {"source": "precomputed" if precomputed else "model", **answer_record(answer)}
        if answer.status != "ok":
            return self._failure(item, answer.status, f"FAVA call failed: {answer.reason}", record)
        parsed = parse_fava(item.response, answer.text, min_similarity=self.min_similarity)
        record.update(parsed.to_dict())
        if not parsed.copy.strip():
            return self._failure(item, "parse_failure", "FAVA's output holds no text of the answer", record)
        if parsed.reproduction < self.min_reproduction:
            reason = f"FAVA's copy of the answer matches only {parsed.reproduction:.0%} of it"
            return self._failure(item, "parse_failure", reason, record)
        units = tuple(llm_unit(k, span, "span", span.verdict, 1.0) for k, span in enumerate(parsed.spans))
        score = 1.0 if parsed.flagged else 0.0
        config = self.config
        config["fava"] = record
        return item_result(self.name, item, config, "ok", score=score, flagged=parsed.flagged, units=units)

    def detect_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """One result per item, in order; FAVA calls for all items not precomputed run through the engine."""
        return run_closing(lambda: self.adetect_many(items), None if self._client is None else self._client.aclose)

    def detect(self, item: CheckItem) -> CheckResult:
        return self.detect_many([item])[0]
