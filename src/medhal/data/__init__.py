"""Readers for public NLI, biomedical and benchmark corpora, and the records they return.

Generated data (perturbations, synthetic pairs, error injection) lives in :mod:`medhal.synthesis`.

Nothing here bundles data: every loader reads a path the caller gives.
"""
