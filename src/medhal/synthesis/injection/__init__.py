"""Controlled, rule-based injection of one localizable error into a clean statement (seed 000 §3.2).

The four MedHal-Loc error types, each made from the seeded perturbations of :mod:`medhal.data.perturb`:

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

The package: :mod:`~medhal.data.injection.records` (clean records, injections, injected items, reading),
:mod:`~medhal.data.injection.terms` (entity inventories: built-in terms, PubTator corpora),
:mod:`~medhal.data.injection.validate` (the changed region, the gold span, validation),
:mod:`~medhal.data.injection.rules` (one injection of one type) and :mod:`~medhal.data.injection.batch`
(injection over many records, with per-type statistics).
"""

from medhal.data.injection.batch import InjectionStats, Skip, inject_items, plan_assignments
from medhal.data.injection.records import (
    ERROR_TYPES,
    SCHEMA_VERSION,
    CleanRecord,
    ErrorType,
    InjectedItem,
    Injection,
    parse_error_types,
    read_clean_records,
)
from medhal.data.injection.rules import inject
from medhal.data.injection.terms import BUILTIN_TERMS, PUBTATOR_TYPES, builtin_inventory, read_inventory
from medhal.data.injection.validate import EditRegion, changed_region, locate_gold, validate_injection

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
