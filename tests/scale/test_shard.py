"""``--shard i/N``: chunk k belongs to shard k mod N; anything but ``i/N`` with ``0 <= i < N`` is refused."""

from __future__ import annotations

import pytest

from medhal.errors import UsageError
from medhal.scale import Shard, parse_shard


def test_parse_shard() -> None:
    assert parse_shard("0/4") == Shard(0, 4) and parse_shard(" 3 / 4 ") == Shard(3, 4)
    assert str(parse_shard("2/5")) == "2/5"
    for bad in ("4/4", "-1/4", "1/0", "1", "a/b", "1/2/3", ""):
        with pytest.raises(UsageError, match="--shard"):
            parse_shard(bad)


def test_every_chunk_has_exactly_one_shard() -> None:
    shards = [Shard(i, 3) for i in range(3)]
    assert [[s.index for s in shards if s.owns(k)] for k in range(7)] == [[0], [1], [2], [0], [1], [2], [0]]
