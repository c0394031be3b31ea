"""Discard for the board with three players: every throw of one deal ranked by the throwing
seat's chance of winning the game (:func:`crib_stats.game.throws.score_throws` with
``variant="three-player"`` comes here).

You sit at ``seat`` (:data:`SEATS3`: on the dealer's ``left``, who leads; on his ``right``; or
the ``dealer``) with your score, the score of the player on your left and of the player on your
right. The deal is played out under the three-player deal model for each throw
(:mod:`crib_stats.kernels.boardthrow3`): the other two seats are dealt five each of the cards
you have not seen and the crib's card comes from the pack, each throws one card by the game
model's objective for its seat, everyone plays greedy round the table, the points are scored in
the game's order and the game ends the moment a seat reaches the target; a deal that ends below
it passes to the left and is valued by the committed three-player board (:mod:`.board3`, whose
later deals follow the same model). The deals are sampled until every throw's P(win) has a
standard error at most ``accuracy``, every throw on the same deals.

>>> a = score_throws3("5h 6h 7c jd qs", 100, 100, 95, "dealer", hands=256)
>>> len(a.throws), a.seat, a.role, 0 <= a.best.p_win <= 1
(5, 'dealer', 'dealer', True)
"""

from __future__ import annotations

import time

import numpy as np

from crib_stats.core.cards import parse_n

from .board import check_score
from .model import GameError

SEATS3 = ("left", "right", "dealer")  # where you sit, by your turn in the play (0 on the dealer's left, who leads)
SEAT3_HELP = "dealer (you deal), left (on the dealer's left: you lead) or right (on the dealer's right)"
SHORT3 = ("the other two seats are dealt five each of the cards you have not seen and the crib's card comes from the "
          "pack; each throws one card by the game model's objective for its seat (the dealer max E[hand] + E[crib], "
          "the others E[hand] - E[crib]); every starter left; all three play greedy; the game ends the moment a seat "
          "reaches the target; later deals follow the game model (the committed three-player board)")
ASSUMES3 = {
    "deal": "the other two seats are dealt five each of the rest of the cards you have not seen, at random, and the "
            "crib's fourth card comes from the pack",
    "discard": "each of the other two seats throws one card by the game model's objective for its seat (the dealer "
               "max E[hand] + E[crib], the other E[hand] - E[crib]: the crib is an opponent's), random crib model, "
               "the sweep's tie rule; nobody sees another's cards",
    "starter": "the starter is any card left",
    "pegging": "all three play greedy round the table, the dealer's left leading",
    "order": "the points are scored seat by seat in the game's order (his heels, the play point by point, the hands "
             "from the dealer's left round to the dealer, the crib) and the game ends the moment a seat reaches the "
             "target",
    "later_deals": "every later deal follows the game model (the committed three-player board of crib-stats game "
                   "--variant three-player, stored rounded to 1/65535)",
    "p_skunk": "with three players the skunk column is P(you are skunked): another seat wins while you stand below "
               "the skunk line",
}
_TABLES: dict = {}


def seat3_role(seat: str) -> str:
    return "dealer" if seat == "dealer" else "pone"


def check_seat3(role: str | None, seat: str | None) -> str:
    """Whose crib it is (``dealer`` or ``pone``) from a three-player ``seat`` (required)."""
    if seat is None:
        raise GameError(f"discard --score: three-player: say where you sit with --seat: {SEAT3_HELP}")
    if seat not in SEATS3:
        raise GameError(f"discard --score: three-player: --seat must be dealer, left or right, got {str(seat)[:12]!r}")
    if role is not None and role != seat3_role(seat):
        raise GameError(f"discard --score: --seat {seat} means {'you deal' if seat == 'dealer' else 'another deals'}"
                        f", not --{role}")
    return seat3_role(seat)


def check_scores3(mine, left, right, target: int) -> None:
    """Three whole scores below the target (yours, the player on your left's, on your right's)."""
    for name, x in (("MINE", mine), ("LEFT", left), ("RIGHT", right)):
        if x is None:
            raise GameError("discard --score: three-player takes three scores: --score MINE LEFT RIGHT (yours, the "
                            "player on your left's, on your right's)")
        check_score(name, x, target, "discard --score")


def board_table3(target: int) -> tuple[np.ndarray, dict]:
    """The kernel's board (T, T, T, 9) float32: P(win), P(skunked) and the error of P(win), by
    turn, at every position by turn; and the board's model description. Once per process."""
    if target not in _TABLES:
        from ..kernels.board3 import F3_SKUNKED, F3_WIN
        from .board3 import committed3

        b = committed3(target)
        tab = np.concatenate([b.values[F3_WIN:F3_WIN + 3], b.values[F3_SKUNKED:F3_SKUNKED + 3],
                              b.se[F3_WIN:F3_WIN + 3]])
        _TABLES[target] = (np.ascontiguousarray(np.moveaxis(tab, 0, -1), dtype=np.float32), dict(b.meta))
    return _TABLES[target]


def check_inputs3(cards, mine, left, right, seat: str | None, *, role: str | None = None, seed: int = 0,
                  accuracy: float = 0.002, hands: int | None = None, target: int | None = None):
    """The checks :func:`score_throws3` makes before any kernel runs (plain Python): (the variant
    to ``target``, the parsed deal, whose crib it is). Raises the :class:`GameError` it would; the
    server calls it on its event loop."""
    from .board import board_variant
    from .throwsbase import check_sampling

    v = board_variant("three-player", target, "discard --target", three=True)
    dealt = parse_n(cards, v.dealt, "the three-player deal")
    role = check_seat3(role, seat)
    check_scores3(mine, left, right, v.target)
    check_sampling(seed, accuracy, hands, "deals")
    return v, dealt, role


def score_throws3(cards, mine: int, left: int, right: int, seat: str, *, role: str | None = None, seed: int = 0,
                  accuracy: float = 0.002, hands: int | None = None, target: int | None = None):
    """Every throw of five ``cards`` at your score ``mine`` (``left``: the player on your left's,
    ``right``: on your right's) from ``seat``, valued by P(win) (module docstring), in the game to
    ``target`` (None: 121); ``hands``: a fixed number of deals instead of sampling to
    ``accuracy``. A :class:`crib_stats.game.throws.BoardAnalysis` (``theirs`` the left's score,
    ``right`` the right's; ``p_skunk`` P(you are skunked), game points not defined: NaN)."""
    from crib_stats.kernels import boardthrow as kt
    from crib_stats.kernels import boardthrow3 as kt3

    from .throwsbase import MAX_HANDS, BoardAnalysis, deal_arrays, ranked_throws, sampled_deals

    start = time.perf_counter()
    v, dealt, role = check_inputs3(cards, mine, left, right, seat, role=role, seed=seed, accuracy=accuracy,
                                   hands=hands, target=target)
    k, gm_in, srt, codes, unseen = deal_arrays(v.name, dealt)
    throws = k["throws"]
    my_turn = SEATS3.index(seat)
    sc = np.zeros(3, np.int64)
    sc[my_turn], sc[(my_turn + 1) % 3], sc[(my_turn + 2) % 3] = mine, left, right
    tab, meta = board_table3(v.target)
    mine_tab = kt.my_tables(codes, throws, k["hand_table"])
    q_points = int(kt.objective_throw(codes, 1 if role == "dealer" else 2, gm_in))
    common = (unseen, my_turn, sc, v.target, v.skunk, gm_in, mine_tab, tab)
    est = sampled_deals(int(seed), hands, accuracy, common, kt3.table3_values)
    method = f"{est.hands:,} random deals of the other two hands and the crib's card (seed {seed})"
    rows, reached = ranked_throws(est, dealt, srt, throws, q_points, role, v.name, game_points=False)
    capped = f"the cap of {MAX_HANDS:,} deals" if hands is None and reached > accuracy else None
    return BoardAnalysis(dealt=dealt, role=role, variant=v.name, mine=int(mine), theirs=int(left), target=v.target,
                         skunk=v.skunk, seed=int(seed), hands=est.hands, accuracy=float(accuracy), method=method,
                         starters=len(unseen) - 2 * v.dealt - 1, throws=tuple(rows),
                         seconds=time.perf_counter() - start, reached_se=reached, capped=capped,
                         ranked=len(rows), board_model={k2: meta[k2] for k2 in ("variant", "deals", "seed", "discard",
                                                                                 "play", "groups")},
                         points_rank=1 + next(i for i, t in enumerate(rows) if t.points_throw), seat=seat,
                         right=int(right), short=SHORT3, assumes=dict(ASSUMES3))


__all__ = ["score_throws3", "check_inputs3", "SEATS3", "SEAT3_HELP", "check_seat3", "seat3_role"]
