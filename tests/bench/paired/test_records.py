"""Records of the paired suite (medhal.bench.paired.records): the unique-note-id rule pairing and runs share."""

from __future__ import annotations

import pytest

from medhal.bench.paired.records import check_unique_note_ids


def test_unique_ids_pass_and_the_first_repeat_is_named() -> None:
    check_unique_note_ids(iter(["a", "b", "c"]), "unused")
    check_unique_note_ids([], "unused")
    with pytest.raises(ValueError, match=r"^duplicate note id 'b': pairing needs unique ids$"):
        check_unique_note_ids(["a", "b", "c", "b", "a"], "pairing needs unique ids")
