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

>>> exact(Fraction(60759, 12740))
'60759/12740'
>>> wrap("said: " + "fifteen two, " * 8, indent=8).count("\\n")
1
"""

from __future__ import annotations

from fractions import Fraction  # noqa: F401  (the doctests above use it)

from crib_stats.presentation.report.base import (
    SCHEMA_VERSION,
    WIDTH,
    cards,
    exact,
    header,
    plural,
    with_exact,
    wrap,
    wrap_items,
)
from crib_stats.presentation.report.discard import discard_csv, discard_json, discard_text, discard_title  # noqa: F401
from crib_stats.presentation.report.play import (
    count_json,
    count_text,
    extremes_json,
    extremes_text,
    play_json,
    play_table_text,
    play_text,
    policy_title,
)
from crib_stats.presentation.report.show import (
    CSV_COLUMNS,
    ODDS_FOR_TABLE,
    TABLE_VARIANT,
    enumerate_csv,
    enumerate_json,
    enumerate_text,
    odds_csv,
    odds_for,
    odds_json,
    score_json,
    score_text,
    summary_json,
    table_csv,
)
from crib_stats.presentation.report.sweep import seats_json, seats_text, sweep_json, sweep_text  # noqa: F401
