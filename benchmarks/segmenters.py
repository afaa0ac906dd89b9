"""Compare medhal's sentence splitter with pysbd, syntok and sentencex on medical text.

Run from the repository root::

    PYTHONPATH=src python benchmarks/segmenters.py [--repeat N]

Each segmenter is imported only if installed and skipped otherwise.  For every segmenter the script prints
how many of the cases in :data:`CASES` it splits into exactly the expected sentences (compared after
stripping whitespace), the cases it gets wrong, and its speed in milliseconds per 1,000 sentences (the total
expected sentence count of the case set, split ``--repeat`` times).

:data:`CASES` was written together with medhal's splitter, so it is not an unbiased test of it.  When the
NICTA-PIBOSO corpus is available (``--piboso``, by default ``../shared/data/biomed/nicta_piboso/
train_clean.txt`` next to the repository), the script also scores every segmenter on its abstracts, rebuilt
from their gold sentences: the tokenised sentences are detokenised (no space before ``. , ; : ) ] % ? !`` nor
after ``( [``) and joined with single spaces; abstracts with a sentence that does not end in ``.``, ``?`` or
``!`` (sentences cut short in the corpus) are left out.  It reports boundary precision, recall and F1 over
sentence spans and the number of abstracts split exactly right.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import time
from collections.abc import Callable
from pathlib import Path

from medhal.text.sentences import split_sentences

Segmenter = Callable[[str], list[str]]

_DEFAULT_PIBOSO = Path(__file__).resolve().parents[2] / "shared/data/biomed/nicta_piboso/train_clean.txt"

CASES: list[tuple[str, list[str]]] = [
    (
        "Patients received 3.5 mg of drug A. Outcomes improved.",
        ["Patients received 3.5 mg of drug A.", "Outcomes improved."],
    ),
    ("Hb was 9.2 g/dL.Creatinine was 1.1 mg/dL.", ["Hb was 9.2 g/dL.", "Creatinine was 1.1 mg/dL."]),
    ("Findings\nNo acute distress.\nBP 120/80 mmHg.", ["Findings", "No acute distress.", "BP 120/80 mmHg."]),
    (
        "Mean age was 54.3 yrs. (range 20-80). Most were men.",
        ["Mean age was 54.3 yrs. (range 20-80).", "Most were men."],
    ),
    ("1. Start metformin.\n2. Check HbA1c.", ["1. Start metformin.", "2. Check HbA1c."]),
    ("Plan: 1. Start metformin. 2. Check HbA1c.", ["Plan: 1. Start metformin.", "2. Check HbA1c."]),
    (
        "Give metformin 500 mg p.o. b.i.d. Recheck glucose in 2 weeks.",
        ["Give metformin 500 mg p.o. b.i.d.", "Recheck glucose in 2 weeks."],
    ),
    (
        "As reported by Smith et al. (2019), mortality fell. See Fig. 2 for details.",
        ["As reported by Smith et al. (2019), mortality fell.", "See Fig. 2 for details."],
    ),
    (
        "Adverse events, e.g. nausea, were rare. Most resolved, i.e. within 3 days.",
        ["Adverse events, e.g. nausea, were rare.", "Most resolved, i.e. within 3 days."],
    ),
    (
        "Metformin vs. placebo reduced HbA1c by approx. 0.8%. The effect was sustained.",
        ["Metformin vs. placebo reduced HbA1c by approx. 0.8%.", "The effect was sustained."],
    ),
    (
        "Dr. Lee reviewed case No. 5 in Jan. 2020. The patient recovered.",
        ["Dr. Lee reviewed case No. 5 in Jan. 2020.", "The patient recovered."],
    ),
    (
        "Heparin was given i.v. over 24 h. Bleeding did not occur.",
        ["Heparin was given i.v. over 24 h.", "Bleeding did not occur."],
    ),
    (
        "The study was conducted in the U.S. The results may not generalise.",
        ["The study was conducted in the U.S.", "The results may not generalise."],
    ),
    (
        "The U.S. Food and Drug Administration approved the drug in 2019.",
        ["The U.S. Food and Drug Administration approved the drug in 2019."],
    ),
    (
        "J. Smith and A. B. Jones enrolled 40 patients. Follow-up was 12 months.",
        ["J. Smith and A. B. Jones enrolled 40 patients.", "Follow-up was 12 months."],
    ),
    (
        "The difference was significant (p < 0.05). Adherence was high (p=.03).",
        ["The difference was significant (p < 0.05).", "Adherence was high (p=.03)."],
    ),
    (
        "Is the dose safe? Yes! Toxicity was not observed.",
        ["Is the dose safe?", "Yes!", "Toxicity was not observed."],
    ),
    (
        "Symptoms improved... However, fatigue persisted.",
        ["Symptoms improved...", "However, fatigue persisted."],
    ),
    (
        'The nurse noted "pain 8/10." The physician ordered morphine.',
        ['The nurse noted "pain 8/10."', "The physician ordered morphine."],
    ),
    (
        "Assessment:\n- Community-acquired pneumonia\n- Sepsis\n\nPlan:\n* Ceftriaxone 1 g i.v. q.d.",
        ["Assessment:", "- Community-acquired pneumonia", "- Sepsis", "Plan:", "* Ceftriaxone 1 g i.v. q.d."],
    ),
    (
        "• Aspirin 81 mg daily\n• Atorvastatin 40 mg nightly",
        ["• Aspirin 81 mg daily", "• Atorvastatin 40 mg nightly"],
    ),
    (
        "Serum levels were low in group B. The other groups were normal.",
        ["Serum levels were low in group B.", "The other groups were normal."],
    ),
    (
        "Tumours were larger (Tab. 3) and more frequent (Figs. 1-2). Survival was shorter.",
        ["Tumours were larger (Tab. 3) and more frequent (Figs. 1-2).", "Survival was shorter."],
    ),
    (
        "Blood pressure was 140/90 mmHg. Heart rate was 88 bpm. Temperature was 37.2 °C.",
        ["Blood pressure was 140/90 mmHg.", "Heart rate was 88 bpm.", "Temperature was 37.2 °C."],
    ),
    (
        "Escherichia coli and S. aureus were isolated. Cultures were repeated.",
        ["Escherichia coli and S. aureus were isolated.", "Cultures were repeated."],
    ),
    (
        "The recommended dose is 1,000 mg. Higher doses (e.g. 2,000 mg) are not advised.",
        ["The recommended dose is 1,000 mg.", "Higher doses (e.g. 2,000 mg) are not advised."],
    ),
    (
        "HISTORY OF PRESENT ILLNESS:\nThe patient is a 67-year-old man. He presented with chest pain.",
        ["HISTORY OF PRESENT ILLNESS:", "The patient is a 67-year-old man.", "He presented with chest pain."],
    ),
    (
        "Patients were randomised (n = 120).Outcomes were assessed at 6 months.",
        ["Patients were randomised (n = 120).", "Outcomes were assessed at 6 months."],
    ),
    (
        "The drug was approved in 2019. 45 patients were enrolled.",
        ["The drug was approved in 2019.", "45 patients were enrolled."],
    ),
    (
        "He was admitted on Sept. 3 and discharged on Oct. 10. He remains well.",
        ["He was admitted on Sept. 3 and discharged on Oct. 10.", "He remains well."],
    ),
    (
        "The response was partial … and transient. No further therapy was given.",
        ["The response was partial … and transient.", "No further therapy was given."],
    ),
    (
        "The patient was started on\nmetformin 500 mg daily. Glucose improved.",
        ["The patient was started on\nmetformin 500 mg daily.", "Glucose improved."],
    ),
    ("患者は発熱した。咳もある。", ["患者は発熱した。", "咳もある。"]),
]
"""Medical segmentation cases: input text and the exact expected sentences."""


def _medhal(text: str) -> list[str]:
    return [span.text for span in split_sentences(text)]


def _segmenters() -> dict[str, Segmenter]:
    found: dict[str, Segmenter] = {"medhal": _medhal}
    if importlib.util.find_spec("pysbd") is not None:
        import pysbd  # type: ignore[import-untyped, import-not-found, unused-ignore]

        seg = pysbd.Segmenter(language="en", clean=False)
        found["pysbd"] = lambda text: [str(s) for s in seg.segment(text)]
    if importlib.util.find_spec("syntok") is not None:
        import syntok.segmenter as syntok_segmenter  # type: ignore[import-untyped, import-not-found, unused-ignore]

        def _syntok(text: str) -> list[str]:
            out: list[str] = []
            for paragraph in syntok_segmenter.analyze(text):
                for sentence in paragraph:
                    start = sentence[0].offset - len(sentence[0].spacing)
                    end = sentence[-1].offset + len(sentence[-1].value)
                    out.append(text[start:end])
            return out

        found["syntok"] = _syntok
    if importlib.util.find_spec("sentencex") is not None:
        import sentencex  # type: ignore[import-untyped, import-not-found, unused-ignore]

        found["sentencex"] = lambda text: list(sentencex.segment("en", text))
    return found


def _normalise(sentences: list[str]) -> list[str]:
    return [s.strip() for s in sentences if s.strip()]


def _piboso_abstracts(path: Path) -> list[list[str]]:
    """The gold sentences of each NICTA-PIBOSO abstract (``###id``, then ``label<TAB>sentence`` lines)."""
    abstracts: list[list[str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("###"):
            abstracts.append([])
        elif "\t" in line and abstracts:
            sentence = line.split("\t", 1)[1].strip()
            sentence = re.sub(r" ([.,;:)\]%?!])", r"\1", sentence)
            abstracts[-1].append(re.sub(r"([(\[]) ", r"\1", sentence))
    return [a for a in abstracts if a and all(s[-1:] in ".?!" for s in a)]


def _spans(text: str, sentences: list[str]) -> set[tuple[int, int]]:
    spans: set[tuple[int, int]] = set()
    pos = 0
    for sentence in sentences:
        start = text.find(sentence, pos)
        if start < 0:
            continue
        spans.add((start, start + len(sentence)))
        pos = start + len(sentence)
    return spans


def _score_piboso(path: Path, segmenters: dict[str, Segmenter]) -> None:
    abstracts = _piboso_abstracts(path)
    n_sentences = sum(len(a) for a in abstracts)
    print(f"\nNICTA-PIBOSO {path.name}: {len(abstracts)} abstracts, {n_sentences} gold sentences")
    print(f"{'segmenter':<10} {'P':>6} {'R':>6} {'F1':>6} {'exact':>9} {'ms/1k sent':>11}")
    for name, segment in segmenters.items():
        tp = fp = fn = exact = 0
        t0 = time.perf_counter()
        for sentences in abstracts:
            text = " ".join(sentences)
            gold = _spans(text, sentences)
            got = _spans(text, _normalise(segment(text)))
            tp, fp, fn = tp + len(gold & got), fp + len(got - gold), fn + len(gold - got)
            exact += gold == got
        ms = (time.perf_counter() - t0) * 1000 / n_sentences * 1000
        p, r = tp / max(tp + fp, 1), tp / max(tp + fn, 1)
        f1 = 2 * p * r / max(p + r, 1e-12)
        print(f"{name:<10} {p:6.3f} {r:6.3f} {f1:6.3f} {exact:>4}/{len(abstracts):<4} {ms:>11.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="timing repetitions of the case set")
    parser.add_argument("--piboso", type=Path, default=_DEFAULT_PIBOSO, help="NICTA-PIBOSO file to score on")
    parser.add_argument("--show-errors", action="store_true", help="print the cases each segmenter gets wrong")
    args = parser.parse_args()
    segmenters = _segmenters()
    n_sentences = sum(len(expected) for _, expected in CASES)
    print(f"{len(CASES)} medical cases, {n_sentences} expected sentences")
    print(f"{'segmenter':<10} {'correct':>9} {'ms/1k sent':>11}")
    failures: dict[str, list[tuple[str, list[str]]]] = {}
    for name, segment in segmenters.items():
        wrong = [(text, got) for text, expected in CASES if (got := _normalise(segment(text))) != expected]
        failures[name] = wrong
        t0 = time.perf_counter()
        for _ in range(args.repeat):
            for text, _expected in CASES:
                segment(text)
        ms = (time.perf_counter() - t0) * 1000 / (args.repeat * n_sentences) * 1000
        print(f"{name:<10} {len(CASES) - len(wrong):>4}/{len(CASES):<4} {ms:>11.1f}")
    if args.show_errors:
        for name, wrong in failures.items():
            for text, got in wrong:
                print(f"[{name}] {text!r}\n  -> {got!r}")
    if args.piboso.is_file():
        _score_piboso(args.piboso, segmenters)
    else:
        print(f"\n{args.piboso} not found: NICTA-PIBOSO scoring skipped")


if __name__ == "__main__":
    main()
