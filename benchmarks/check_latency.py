"""``medhal check`` latency after load (p50, p95) and verifier load time, for a 250-word evidence and a
4-sentence answer -- the interactive case.  Targets on the 2-core CPU: p50 <= 0.5 s per check, load <= 2 s.

    python benchmarks/check_latency.py [--verifier SPEC] [--repeats 20] [--detector decomposed]

Each repeat checks a different answer (a rotation of its sentences plus a repeat counter) so that no pair is
shared between repeats: nothing is answered from an in-process deduplication.
"""

from __future__ import annotations

import argparse
import statistics
import time

from medhal import Checker
from medhal.text import word_count
from medhal.verify import open_verifier

EVIDENCE = (
    "Background: Heart failure with preserved ejection fraction (HFpEF) accounts for about half of heart failure "
    "admissions, and few therapies improve outcomes. Methods: In this double-blind trial, 1,204 patients aged 50 "
    "years or older with HFpEF and elevated natriuretic peptides were randomly assigned to empagliflozin 10 mg "
    "once daily or placebo, in addition to usual therapy. The primary outcome was a composite of cardiovascular "
    "death or hospitalization for heart failure. Results: Over a median follow-up of 26 months, the primary "
    "outcome occurred in 13.8% of patients in the empagliflozin group and in 17.1% of patients in the placebo "
    "group (hazard ratio, 0.79; 95% CI, 0.69 to 0.90; p < 0.001). The effect was driven mainly by a lower risk of "
    "hospitalization for heart failure, whereas cardiovascular death did not differ significantly between groups. "
    "The rate of decline in eGFR was slower with empagliflozin than with placebo. Uncomplicated genital and "
    "urinary tract infections and hypotension were more common with empagliflozin, while ketoacidosis was rare "
    "and occurred in fewer than 0.2% of patients in each group. Results were consistent in patients with and "
    "without diabetes, across ejection fraction categories and across age groups. Quality of life, assessed with "
    "the Kansas City Cardiomyopathy Questionnaire, improved modestly more with empagliflozin at 52 weeks. "
    "Conclusions: Empagliflozin reduced the combined risk of cardiovascular death or hospitalization for heart "
    "failure in patients with heart failure and a preserved ejection fraction, regardless of the presence or "
    "absence of diabetes, with a safety profile consistent with previous trials."
)
ANSWER = [
    "Empagliflozin lowered the composite of cardiovascular death or heart failure hospitalization in HFpEF.",
    "The benefit came mostly from fewer hospitalizations for heart failure.",
    "Cardiovascular death was reduced by half with empagliflozin.",
    "Ketoacidosis was common in patients with diabetes.",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--verifier", default=None)
    parser.add_argument("--detector", default="decomposed")
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    start = time.perf_counter()
    loaded = open_verifier(args.verifier)
    verifier = loaded.verifier
    verifier.predict([("Aspirin reduced pain.", "Pain was reduced.")])
    load_s = time.perf_counter() - start
    checker = Checker(loaded, detector=args.detector)
    latencies, passes = [], []
    for i in range(args.repeats):
        k = i % len(ANSWER)
        answer = " ".join(ANSWER[k:] + ANSWER[:k]) + f" This was report {i + 1}."
        t = time.perf_counter()
        result = checker.check(EVIDENCE, answer)
        latencies.append(time.perf_counter() - t)
        passes.append(result.verifier_passes)
    latencies.sort()
    p50 = statistics.median(latencies)
    p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
    print(f"verifier {verifier.id}; detector {args.detector}; evidence {word_count(EVIDENCE)} words; 5-sentence answer")
    print(f"load + first pair: {load_s:.2f} s (target <= 2 s, ratio {load_s / 2.0:.2f})")
    print(f"check latency p50 {p50:.3f} s (target <= 0.5 s, ratio {p50 / 0.5:.2f}), p95 {p95:.3f} s")
    print(f"verifier passes per check: median {statistics.median(passes):.0f}")


if __name__ == "__main__":
    main()
