"""The one data locator: the committed tables ship inside the package (``crib_stats/data/``,
package data of the wheel) and are found with :mod:`importlib.resources`, whatever the working
directory or the install (editable checkout, wheel, read-only site-packages).

Only ``make data`` (scripts/regenerate_data.py) writes there, and it passes the folder
explicitly (:data:`DATA_DIR`); no library function writes into the package by default.

>>> data_file("hand.csv").name
'hand.csv'
>>> data_file("hand.csv").is_file()
True
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from crib_stats.core.errors import CribStatsError

DATA_DIR = Path(str(files("crib_stats").joinpath("data")))


class DataError(CribStatsError):
    """A committed table that is missing from this install (one-line message)."""


def data_file(name: str, *, must_exist: bool = False) -> Path:
    """The path of the committed file ``name`` (e.g. ``"hand.csv"``); with ``must_exist`` a
    missing file is a one-line :class:`DataError` naming the regenerating command."""
    path = DATA_DIR / name
    if must_exist and not path.is_file():
        raise DataError(f"{name} is missing from this install of crib-stats ({DATA_DIR}); "
                        "reinstall it, or regenerate the tables with `make data` in a checkout")
    return path
