"""Entity inventories for error injection: built-in generic clinical terms and entities of PubTator corpora.

Entities come from an :class:`~medhal.synthesis.perturb.EntityInventory` the caller builds from user-given PubTator
corpora (:func:`read_inventory`, or :func:`medhal.synthesis.pairs.inventory_from_pubtator`) and are found in the
statement with :meth:`~medhal.synthesis.perturb.EntityInventory.find_mentions`.  Without one, or when its entities do
not occur in a statement, :func:`builtin_inventory` is used: a small list of generic clinical terms written for
medhal (populations, conditions, drug classes, procedures, organs, outcomes, mediators), not taken from any
dataset.  Mechanism agents are chemicals/genes of the given inventory, else the built-in mediators; fabricated
findings use the built-in outcomes, populations and conditions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from medhal.data.pubtator import NCBI_DISEASE_TYPES, read_pubtator
from medhal.synthesis.perturb import EntityInventory

__all__ = ["BUILTIN_TERMS", "PUBTATOR_TYPES", "builtin_inventory", "read_inventory"]

# fmt: off
BUILTIN_TERMS: Mapping[str, tuple[str, ...]] = {
    "population": (
        "patients", "children", "adults", "older adults", "elderly patients", "women", "men", "infants", "neonates",
        "adolescents", "pregnant women", "outpatients", "inpatients", "smokers", "athletes", "nursing home residents",
        "individuals", "participants", "physicians", "nurses", "surgeons", "caregivers", "mothers", "survivors",
        "veterans", "students",
    ),
    "condition": (
        "diabetes", "hypertension", "stroke", "asthma", "obesity", "depression", "anxiety", "sepsis", "pneumonia",
        "heart failure", "atrial fibrillation", "myocardial infarction", "chronic kidney disease", "dementia",
        "osteoporosis", "anemia", "epilepsy", "migraine", "cirrhosis", "tuberculosis", "rheumatoid arthritis",
        "cancer", "breast cancer", "prostate cancer", "colorectal cancer", "lung cancer", "infection", "fractures",
        "preeclampsia", "atherosclerosis",
    ),
    "drug": (
        "antibiotics", "statins", "beta-blockers", "corticosteroids", "anticoagulants", "opioids", "antidepressants",
        "antihypertensives", "proton pump inhibitors", "insulin", "aspirin", "heparin", "metformin", "warfarin",
        "paracetamol", "ibuprofen", "vitamin D", "folic acid",
    ),
    "procedure": (
        "surgery", "laparoscopy", "chemotherapy", "radiotherapy", "endoscopy", "colonoscopy", "ultrasonography",
        "computed tomography", "magnetic resonance imaging", "biopsy", "transplantation", "physiotherapy", "dialysis",
        "mechanical ventilation", "angioplasty", "vaccination", "screening", "rehabilitation", "stenting",
        "intubation", "anesthesia",
    ),
    "organ": (
        "liver", "kidney", "heart", "lung", "brain", "pancreas", "spleen", "colon", "stomach", "bladder", "thyroid",
        "prostate", "skin", "retina", "bone", "breast", "ovary", "uterus", "cervix", "esophagus",
    ),
    "outcome": (
        "mortality", "morbidity", "survival", "recurrence", "readmission", "length of stay", "quality of life",
        "postoperative complications", "wound infection", "blood loss", "pain scores", "functional recovery",
        "hospitalization", "relapse", "adverse events", "adverse outcomes", "complications", "costs", "disability",
        "fatigue", "bleeding",
    ),
    "mediator": (
        "interleukin-6", "tumour necrosis factor", "nitric oxide", "cortisol", "angiotensin II", "prostaglandin E2",
        "histamine", "serotonin", "bradykinin", "endothelin-1", "thromboxane A2", "adenosine", "glutamate", "leptin",
    ),
}
# fmt: on
"""Generic clinical vocabulary for :func:`builtin_inventory`, written for medhal (no dataset is copied)."""


def builtin_inventory() -> EntityInventory:
    """An :class:`EntityInventory` of :data:`BUILTIN_TERMS` (one id per term, ``builtin:<type>:<term>``)."""
    inventory = EntityInventory()
    for etype, terms in BUILTIN_TERMS.items():
        for term in terms:
            inventory.add(term, etype, (f"builtin:{etype}:{term}",))
    return inventory


PUBTATOR_TYPES: Mapping[str, str] = {"ChemMet": "Chemical", **dict.fromkeys(sorted(NCBI_DISEASE_TYPES), "Disease")}
"""Entity types renamed when reading corpora for an inventory: CHR's ``ChemMet`` and the NCBI-disease classes
become BC5CDR's ``Chemical`` / ``Disease``, so the corpora merge."""


def read_inventory(paths: Sequence[str | Path]) -> EntityInventory:
    """An :class:`EntityInventory` of every mention with ids in the PubTator files ``paths`` (BC5CDR, CHR,
    NCBI-disease; types renamed by :data:`PUBTATOR_TYPES`).  ``ValueError`` for a file without mentions or that
    is not UTF-8; ``OSError`` when one cannot be read."""
    inventory = EntityInventory()
    for path in paths:
        try:
            documents = read_pubtator(path, dict(PUBTATOR_TYPES))
        except UnicodeDecodeError as exc:
            raise ValueError(f"PubTator file {path} is not valid UTF-8 (byte offset {exc.start})") from None
        mentions = [m for doc in documents for m in doc.mentions]
        if not mentions:
            raise ValueError(f"PubTator file {path} has no entity mentions")
        for m in mentions:
            inventory.add(m.text, m.type, m.ids)
    return inventory
