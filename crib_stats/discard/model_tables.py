"""Every crib model as a table of the 91 thrown rank pairs, for ``crib-stats crib-table``: the
committed tables as they are, the random model computed exactly.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from crib_stats.core.cards import Card
from crib_stats.core.data import data_file
from crib_stats.discard.analysis import crib_value
from crib_stats.discard.crib_base import CribModelError
from crib_stats.discard.crib_tables import COLUMNS, CribTable, load_table


def model_table(model: str) -> CribTable:
    """The table of a model name: hessel, equilibrium, table:FILE, or random (computed exactly:
    the random model's E[crib] of a thrown pair with nothing else known, suited and offsuit
    combined by their frequency, the same for both roles)."""
    key = model.strip()
    if key.lower() == "random":
        return random_table()
    if key.lower() == "hessel":
        return load_table(data_file("hessel_tables.csv"), "hessel")
    if key.lower() == "equilibrium":
        return load_table(data_file("equilibrium_crib_table.csv"), "equilibrium")
    if key.lower().startswith("table:"):
        return load_table(key[len("table:"):].strip())
    raise CribModelError(f"unknown crib model {model!r}; choose random, hessel, equilibrium or table:FILE.csv")


def random_exact() -> dict[tuple[int, int], Fraction]:
    """Exact random-model E[crib] of each unordered rank pair (a <= b): the mean over the card
    pairs with those ranks (6 for a pair, 16 otherwise: 4 suited, 12 offsuit)."""
    out = {}
    for a in range(13):
        for b in range(a, 13):
            if a == b:
                out[a, b] = crib_value([Card(a, 0), Card(a, 1)]).crib_ev  # every pair of suits alike
            else:
                suited = crib_value([Card(a, 0), Card(b, 0)]).crib_ev
                offsuit = crib_value([Card(a, 0), Card(b, 1)]).crib_ev
                out[a, b] = (4 * suited + 12 * offsuit) / 16
    return out


def random_table() -> CribTable:
    arr = np.zeros((13, 13))
    for (a, b), v in random_exact().items():
        arr[a, b] = arr[b, a] = float(v)
    return CribTable("random", arr, arr.copy())


def crib_table(model: str = "hessel"):
    """The model's 91 pairs as a DataFrame in Hessel's format (r1, r2, dealer_own_crib,
    pone_into_dealer_crib).

    >>> df = crib_table("hessel")
    >>> len(df), list(df.columns)
    (91, ['r1', 'r2', 'dealer_own_crib', 'pone_into_dealer_crib'])
    """
    import pandas as pd  # lazy: pandas only when used

    return pd.DataFrame(model_table(model).rows(), columns=list(COLUMNS))
