"""Presentation: every text table, CSV and JSON object the command line prints.

The library returns result objects (:class:`~crib_stats.show.scoring.Breakdown`,
:class:`~crib_stats.show.enumeration.Summary`, :class:`~crib_stats.show.deals.Odds`,
:class:`~crib_stats.discard.analysis.DiscardAnalysis`, :class:`~crib_stats.peg.pegging.PlayResult`,
:class:`~crib_stats.peg.pegging.Extremes`); this module turns them into what people and machines
read. Text stays within 80 columns.

One JSON schema for every command (``SCHEMA_VERSION``): every object has ``schema_version``,
``command`` and ``variant``; cards are always lists of strings; an exact value ``x`` is a float
under ``x`` and the exact fraction as a "p/q" string under ``x_exact``; keys use the names of
the command line (``five-card``, ``three-four-player-deal``).

>>> from fractions import Fraction
>>> exact(Fraction(60759, 12740))
'60759/12740'
>>> wrap("said: " + "fifteen two, " * 8, indent=8).count("\\n")
1
"""

from __future__ import annotations

from importlib import import_module

from crib_stats.presentation.report.base import exact, wrap  # noqa: F401  (the doctests above use them)

# name -> the module that defines it, imported on first use: a command loads only its own report
_NAMES = {
    "SCHEMA_VERSION": "base",
    "WIDTH": "base",
    "cards": "base",
    "exact": "base",
    "header": "base",
    "plural": "base",
    "with_exact": "base",
    "wrap": "base",
    "wrap_items": "base",
    "advise_json": "advise",
    "advise_text": "advise",
    "board_csv": "boardthrow",
    "board_json": "boardthrow",
    "board_text": "boardthrow",
    "board_title": "boardthrow",
    "board_verdict": "boardthrow",
    "discard_csv": "discard",
    "discard_json": "discard",
    "discard_text": "discard",
    "discard_title": "discard",
    "count_json": "play",
    "count_text": "play",
    "extremes_json": "play",
    "extremes_text": "play",
    "play_json": "play",
    "play_table_text": "play",
    "play_text": "play",
    "policy_title": "play",
    "CSV_COLUMNS": "show",
    "ODDS_FOR_TABLE": "show",
    "TABLE_VARIANT": "show",
    "enumerate_csv": "show",
    "enumerate_json": "show",
    "enumerate_text": "show",
    "odds_csv": "show",
    "odds_for": "show",
    "odds_json": "show",
    "score_json": "show",
    "score_text": "show",
    "summary_json": "show",
    "table_csv": "show",
    "seats_json": "sweep",
    "seats_text": "sweep",
    "sweep_json": "sweep",
    "sweep_text": "sweep",
}


def __getattr__(name: str):
    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = sorted(_NAMES)
