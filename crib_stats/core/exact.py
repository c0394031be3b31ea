"""The one way an exact value is written: ``p/q`` text, and the house JSON pair
``{name: float, name_exact: "p/q"}``.

>>> from fractions import Fraction
>>> frac_text(Fraction(60759, 12740)), frac_text(3)
('60759/12740', '3/1')
>>> exact_items("mean", Fraction(1, 3))
{'mean': 0.3333333333333333, 'mean_exact': '1/3'}
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fractions import Fraction


def frac_text(f: Fraction | int) -> str:
    """``"p/q"`` of an exact value (an int is ``"n/1"``)."""
    from fractions import Fraction  # lazy: fractions imports decimal, 2 ms of crib-stats score

    f = Fraction(f)
    return f"{f.numerator}/{f.denominator}"


def exact_items(name: str, x: Fraction | int) -> dict:
    """``x`` as a float under ``name`` and as ``"p/q"`` under ``name_exact`` (both None for
    a value that is not there)."""
    if x is None:
        return {name: None, f"{name}_exact": None}
    return {name: float(x), f"{name}_exact": frac_text(x)}
