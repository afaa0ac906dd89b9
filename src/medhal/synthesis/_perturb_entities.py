"""Entity perturbations: substituting a mention from the inventory, swapping two (re-exported by ``perturb``)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from medhal.synthesis._perturb_records import Perturbation, SpanMention

# ----------------------------------------------------------------------------------------------- entities


_WORD_TOKEN = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
"""A word for :meth:`EntityInventory.find_mentions`: letters/digits, joined by inner hyphens or apostrophes."""


class EntityInventory:
    """Surface forms per entity type with their ids, for same-type substitution.

    Built from corpus mentions; a substitute must share no id with the replaced mention and differ from it
    (case-insensitively).
    """

    def __init__(self) -> None:
        self._by_type: dict[str, list[tuple[str, frozenset[str]]]] = {}
        self._seen: set[tuple[str, str]] = set()
        self._lookup: dict[str, tuple[str, str, frozenset[str]]] = {}
        self._max_words = 0

    def add(self, text: str, etype: str, ids: Sequence[str]) -> None:
        """Register one surface form (ignored without ids, or when already present)."""
        surface = " ".join(text.split())
        if not ids or len(surface) < 3:
            return
        key = (etype, surface.lower())
        if key in self._seen:
            return
        self._seen.add(key)
        self._by_type.setdefault(etype, []).append((surface, frozenset(ids)))
        self._lookup.setdefault(surface.lower(), (surface, etype, frozenset(ids)))
        self._max_words = max(self._max_words, len(surface.split()))

    def types(self) -> list[str]:
        """Entity types with at least one surface form."""
        return sorted(self._by_type)

    def size(self, etype: str) -> int:
        """Number of distinct surface forms of ``etype``."""
        return len(self._by_type.get(etype, ()))

    def sample(
        self, etype: str, exclude_ids: Sequence[str], avoid_text: str, rng: random.Random, tries: int = 20
    ) -> str | None:
        """A surface form of ``etype`` with none of ``exclude_ids`` and not occurring in ``avoid_text``."""
        pool = self._by_type.get(etype)
        if not pool:
            return None
        banned = set(exclude_ids)
        lowered = avoid_text.lower()
        for _ in range(tries):
            surface, ids = pool[rng.randrange(len(pool))]
            if ids & banned or surface.lower() in lowered:
                continue
            return surface
        return None

    def find_mentions(self, text: str, max_words: int = 8) -> list[SpanMention]:
        """Mentions of known surface forms in ``text``: whole words (a hyphen joins words, so "blockers" is not
        found inside "beta-blockers"), longest match first, left to right, no overlaps.  Case is ignored
        except for surfaces with capitals after the first letter ("AIDS", "HbA1c"), which must match exactly.

        For text that comes without annotations (e.g. a statement to inject an error into).
        """
        words = list(_WORD_TOKEN.finditer(text))
        limit = min(max_words, self._max_words)
        found: list[SpanMention] = []
        i = 0
        while i < len(words):
            start = words[i].start()
            hit: tuple[int, str, str, frozenset[str]] | None = None
            for j in range(min(len(words), i + limit) - 1, i - 1, -1):
                piece = " ".join(text[start : words[j].end()].split())
                entry = self._lookup.get(piece.lower())
                if entry is not None and (piece == entry[0] or not any(c.isupper() for c in entry[0][1:])):
                    hit = (j, *entry)
                    break
            if hit is None:
                i += 1
                continue
            j, _, etype, ids = hit
            end = words[j].end()
            found.append(SpanMention(start, end, text[start:end], etype, tuple(sorted(ids))))
            i = j + 1
        return found


def _is_abbreviation(text: str) -> bool:
    """Short all-capital mentions ("PD", "BFIC") stand for a longer name elsewhere; substituting them alone
    would leave the long form intact."""
    letters = [c for c in text if c.isalpha()]
    return len(text) <= 6 and bool(letters) and sum(c.isupper() for c in letters) >= len(letters) - 1


def substitute_entity(
    sentence: str,
    mentions: Sequence[SpanMention],
    inventory: EntityInventory,
    rng: random.Random,
    avoid_text: str = "",
) -> Perturbation | None:
    """Replace one mention (all identical occurrences of its surface) by a same-type entity, different id.

    ``avoid_text`` (e.g. the premise window) must not contain the substitute. The reported span is the
    first replaced occurrence.
    """
    usable = [
        m
        for m in mentions
        if m.ids and inventory.size(m.type) > 1 and sentence[m.start : m.end] == m.text and not _is_abbreviation(m.text)
    ]
    if not usable:
        return None
    target = usable[rng.randrange(len(usable))]
    new = inventory.sample(target.type, target.ids, f"{avoid_text} {sentence}", rng)
    if new is None:
        return None
    if target.start == 0:
        new = new[:1].upper() + new[1:]
    elif target.text[:1].islower() and not new[:2].isupper():
        new = new[:1].lower() + new[1:]
    # Replace every occurrence of the same surface so the sentence stays internally consistent.
    same = sorted((m for m in mentions if m.text == target.text), key=lambda m: m.start)
    text = sentence
    shift = 0
    first_start = -1
    for m in same:
        s, e = m.start + shift, m.end + shift
        if text[s:e] != m.text:
            continue
        text = text[:s] + new + text[e:]
        if first_start < 0:
            first_start = s
        shift += len(new) - (m.end - m.start)
    if first_start < 0 or text == sentence:
        return None
    return Perturbation(text, first_start, first_start + len(new), "entity", sentence, target.text, new)


_SYMMETRIC_GAP = re.compile(r"^[\s,;/()-]*(?:and|or|and/or|vs\.?|versus|plus|with)?[\s,;/()-]*$", re.IGNORECASE)


def _relational_gap(gap: str) -> bool:
    """True when the text between two mentions is more than a coordination ("X and Y" swaps mean nothing)."""
    return len(gap.split()) >= 2 and not _SYMMETRIC_GAP.match(gap)


def swap_entities(sentence: str, mentions: Sequence[SpanMention], rng: random.Random) -> Perturbation | None:
    """Exchange the surfaces of two non-overlapping mentions with different ids ("X causes Y" -> "Y causes X").

    The span covers from the first swapped mention to the end of the second in the new text.
    """
    cands = [m for m in mentions if sentence[m.start : m.end] == m.text]
    pairs = [
        (a, b)
        for i, a in enumerate(cands)
        for b in cands[i + 1 :]
        if a.end <= b.start
        and a.text.lower() != b.text.lower()
        and not set(a.ids) & set(b.ids)
        and _relational_gap(sentence[a.end : b.start])
    ]
    if not pairs:
        return None
    # prefer pairs of different types (chemical/disease): they carry the relation
    typed = [p for p in pairs if p[0].type != p[1].type]
    pool = typed or pairs
    a, b = pool[rng.randrange(len(pool))]
    a_text, b_text = b.text, a.text
    if a.start == 0:
        a_text = a_text[:1].upper() + a_text[1:]
        if not (b_text[:2].isupper()):
            b_text = b_text[:1].lower() + b_text[1:]
    text = sentence[: a.start] + a_text + sentence[a.end : b.start] + b_text + sentence[b.end :]
    if text == sentence:
        return None
    end = a.start + len(a_text) + (b.start - a.end) + len(b_text)
    return Perturbation(text, a.start, end, "swap", sentence, sentence[a.start : b.end], text[a.start : end])
