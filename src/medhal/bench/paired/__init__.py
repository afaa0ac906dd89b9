"""Paired clinical error detection (seed 002): pairing, prompts, metrics, ECA, runner."""
