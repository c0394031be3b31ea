"""The crib models by name: ``random`` (exact), ``hessel`` and ``equilibrium`` (committed tables)
and ``table:FILE`` (a user's CSV), behind the one interface of :mod:`crib_stats.discard.crib_base`.

>>> sorted(NAMES)
['equilibrium', 'hessel', 'random']
>>> get_model("random").name
'random'
"""

from __future__ import annotations

from crib_stats.discard import crib_tables
from crib_stats.discard.crib_base import CribModel, CribModelError, RandomCrib

MODELS: dict[str, CribModel] = {m.name: m for m in (RandomCrib(),)}


# table models (crib_tables.py), loaded on first use; ``table:FILE`` reads a user's CSV
NAMES = ("random", "hessel", "equilibrium")


def get_model(name: str | CribModel) -> CribModel:
    """The model called ``name``: random, hessel, equilibrium or table:FILE (a CSV in Hessel's
    format: r1,r2,dealer_own_crib,pone_into_dealer_crib)."""
    if not isinstance(name, str):
        return name
    text = name.strip()
    key = text.lower()
    if key.startswith("table:"):
        return crib_tables.file_model(text[len("table:"):].strip())
    if key not in MODELS and key in NAMES:
        MODELS[key] = crib_tables.hessel_model() if key == "hessel" else crib_tables.equilibrium_model()
    if key not in MODELS:
        raise CribModelError(f"unknown crib model {name!r}; choose one of {', '.join(NAMES)} or table:FILE.csv")
    return MODELS[key]
