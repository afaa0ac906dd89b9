"""Readers for public NLI, biomedical and benchmark corpora, and the records they return.

Generated data (perturbations, synthetic pairs, error injection) lives in :mod:`medhal.synthesis`.

Nothing here bundles data: every loader reads a path the caller gives.
"""

from medhal.data.detection import DETECTION_FORMATS, DetectionItem, read_detection
from medhal.data.loading import LoadStats, Records
from medhal.data.medhal_loc import LocItem, read_medhal_loc

__all__ = ["DETECTION_FORMATS", "DetectionItem", "LoadStats", "LocItem", "Records", "read_detection", "read_medhal_loc"]
