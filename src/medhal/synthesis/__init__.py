"""Training and benchmark data made from text: seeded perturbations, synthetic NLI pairs and error injection.

* :mod:`~medhal.synthesis.perturb`: span-reporting perturbations of one sentence (entity, number, direction,
  negation, role swap, false mechanism, invented clause);
* :mod:`~medhal.synthesis.pairs`: synthetic NLI pairs from annotated abstracts and clinical text, MedErrBench
  pairs and perturbation probes;
* :mod:`~medhal.synthesis.conclusions`, :mod:`~medhal.synthesis.contrast`, :mod:`~medhal.synthesis.restate`:
  conclusion-clause pairs, minimal pairs, faithful restatements and their wrong twins (the training mix);
* :mod:`~medhal.synthesis.injection`: one localizable error injected into a clean statement, by rule or by a
  model (:mod:`~medhal.synthesis.injection.llm`).

It reads records through :mod:`medhal.data`, splits text with :mod:`medhal.text` and asks models through
:mod:`medhal.llm`; ``bench`` and ``train`` use it.  Every generator is deterministic for a seed.
"""
