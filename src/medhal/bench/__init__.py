"""Benchmarks: one subpackage per suite, metrics as pure functions beside the runners that do I/O."""
