"""Readers for public NLI and biomedical corpora, and seeded text perturbations.

Nothing here bundles data: every loader reads a path the caller gives.
"""
