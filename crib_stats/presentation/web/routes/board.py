"""The board: ``/api/game`` (``crib-stats game --json``: the headline figures, or one position with
``at``), ``/api/game/table`` (every position's P(win), compact, for the page's heat map) and
``/api/game/board-play`` (``game --board-play --json``: what throwing for the board is worth).

Everything here reads committed files (the solved boards, the measurement): each is read once
per process and kept, so these answer in milliseconds on the event loop."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Literal

from fastapi import Query, Request
from fastapi.responses import Response

from crib_stats.core.errors import UsageError
from crib_stats.model.variants import VariantError, variant as get_variant
from crib_stats.presentation import options
from crib_stats.presentation.web import api, params

router = api.router()

DISCARD_DOC = ("objective (default: dealer max E[hand] + E[crib], pone max E[hand] - E[crib]) or equilibrium "
               "(six-card: the solved discard game's thrown ranks)")


@lru_cache(maxsize=8)
def board_of(variant: str, discard: str):
    """The committed board of ``variant`` (checked) with ``discard`` discards, read once."""
    from crib_stats.game import board as gb
    from crib_stats.game.model import check_policies, check_variant

    v = check_variant(variant)
    check_policies(discard, "greedy", v.name)
    return gb.committed(v.name, discard)


@lru_cache(maxsize=8)
def _table_text(variant: str, discard: str) -> str:
    from crib_stats.presentation.report.board_table import table_json

    return json.dumps(table_json(board_of(variant, discard)), ensure_ascii=False)


@router.get("/api/game", summary="crib-stats game [--at MINE THEIRS --dealer|--pone] --json: the chance of "
                                 "winning from a board position, or the headline figures")
async def game(
    request: Request,
    at: str | None = Query(None, max_length=40, description="MINE,THEIRS: one position (your score, the "
                           "opponent's), with role (--at MINE THEIRS)"),
    role: Literal["dealer", "pone"] | None = Query(None, description="with at: dealer, you deal next; pone, the "
                                                                     "opponent does (--dealer, --pone)"),
    variant: str = Query("six-card", max_length=40, description="six-card (default; to 121) or five-card (to 61)"),
    discard: str = Query("objective", max_length=40, description=DISCARD_DOC),
):
    from crib_stats.presentation.report import game as rg

    position = params.score_pair(at, request.url.path, "at")
    if _named(variant) == "three-player":  # solved once in minutes: the command line's, not a request's
        raise UsageError("game: the page's board is the two-player and the four-player one; the three-player board "
                         "is the command line's: crib-stats game --variant three-player (solved once, in minutes)")
    v = options.game_position(variant, discard, position, role)
    board = board_of(v.name, discard)
    if position is None:
        return api.json_answer(rg.headline_json(board))
    return api.json_answer(rg.position_json(board, board.position(position[0], position[1], role)))


@router.get("/api/game/table", summary="every position's P(win) for each seat (the p_win column of "
                                       "crib-stats game --csv), compact: rows your score, columns the opponent's")
async def game_table(
    variant: str = Query("six-card", max_length=40, description="six-card (default; to 121) or five-card (to 61)"),
    discard: str = Query("objective", max_length=40, description=DISCARD_DOC),
):
    return Response(_table_text(variant, discard), media_type="application/json",
                    headers={"Cache-Control": "max-age=3600"})


@router.get("/api/game/board-play", summary="crib-stats game --board-play --json: what throwing for the board is "
                                            "worth over whole games (the committed measurement)")
async def board_play():
    from crib_stats.game import boardplay as bp
    from crib_stats.presentation.report import boardthrow as rb

    return api.json_answer(rb.board_play_json(bp.committed()))


def _named(variant: str) -> str | None:
    """The variant's name, or None for a name the model does not know (refused later in its words)."""
    try:
        return get_variant(variant).name
    except VariantError:
        return None


def warm() -> None:
    from crib_stats.game.model import committed_path

    for variant, discard in (("six-card", "objective"), ("five-card", "objective"), ("six-card", "equilibrium")):
        if committed_path(variant, discard).exists():
            _table_text(variant, discard)
