"""The command line's parser: every command's grammar (:mod:`.grammar`) under one top level.

Parsing errors raise :class:`~crib_stats.core.errors.UsageError` instead of printing, so that
:func:`crib_stats.presentation.cli.main` reports every error the same way.
"""

from __future__ import annotations

import argparse

from crib_stats import __version__
from crib_stats.presentation.grammar import game, hands, match, play, review, serve, tables
from crib_stats.presentation.grammar.base import Commands, Parser, formatter, whole_number
from crib_stats.presentation.grammar.serve import SERVE_HOST, SERVE_PORT

GROUPS = (hands, play, tables, game, match, review, serve)  # the order of the commands in --help


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="crib-stats", description="Exact cribbage hand statistics and discard analysis.",
                formatter_class=formatter,
                epilog="examples:\n  crib-stats score 5h 5c 5s jd --starter 5d\n  crib-stats enumerate\n"
                       "  crib-stats discard 5h 6h 7c jd qs kd --dealer\n  crib-stats peg 4 2 3 5 6")
    p.add_argument("--version", action="version", version=f"crib-stats {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.choices = sub._name_parser_map = Commands()  # one object in argparse: filled on look-up

    for group in GROUPS:
        group.add(sub)
    return p


__all__ = ["build_parser", "whole_number", "SERVE_HOST", "SERVE_PORT"]
