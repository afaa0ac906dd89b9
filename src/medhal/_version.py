"""The installed medhal version: a leaf (imports nothing), so every layer can record it without importing the
root package; ``pyproject.toml`` reads it from here."""

__version__ = "0.1.0"
