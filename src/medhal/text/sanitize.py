"""Input sanitation at the boundary: one policy for text that reaches medhal through the API, the CLI or the service.

The policy (documented in ``docs/check-record.md``, "Input policy"):

* **cleaned and noted** — characters no tokenizer or JSON writer can carry are replaced one for one, so every
  character offset of the cleaned text is the offset of the same character in the text as given:

  - a lone UTF-16 surrogate (U+D800-U+DFFF; reachable from JSON ``"\\ud800"`` or a Python string, never from
    valid UTF-8) becomes U+FFFD;
  - NUL, the other C0 controls except tab, line feed and carriage return, DEL and the C1 controls
    (U+0080-U+009F) become a space;

  the record lists what was replaced in ``notes`` (``"evidence: 1 lone surrogate replaced by U+FFFD"``);
* **refused** — bytes that are not UTF-8 (a file or batch line: ``input_error``; an HTTP body: 422
  ``invalid_request``), text that is empty or only whitespace, and text over the size limits (``input_error``):
  medhal cannot know what was meant.

Everything else (CJK, right-to-left scripts, emoji with zero-width joiners, combining marks, CRLF, U+2028) is
valid text and passes unchanged.
"""

from __future__ import annotations

import re

__all__ = ["clean_text"]

_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def clean_text(text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` with lone surrogates and control characters replaced one for one, and what was replaced.

    The cleaned text has the same length as ``text``, so spans computed on it index the given text too.
    """
    notes: list[str] = []
    text, surrogates = _SURROGATE.subn("\ufffd", text)
    if surrogates:
        notes.append(f"{surrogates} lone surrogate{'s' if surrogates > 1 else ''} replaced by U+FFFD")
    text, controls = _CONTROL.subn(" ", text)
    if controls:
        notes.append(f"{controls} control character{'s' if controls > 1 else ''} replaced by a space")
    return text, tuple(notes)
