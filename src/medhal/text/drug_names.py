"""Drug names: a drug by its distinctive WHO International Nonproprietary Names stem ("-gliflozin", "-mab"), or one
of a short list of common drugs whose names have none ("warfarin", "lamotrigine"), and the names one drug goes by
(British and American names, brands, the short forms clinics write).  Read by the name cue
(:mod:`medhal.text.names`), the dose cues and the swapped-drug cue; split from :mod:`medhal.text.names` (issue 14)."""

from __future__ import annotations

import re
from functools import lru_cache

from medhal.text.interventions import INN_STEMS

__all__ = ["is_drug_name", "named_drugs", "same_drug_names"]

_LOOSE = (
    "tide mide sone olone nisolone vir azole cef nib idone apine pressin tocin relin zosin trexate mustine fungin"
    " micin alol ilol vastatin prilat"
)
_LOOSE_STEMS = frozenset(_LOOSE.split())
"""Stems that end common words too ("peptide", "amide", "hormone") or that a longer stem already covers."""
_STEMS = sorted(set(INN_STEMS.split()) - _LOOSE_STEMS, key=len, reverse=True)
_DRUG = re.compile(r"^(?![a-z]*sterol$)[a-z]{3,}(?:" + "|".join(_STEMS) + r")$")
"""A drug by its WHO INN stem: three letters or more before a distinctive stem ("dapagliflozin", "adalimumab")."""


_COMMON_DRUG_NAMES = (
    "aspirin warfarin insulin lithium valproate lamotrigine carbamazepine levetiracetam phenytoin paracetamol "
    "acetaminophen morphine codeine oxycodone hydromorphone fentanyl tramadol methadone buprenorphine naloxone "
    "digoxin amiodarone spironolactone allopurinol febuxostat colchicine prednisolone prednisone dexamethasone "
    "hydrocortisone methotrexate tacrolimus ciclosporin cyclosporine azathioprine mycophenolate ketamine propofol "
    "haloperidol quetiapine olanzapine risperidone clozapine sertraline fluoxetine citalopram escitalopram "
    "amitriptyline mirtazapine venlafaxine duloxetine gabapentin pregabalin levothyroxine metoclopramide "
    "clopidogrel ticagrelor prasugrel heparin enoxaparin alteplase tenecteplase vancomycin gentamicin "
    "metronidazole nitrofurantoin trimethoprim rifampicin isoniazid ivermectin hydroxychloroquine remdesivir "
    "oseltamivir salbutamol albuterol ipratropium tiotropium tranexamic aminocaproic mupirocin ezetimibe niacin "
    "letermovir valganciclovir ganciclovir acyclovir aciclovir mirabegron finasteride misoprostol oxytocin "
    "carboplatin cisplatin atropine adrenaline epinephrine noradrenaline norepinephrine vasopressin dobutamine "
    # round 80's "starting liothyronine" for levothyroxine: common drugs of clinic letters whose stems are not
    # distinctive enough for the INN list (or not in it)
    "abiraterone acamprosate acitretin anastrozole apomorphine apremilast baclofen beclometasone bicalutamide "
    "budesonide bumetanide capecitabine carbidopa carbimazole carbocisteine cefalexin ceftriaxone chlordiazepoxide "
    "clobazam cyclizine dantrolene degarelix desmopressin diltiazem disulfiram domperidone donepezil doxazosin "
    "enzalutamide eplerenone etanercept fludrocortisone fluticasone galantamine gliclazide glycopyrronium goserelin "
    "guanfacine hyoscine indapamide isotretinoin ivabradine lactulose leflunomide letrozole leuprorelin levodopa "
    "liothyronine lisdexamfetamine loperamide losartan macrogol memantine methylphenidate methylprednisolone "
    "midodrine naltrexone naproxen nystatin paliperidone pizotifen pramipexole propylthiouracil ranitidine "
    "rasagiline rifaximin riluzole rivastigmine ropinirole rotigotine sacubitril tamoxifen tamsulosin teicoplanin "
    "terbinafine teriparatide tirzepatide tizanidine topiramate trazodone umeclidinium valaciclovir varenicline "
    "zoledronic zonisamide zopiclone"
)
_COMMON_DRUGS = frozenset(_COMMON_DRUG_NAMES.split())
"""Common drugs whose names end in no distinctive INN stem ("lamotrigine", "aminocaproic acid", "warfarin"): an
answer that swaps one in for the evidence's drug names a drug the evidence never gives (round 32)."""


_SAME_DRUG_NAMES = (
    "noradrenaline norepinephrine; adrenaline epinephrine; paracetamol acetaminophen; salbutamol albuterol; "
    "ciclosporin cyclosporine; aciclovir acyclovir; heparin lmwh ufh enoxaparin dalteparin tinzaparin; "
    "insulin humulin humalog novorapid lantus levemir tresiba toujeo insulatard abasaglar apidra fiasp actrapid"
    " semglee; methotrexate mtx; hydroxychloroquine hcq; mycophenolate mmf; azathioprine aza; sulfasalazine ssz; "
    "botulinum botox dysport xeomin bocouture azzalure onabotulinumtoxina abobotulinumtoxina incobotulinumtoxina; "
    "prednisolone pred; rituximab rtx"  # "Pred 30 mg" (r126); "Botox" for "onabotulinumtoxinA" (round 168)
)
_SAME_DRUG = {n: frozenset(group.split()) for group in _SAME_DRUG_NAMES.split(";") for n in group.split()}
"""One drug's British and American names, heparin with its low-molecular-weight forms ("no LMWH bridging"), and
insulin with its brands ("8 units of night-time insulin" for "Humulin I 8 units at night": round 69), and the
short forms clinics write for immunosuppressants ("Continue MTX 15 mg weekly" for methotrexate: round 78), and
botulinum toxin with its brands ("Botox injections" for "Botulinum toxin A offered": round 80)."""


def is_drug_name(word: str) -> bool:
    """Whether ``word`` names a drug: by a distinctive WHO INN stem, or one of :data:`_COMMON_DRUGS`.

    >>> [is_drug_name(w) for w in ("Empagliflozin", "adalimumab", "lamotrigine", "cholesterol", "peptide")]
    [True, True, True, False, False]
    """
    return _DRUG.match(word.lower()) is not None or word.lower() in _COMMON_DRUGS or word.lower() in _SAME_DRUG


def same_drug_names(name: str) -> frozenset[str]:
    """The names of the drug ``name`` (lower case) names: its British and American names, or heparin with its
    low-molecular-weight forms (:data:`_SAME_DRUG`); ``{name}`` for any other.

    >>> sorted(same_drug_names("paracetamol")), sorted(same_drug_names("warfarin"))
    (['acetaminophen', 'paracetamol'], ['warfarin'])
    """
    return _SAME_DRUG.get(name, frozenset({name}))


@lru_cache(maxsize=4096)
def named_drugs(text: str) -> frozenset[frozenset[str]]:
    """The drugs ``text`` names (:func:`is_drug_name`), each as the set of its names (:func:`same_drug_names`); read
    once per text, however many units ask of the same evidence sentence.

    >>> sorted(sorted(d) for d in named_drugs("Paracetamol (acetaminophen) or ibuprofen; not lithium levels."))
    [['acetaminophen', 'paracetamol'], ['ibuprofen'], ['lithium']]
    >>> sorted(sorted(d) for d in named_drugs("in 35.6% of omalizumab-treated and 61.0% of ciclosporin-treated"))
    [['ciclosporin', 'cyclosporine'], ['omalizumab']]
    """
    # a drug joined to the word after it is named too ("omalizumab-treated": round 157)
    read = (part for w in _DRUG_WORD.findall(text) for part in ((w,) if is_drug_name(w) else w.split("-")))
    words = (w[:-1] if w.endswith("s") and not is_drug_name(w) else w for w in read)
    return frozenset(same_drug_names(w.lower()) for w in words if is_drug_name(w))  # "other penicillins": round 122


_DRUG_WORD = re.compile(r"[A-Za-z][A-Za-z-]{2,}")
