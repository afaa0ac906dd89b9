"""Tests for medhal.verify (a package so its module names cannot clash with other test folders)."""
