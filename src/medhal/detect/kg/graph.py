"""Knowledge-graph grounding of ``kg-triple`` (stage (b)): :class:`KnowledgeGraph`, :class:`EntityLinker`.

**(b) Grounding** (optional) in a user-supplied :class:`KnowledgeGraph` (JSON or TSV of entities and/or
triples).  :class:`EntityLinker` links a subject or object phrase to an entity by normalised string match
(the leftmost, then longest, KG name or alias that occurs as a whole-word n-gram of the phrase), else, when an
:class:`~medhal.detect.embedding.Embedder` is given, by the best cosine between the phrase's noun chunks and
the KG names (SapBERT's role in AdaTriple; ``match_threshold``).  The grounded ids, names, types, methods,
scores and mention spans, and any KG relation between the two grounded entities, are recorded in the unit's
``signals["grounding"]``.  ``require_grounding`` keeps only triples with a grounded subject or object ("any") or
both ("both"), as an NER-first pipeline would; the default keeps all.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from medhal.detect.embedding import Embedder, Embeddings, cosine_matrix
from medhal.detect.records import JSONObject
from medhal.detect.units import ConfigError
from medhal.text import STOPWORDS, Span
from medhal.verify.encoding import first_line

__all__ = ["EntityLinker", "Grounding", "KGEntity", "KnowledgeGraph"]


@dataclass(frozen=True, slots=True)
class KGEntity:
    id: str
    name: str
    type: str | None = None
    aliases: tuple[str, ...] = ()

    def to_dict(self) -> JSONObject:
        return {"id": self.id, "name": self.name, "type": self.type}


@dataclass(frozen=True, slots=True)
class KnowledgeGraph:
    """Entities (id, name, type, aliases) and ``(subject id, relation, object id)`` triples.

    Files (:meth:`load`):

    * ``.json``: ``{"entities": [...], "triples": [...]}``; an entity is ``{"id", "name", "type", "aliases"}``
      (only ``name`` required; ``id`` defaults to it), ``[name, type]`` or a bare name; a triple is
      ``[subject, relation, object]`` or ``{"subject", "relation", "object"}`` naming entity ids or names
      (unknown ones become untyped entities);
    * anything else is read as TSV, one record a line: 2 columns ``entity<TAB>type``, 3 columns
      ``subject<TAB>relation<TAB>object``; blank lines, ``#`` comments and a header line
      (``entity type`` / ``name type`` / ``subject relation object``) are skipped.  Ids are the names.
    """

    entities: tuple[KGEntity, ...]
    triples: tuple[tuple[str, str, str], ...] = ()
    source: str = "memory"

    def __post_init__(self) -> None:
        ids = [e.id for e in self.entities]
        if len(set(ids)) != len(ids):
            raise ValueError("knowledge graph entity ids must be unique")
        known = set(ids)
        for s, _, o in self.triples:
            if s not in known or o not in known:
                raise ValueError(f"triple ({s!r}, ..., {o!r}) names an unknown entity id")

    @classmethod
    def from_records(
        cls,
        entities: Iterable[KGEntity | tuple[str, str | None] | str] = (),
        triples: Iterable[tuple[str, str, str]] = (),
        *,
        source: str = "memory",
    ) -> KnowledgeGraph:
        """Build from entities (``KGEntity``, ``(name, type)`` or a name) and triples naming ids or names."""
        by_id: dict[str, KGEntity] = {}
        for entry in entities:
            if isinstance(entry, KGEntity):
                entity = entry
            elif isinstance(entry, str):
                entity = KGEntity(entry, entry)
            else:
                entity = KGEntity(entry[0], entry[0], entry[1])
            by_id.setdefault(entity.id, entity)
        by_name = {_normalize(e.name): e.id for e in by_id.values()}

        def resolve(ref: str) -> str:
            if ref in by_id:
                return ref
            found = by_name.get(_normalize(ref))
            if found is not None:
                return found
            by_id[ref] = KGEntity(ref, ref)
            by_name[_normalize(ref)] = ref
            return ref

        resolved = tuple((resolve(s), r, resolve(o)) for s, r, o in triples)
        return cls(tuple(by_id.values()), resolved, source)

    @classmethod
    def load(cls, path: str | Path) -> KnowledgeGraph:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot read knowledge graph {str(path)!r}: {first_line(exc)}") from None
        if path.suffix.lower() == ".json":
            return cls._from_json(text, path)
        return cls._from_tsv(text, path)

    @classmethod
    def _from_json(cls, text: str, path: Path) -> KnowledgeGraph:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}: not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise ConfigError(f'{path}: expected an object with "entities" and/or "triples"')
        entities: list[KGEntity] = []
        for e in data.get("entities", []):
            if isinstance(e, str):
                entities.append(KGEntity(e, e))
            elif isinstance(e, list) and len(e) == 2:
                entities.append(KGEntity(str(e[0]), str(e[0]), None if e[1] is None else str(e[1])))
            elif isinstance(e, dict) and "name" in e:
                name = str(e["name"])
                aliases = tuple(str(a) for a in e.get("aliases", ()))
                kind = e.get("type")
                entities.append(KGEntity(str(e.get("id", name)), name, None if kind is None else str(kind), aliases))
            else:
                raise ConfigError(f"{path}: bad entity {e!r}")
        triples: list[tuple[str, str, str]] = []
        for t in data.get("triples", []):
            if isinstance(t, list) and len(t) == 3:
                triples.append((str(t[0]), str(t[1]), str(t[2])))
            elif isinstance(t, dict) and {"subject", "relation", "object"} <= set(t):
                triples.append((str(t["subject"]), str(t["relation"]), str(t["object"])))
            else:
                raise ConfigError(f"{path}: bad triple {t!r}")
        return cls.from_records(entities, triples, source=path.name)

    @classmethod
    def _from_tsv(cls, text: str, path: Path) -> KnowledgeGraph:
        entities: list[tuple[str, str | None]] = []
        triples: list[tuple[str, str, str]] = []
        headers = ({"entity", "type"}, {"name", "type"}, {"subject", "relation", "object"})
        for number, line in enumerate(text.split("\n"), start=1):
            line = line.rstrip("\r")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = [c.strip() for c in line.split("\t")]
            if number == 1 and {c.lower() for c in cols} in headers:
                continue
            if len(cols) == 2 and cols[0]:
                entities.append((cols[0], cols[1] or None))
            elif len(cols) == 3 and cols[0] and cols[2]:
                triples.append((cols[0], cols[1], cols[2]))
            else:
                raise ConfigError(
                    f"{path}:{number}: expected 2 (entity, type) or 3 (subject, relation, object) tab-separated columns"
                )
        return cls.from_records(entities, triples, source=path.name)

    @property
    def digest(self) -> str:
        h = hashlib.sha256()
        for e in self.entities:
            h.update(json.dumps([e.id, e.name, e.type, list(e.aliases)]).encode())
        for t in self.triples:
            h.update(json.dumps(list(t)).encode())
        return h.hexdigest()

    @property
    def id(self) -> str:
        return f"{self.source}@{self.digest[:12]}"


@dataclass(frozen=True, slots=True)
class Grounding:
    """An entity a phrase of the response was linked to, how, and the mention span that matched."""

    entity: KGEntity
    score: float
    method: Literal["exact", "contains", "embedding"]
    mention: Span

    def to_dict(self) -> JSONObject:
        return {**self.entity.to_dict(), "score": self.score, "method": self.method, "mention": self.mention.to_dict()}


_TOKEN = re.compile(r"[^\W_]+")


def _normalize(text: str) -> str:
    return " ".join(t.casefold() for t in _TOKEN.findall(unicodedata.normalize("NFKC", text)))


def _key(text: str) -> tuple[str, ...]:
    return tuple(_normalize(text).split())


class EntityLinker:
    """Links phrases to :class:`KnowledgeGraph` entities: string match first, then embedding similarity.

    String match: the KG name or alias whose normalised tokens (NFKC, casefolded, alphanumeric runs) occur as
    consecutive tokens of the phrase, leftmost first (the head of "HbA1c in patients with type 2 diabetes" is
    "HbA1c"), longest at that position; ``exact`` when they are all the phrase's non-stop-word tokens, else
    ``contains``; n-grams of stop words only are never matched.  Embedding: the phrase and its noun chunks
    (maximal runs of non-stop-word tokens) against every KG name and alias; the best cosine at or above
    ``threshold`` wins.
    """

    def __init__(
        self, kg: KnowledgeGraph, *, embedder: Embedder | None = None, threshold: float = 0.8, max_ngram: int = 8
    ) -> None:
        if not -1.0 <= threshold <= 1.0:
            raise ConfigError("match_threshold must lie in [-1, 1]")
        self.kg = kg
        self.embedder = embedder
        self.threshold = threshold
        self.max_ngram = max_ngram
        self._by_key: dict[tuple[str, ...], KGEntity] = {}
        self._names: list[tuple[str, KGEntity]] = []
        for e in kg.entities:
            for name in (e.name, *e.aliases):
                key = _key(name)
                if key:
                    self._by_key.setdefault(key, e)
                    self._names.append((name, e))
        self._edges: dict[tuple[str, str], list[str]] = {}
        for s, r, o in kg.triples:
            self._edges.setdefault((s, o), []).append(r)
        self._matrix: Embeddings | None = None

    def relations(self, subject_id: str, object_id: str) -> list[str]:
        """KG relations from ``subject_id`` to ``object_id`` (``~relation`` for one in the other direction)."""
        forward = self._edges.get((subject_id, object_id), [])
        backward = [f"~{r}" for r in self._edges.get((object_id, subject_id), [])] if subject_id != object_id else []
        return [*forward, *backward]

    def link_many(self, source: str, spans: Sequence[Span]) -> list[Grounding | None]:
        """One grounding (or ``None``) per span of ``source``; one embedding call for all string misses."""
        out: list[Grounding | None] = [self._string_match(source, s) for s in spans]
        if self.embedder is None or not self._names:
            return out
        misses = [i for i, g in enumerate(out) if g is None]
        candidates: dict[int, list[Span]] = {i: _chunks(source, spans[i]) for i in misses}
        texts = list(dict.fromkeys(c.text for cs in candidates.values() for c in cs))
        if not texts:
            return out
        vectors = self.embedder.embed(texts)
        sims = cosine_matrix(vectors, self._name_matrix())
        row = {t: k for k, t in enumerate(texts)}
        for i in misses:
            best: tuple[float, Span, KGEntity] | None = None
            for chunk in candidates[i]:
                r = sims[row[chunk.text]]
                j = int(np.argmax(r))
                if best is None or float(r[j]) > best[0]:
                    best = (float(r[j]), chunk, self._names[j][1])
            if best is not None and best[0] >= self.threshold:
                out[i] = Grounding(best[2], best[0], "embedding", best[1])
        return out

    def _name_matrix(self) -> Embeddings:
        if self._matrix is None:
            assert self.embedder is not None
            self._matrix = np.asarray(self.embedder.embed([n for n, _ in self._names]), dtype=np.float64)
        return self._matrix

    def _string_match(self, source: str, span: Span) -> Grounding | None:
        toks = [(span.start + m.start(), span.start + m.end(), m.group()) for m in _TOKEN.finditer(span.text)]
        keys = [_normalize(t[2]) for t in toks]
        content = [k for k in keys if k not in STOPWORDS]
        for i in range(len(toks)):
            for n in range(min(self.max_ngram, len(toks) - i), 0, -1):
                key = tuple(keys[i : i + n])
                if all(k in STOPWORDS for k in key):
                    continue
                entity = self._by_key.get(key)
                if entity is not None:
                    exact = [k for k in key if k not in STOPWORDS] == content
                    mention = Span.of(source, toks[i][0], toks[i + n - 1][1])
                    score = 1.0 if exact else len(key) / max(1, len(keys))
                    return Grounding(entity, score, "exact" if exact else "contains", mention)
        return None


def _chunks(source: str, span: Span) -> list[Span]:
    """The phrase (without leading / trailing stop words) and its runs of non-stop-word tokens."""
    toks = [(span.start + m.start(), span.start + m.end(), _normalize(m.group())) for m in _TOKEN.finditer(span.text)]
    runs: list[list[tuple[int, int, str]]] = [[]]
    for t in toks:
        if t[2] in STOPWORDS:
            runs.append([])
        else:
            runs[-1].append(t)
    spans = [Span.of(source, r[0][0], r[-1][1]) for r in runs if r]
    if spans:
        spans.insert(0, Span.of(source, spans[0].start, spans[-1].end))
    return list(dict.fromkeys(spans))
