"""Stage-wise reasoning diagnosis (seed 004, ClinHallu): where in a model's reasoning a hallucination starts.

Each item (:mod:`medhal.data.stagewise`) carries a reference trace in three stages, Visual Recognition, Knowledge
Recall and Reasoning Integration, then the answer (seed 004 §3).  The suite

* prompts the model under test to reason in those stages and validates the trace, regenerating invalid ones
  (:mod:`~medhal.bench.stagewise.prompts`, :mod:`~medhal.bench.stagewise.parsing`);
* replaces the visual, knowledge or both stages with the reference and lets the model finish (``rep-v``,
  ``rep-k``, ``rep-vk``; §4 "Stage replacement");
* judges answers (exact match for closed answers, an LLM judge for open ones) and each generated stage against
  the reference (:mod:`~medhal.bench.stagewise.judge`);
* reports accuracy (all items and valid traces only), stage hallucination rates per context, Δ accuracy, Fix and
  Break rates per intervention and judge-human agreement (:mod:`~medhal.bench.stagewise.metrics`, pure);
* exports golden traces for trace-supervised fine-tuning (:mod:`~medhal.bench.stagewise.export`, §4, App. A).

:mod:`~medhal.bench.stagewise.runner` ties the phases to the LLM engine; :mod:`~medhal.bench.stagewise.suite` is the
suite and its run directory.
"""

from __future__ import annotations

from medhal.bench.stagewise.export import VARIANTS, export_finetune
from medhal.bench.stagewise.metrics import score_records
from medhal.bench.stagewise.parsing import StagewiseRecord, parse_trace
from medhal.bench.stagewise.prompts import CONTEXTS, INTERVENTIONS, parse_contexts
from medhal.bench.stagewise.runner import StagewiseOptions, read_human_labels, read_records, run_stagewise
from medhal.bench.stagewise.suite import SUITE, StagewiseResult, StagewiseSpec

__all__ = [
    "CONTEXTS",
    "INTERVENTIONS",
    "SUITE",
    "VARIANTS",
    "StagewiseOptions",
    "StagewiseRecord",
    "StagewiseResult",
    "StagewiseSpec",
    "export_finetune",
    "parse_contexts",
    "parse_trace",
    "read_human_labels",
    "read_records",
    "run_stagewise",
    "score_records",
]
