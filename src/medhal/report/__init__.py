"""Rendering of records and metrics: Markdown reports and figures (computes nothing new)."""
