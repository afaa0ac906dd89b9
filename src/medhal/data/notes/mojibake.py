"""Undoing mojibake in the clinical-note files.

MedErrBench EN is UTF-8 that was decoded as Mac Roman (``4‚Äì6`` for ``4–6``, ``¬∞`` for ``°``); MEDEC-MS
validation has UTF-8 decoded as Windows-1252 (``â€“``, ``Ã©``).  With ``repair_mojibake`` (default on) each
field is re-encoded (Mac Roman; Windows-1252 with its five undefined bytes taken as Latin-1, which also
covers plain Latin-1) and decoded as UTF-8, and the result kept only when it round-trips, has fewer
mis-decoded ``lead byte + continuation byte`` pairs than the original, brings in no control, private-use or
combining characters, and when every encoding that qualifies gives the same text.  ``counts``:
``mojibake_repaired`` (fields), ``mojibake_rows``, ``mojibake_ambiguous`` (fields left as they were because
two encodings disagreed).  A field mixing mis-decoded and correct characters is left as it is.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Literal

__all__ = ["repair_mojibake"]


def _sloppy_cp1252_encode(text: str) -> bytes:
    """Windows-1252, with the five bytes it leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) as Latin-1."""
    out = bytearray()
    for ch in text:
        try:
            out += ch.encode("cp1252")
        except UnicodeEncodeError:
            if ord(ch) > 0xFF:
                raise
            out.append(ord(ch))
    return bytes(out)


def _sloppy_cp1252_decode(data: bytes) -> str:
    return "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in data)


def _mac_roman_encode(text: str) -> bytes:
    return text.encode("mac_roman")


def _mac_roman_decode(data: bytes) -> str:
    return data.decode("mac_roman")


_CODECS: dict[str, tuple[Callable[[str], bytes], Callable[[bytes], str]]] = {
    "cp1252": (_sloppy_cp1252_encode, _sloppy_cp1252_decode),
    "mac_roman": (_mac_roman_encode, _mac_roman_decode),
}


def _marker_pattern(decode: Callable[[bytes], str]) -> re.Pattern[str]:
    lead = "".join(sorted({decode(bytes([b])) for b in range(0xC2, 0xF5)}))
    cont = "".join(sorted({decode(bytes([b])) for b in range(0x80, 0xC0)}))
    return re.compile(f"[{re.escape(lead)}][{re.escape(cont)}]")


_MARKERS = {name: _marker_pattern(decode) for name, (_, decode) in _CODECS.items()}
_SUSPECT_CATEGORIES = frozenset({"Cc", "Co", "Cn", "Cs", "Mn"})


def _suspects(text: str) -> int:
    return sum(1 for ch in text if ch not in "\t\n\r" and unicodedata.category(ch) in _SUSPECT_CATEGORIES)


def repair_mojibake(text: str) -> tuple[str, Literal["ok", "repaired", "ambiguous"]]:
    """``text`` with UTF-8-read-as-Mac-Roman or -Windows-1252 undone, where that is unambiguous.

    Returns the text and what happened: ``"repaired"``, ``"ambiguous"`` (two encodings gave different
    repairs; the text comes back as is) or ``"ok"`` (nothing to repair, or no repair that qualifies).  See the
    module docstring for the conditions.

    >>> repair_mojibake("He drinks 4‚Äì6 cups")
    ('He drinks 4–6 cups', 'repaired')
    >>> repair_mojibake("café")
    ('café', 'ok')
    """
    if text.isascii():
        return text, "ok"
    found: set[str] = set()
    for name, (encode, decode) in _CODECS.items():
        markers = len(_MARKERS[name].findall(text))
        if not markers:
            continue
        try:
            fixed = encode(text).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        if fixed == text or decode(fixed.encode("utf-8")) != text:
            continue
        if len(_MARKERS[name].findall(fixed)) >= markers or _suspects(fixed) > _suspects(text):
            continue
        found.add(fixed)
    if len(found) == 1:
        return found.pop(), "repaired"
    return text, "ambiguous" if found else "ok"
