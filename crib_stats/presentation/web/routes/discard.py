"""``/api/discard``: every throw of one deal ranked (``crib-stats discard --json``), by points or,
with ``score``, by the chance of winning the game (``discard --score``: computed in the heavy
pool, as the command line's ``score_throws``)."""

from __future__ import annotations

import json
from typing import Literal

from fastapi import Query, Request

from crib_stats.core.errors import UsageError
from crib_stats.discard import analysis as discard
from crib_stats.presentation import options, report
from crib_stats.presentation.parser import whole_number
from crib_stats.presentation.web import api, params, pool

router = api.router()


@pool.job
def board_throws(cards: tuple, role: str, mine: int, theirs: int, variant: str, seed: int, accuracy: float,
                 top: int | None, seat: str | None = None, right: int | None = None, target: int | None = None) -> str:
    """``discard CARDS --dealer|--pone --score MINE THEIRS [RIGHT] [--seat SEAT] [--target T] --json``
    as it prints it (``seat``: three or four players, where you sit from the dealer; ``right``:
    three players, the score of the player on your right, ``theirs`` the one on your left's)."""
    from crib_stats.game import throws

    a = throws.score_throws(list(cards), role, mine, theirs, variant, seed=seed, accuracy=accuracy, seat=seat,
                            right=right, target=target)
    return json.dumps(report.board_json(a.top(top)), ensure_ascii=False)


@pool.job
def points_throws(cards: tuple, role: str, variant: str) -> str:
    """``discard CARDS --dealer|--pone --variant VARIANT --json`` as it prints it: every throw by
    points (the crib random)."""
    return json.dumps(report.discard_json(discard.analyse(list(cards), role=role, variant=variant)), ensure_ascii=False)


@router.get("/api/discard", responses=api.HEAVY_ERRORS,
            summary="crib-stats discard CARDS --dealer|--pone [options] --json: every throw ranked "
                    "(with score: by P(win the game), discard --score)")
async def discard_(
    request: Request,
    cards: str = Query(..., max_length=200, description=api.CARDS_DOC + " (6 dealt; 5 in the other variants)"),
    role: Literal["dealer", "pone"] | None = Query(None, description="dealer: the crib is yours; pone: "
                                                                     "an opponent's (--dealer, --pone)"),
    variant: str = Query("six-card", max_length=40, description=api.VARIANT_DOC),
    crib_model: str = Query("random", max_length=40, description="random (default, exact), equilibrium or "
                                                                 "hessel (table:FILE is for the command line)"),
    starter: str | None = Query(None, max_length=20, description="fix the starter (a what-if)"),
    need: int | None = Query(None, description="also P(points >= N); ranks by it unless rank_by=ev"),
    rank_by: Literal["ev", "need"] | None = Query(None, description="order by net EV or by P(>= N)"),
    pegging: Literal["greedy", "minimax"] | None = Query(None, description="add each keep's E[peg]"),
    peg_opponent: Literal["random", "equilibrium"] | None = Query(None, description="with pegging: the "
                                                                                    "opponent's keep"),
    top: int | None = Query(None, description="only the best K throws"),
    score: str | None = Query(None, max_length=40, description="MINE,THEIRS (the score before this deal, yours "
                              "then the opponent's; four-player your side's and theirs; three-player MINE,LEFT,RIGHT:"
                              " yours, the left's, the right's): rank the throws by P(win the game), as discard "
                              "--score (no crib_model, starter, need, rank_by, pegging); computed off the event "
                              "loop, a few tenths of a second"),
    seat: Literal["dealer", "partner", "left", "right"] | None = Query(
        None, description="with score, three or four players: where you sit relative to this deal's dealer (--seat): "
        "dealer, partner (four-player), left (you lead) or right"),
    target: int | None = Query(None, description="with score: the game's target (--target; six-card 121, 91 or "
                                                 "61; five-card 61; three-player 121 or 61)"),
    accuracy: float | None = Query(None, description="with score: the largest standard error of P(win) "
                                                     "(default 0.002)"),
    seed: int | None = Query(None, description="with score: the seed of the opponent hands' suits (default 0)"),
):
    if crib_model.startswith("table:"):
        raise UsageError("discard: --crib-model table:FILE reads a file: it is for the command line, "
                         "not the server")
    dealt = api.required_cards(cards, "discard", "cards")
    options.discard_seat(seat, score is not None, role)
    board = params.scores(score, request.url.path)
    target = whole_number(None if target is None else str(target), "--target", 1)
    if board is not None:  # discard --score (game_cli.discard_for_the_board), its checks in its order
        options.discard_for_the_board(need=need, rank_by=rank_by, pegging=pegging, peg_opponent=peg_opponent,
                                      starter=starter, crib_model=crib_model)
        options.score_count(variant, len(board))
        from crib_stats.game import throws

        seed_n = whole_number(None if seed is None else str(seed), "--seed", 0)
        asked = dict(cards=tuple(dealt), role=role, mine=board[0], theirs=board[1], variant=variant,
                     seed=throws.DEFAULT_SEED if seed_n is None else seed_n,
                     accuracy=throws.DEFAULT_ACCURACY if accuracy is None else accuracy, seat=seat,
                     right=board[2] if len(board) == 3 else None, target=target)
        top_k = whole_number(None if top is None else str(top), "--top", 1)
        # what score_throws would refuse is refused here, at once, not after a wait for the heavy pool
        throws.check_inputs(list(dealt), role, asked["mine"], asked["theirs"], variant, seed=asked["seed"],
                            accuracy=asked["accuracy"], target=target, seat=seat, right=asked["right"])
        return await api.heavy_answer(request, board_throws, **asked, top=top_k)
    need_n = whole_number(None if need is None else str(need), "--need")
    top_k = whole_number(None if top is None else str(top), "--top", 1)
    options.discard_by_points(need=need_n, rank_by=rank_by, pegging=pegging, peg_opponent=peg_opponent, seed=seed,
                              accuracy=accuracy, target=target)
    a = discard.analyse(dealt, role=role, variant=variant, crib_model=crib_model, starter=starter,
                        need=need_n, rank_by=rank_by, pegging=pegging, peg_opponent=peg_opponent)
    return api.json_answer(report.discard_json(a.top(top_k)))


def warm() -> None:
    discard.analyse("5h 6h 7c jd qs kd", role="dealer")
    discard.analyse("5h 6h 7c jd qs", role="pone", variant="five-card", need=8)
    for policy in ("greedy", "minimax"):  # E[peg]: the play tables are read once per process
        discard.analyse("5h 6h 7c jd qs kd", role="dealer", pegging=policy, peg_opponent="equilibrium")
        discard.analyse("5h 6h 7c jd qs kd", role="pone", pegging=policy)


def warm_heavy() -> None:
    """In each heavy worker: the board-throw kernels and the deal model's inputs, both variants."""
    board_throws(("5h", "6h", "7c", "jd", "qs", "kd"), "dealer", 118, 116, "six-card", 0, 0.01, 1)
    board_throws(("5h", "6h", "7c", "jd", "qs"), "pone", 55, 58, "five-card", 0, 0.01, 1)
