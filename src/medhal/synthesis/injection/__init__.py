"""Controlled injection of one localizable error into a clean statement (seed 000 §3.2), by rule or by a model.

The four MedHal-Loc error types, each made from the seeded perturbations of :mod:`medhal.synthesis.perturb`:

==============================  ==========================================================================
type                            how (``operation`` of the item)
==============================  ==========================================================================
``entity_substitution``         a known entity replaced by another of the same type (``entity``)
``relation_error``              a direction word flipped (``direction``), a negation added or removed
                                (``negation``), or two same-type entities exchanged (``swap``)
``mechanism_misattribution``    a stated mechanism replaced by a false one (``mechanism_replaced``), else a
                                false mechanism clause appended to a sentence (``mechanism_appended``)
``invented``                    an unsupported clause appended to a sentence: a fabricated quantitative
                                finding (``invented_template``) or a clause of another statement
                                (``invented_donor``)
==============================  ==========================================================================

The package: :mod:`~medhal.synthesis.injection.records` (clean records, injections, injected items, reading),
:mod:`~medhal.synthesis.injection.terms` (entity inventories: built-in terms, PubTator corpora),
:mod:`~medhal.synthesis.injection.validate` (the changed region, the gold span, validation),
:mod:`~medhal.synthesis.injection.rules` (one injection of one type) and :mod:`~medhal.synthesis.injection.batch`
(injection over many records, with per-type statistics).  :mod:`~medhal.synthesis.injection.llm` asks a model
for the same four types instead and checks its answers with the same validation; it is not imported here, so the
rule path needs no model client.
"""

from medhal.synthesis.injection.batch import InjectionStats, InjectionSummary, Skip, inject_items, plan_assignments
from medhal.synthesis.injection.records import (
    ERROR_TYPES,
    SCHEMA_VERSION,
    CleanRecord,
    ErrorType,
    InjectedItem,
    Injection,
    parse_error_types,
    read_clean_records,
)
from medhal.synthesis.injection.rules import inject
from medhal.synthesis.injection.terms import BUILTIN_TERMS, PUBTATOR_TYPES, builtin_inventory, read_inventory
from medhal.synthesis.injection.validate import EditRegion, changed_region, locate_gold, validate_injection

__all__ = [
    "BUILTIN_TERMS",
    "ERROR_TYPES",
    "PUBTATOR_TYPES",
    "SCHEMA_VERSION",
    "CleanRecord",
    "EditRegion",
    "ErrorType",
    "InjectedItem",
    "Injection",
    "InjectionStats",
    "InjectionSummary",
    "Skip",
    "builtin_inventory",
    "changed_region",
    "inject",
    "inject_items",
    "locate_gold",
    "parse_error_types",
    "plan_assignments",
    "read_clean_records",
    "read_inventory",
    "validate_injection",
]
