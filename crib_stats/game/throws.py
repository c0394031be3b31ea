"""Discard for the board: every throw of one deal ranked by the chance of winning the game.

At a position (your score, the opponent's, who deals) the deal is played out under the game
model (:mod:`.model`) for each throw: the opponent is dealt six (five) of the cards you have not
seen and throws by the model's discard policy for their seat (the sweep objective, objective
discards), the starter is any card left, both play greedy, the points are scored in the game's
order and the game ends the moment someone reaches the target. A deal that ends below it
passes to the next position, valued by the committed board (:func:`.board.committed`): every
later deal follows the model. So

    P(win | throw) = sum over this deal's outcomes of P(outcome | throw) x (1 if you reach the
    target first, 0 if the opponent does, else the board's P(win) at the new position with the
    deal passed).

Four players in partnership (``four-player``, ``seat``: where you sit relative to the dealer,
:data:`SEATS`) are played alike by side: the other three seats are dealt five each of the cards
you have not seen, each throws one card by the model's objective for its side (the dealing
side's two as the dealer, the others as the pone), all four play greedy round the table, the
hands show from the dealer's left round to the dealer, then the crib, and the next deal (to the
other side) is valued by the committed four-player board. The three hands are drawn together at
random (:func:`crib_stats.kernels.boardtable.table_values`), every starter left (32) enumerated
for each, every throw on the same deals.

The opponent's hands are sampled (:mod:`crib_stats.kernels.boardthrow`: enumerating all
C(46, 6) with their own suit-dependent throws would take minutes), every starter left is
enumerated for each, and every throw sees the same hands (common random numbers), so the
difference between two throws is far more precise than either. Hands are drawn in batches until
every throw's P(win) has a standard error at most ``accuracy`` (0.002 by default), or until
:data:`MAX_DRAWS` suit draws of every multiset (``capped`` then says so, ``reached_se`` what was
reached): the result depends only on the seed and the number of hands, printed with it. That
error covers the sampling of this deal's opponent hands only; the board's own error (its jackknife, ``Board.se``)
is bounded separately (``table_se``: the mean of the board's error over the positions reached,
at least the error it adds) and mostly cancels between throws.

>>> a = score_throws("5h 6h 7c jd qs kd", "pone", 117, 117, hands=256)
>>> len(a.throws), a.hands, 0 <= a.best.p_win <= 1
(15, 256, True)
"""

from __future__ import annotations

import time

import numpy as np

from crib_stats.core.cards import parse_n
from crib_stats.model.variants import variant as get_variant

from .board import Board, board_variant, check_position, committed_meta, committed_tables, kernel_tables
from .model import GameError
from .throwsbase import (ASSUMES, DEFAULT_ACCURACY, DEFAULT_SEED, MAX_DRAWS, MAX_HANDS, MODEL_KEYS, SHORT,  # noqa: F401
                         BoardAnalysis, BoardThrow, Estimate, board_inputs, check_sampling, deal_arrays,
                         ranked_throws, sampled_deals)

# four players: where you sit, by your turn in the play (0 on the dealer's left, who leads)
SEATS = ("left", "partner", "right", "dealer")
SEAT_HELP = ("dealer (you deal), partner (the dealer's partner, opposite him), left (on the dealer's left: you lead) "
             "or right (on the dealer's right)")

SHORT_FOUR = ("the other three seats are dealt five each of the cards you have not seen and each throws one card by "
              "the game model's objective for its side (the dealing side's two as the dealer, max E[hand] + E[crib]; "
              "the others as the pone, E[hand] - E[crib]); every starter left; all four play greedy; the game ends "
              "the moment a side reaches the target; later deals follow the game model (the committed four-player "
              "board)")
ASSUMES_FOUR = {
    "deal": "the other three seats are dealt five each of the rest of the cards you have not seen, at random",
    "discard": "each of the other three seats throws one card by the game model's objective for its side: your "
               "partner as you are (the dealer's side as the dealer, max E[hand] + E[crib]; the other side as the "
               "pone, E[hand] - E[crib]), random crib model, the sweep's tie rule; nobody sees another's cards",
    "starter": "the starter is any card left",
    "pegging": "all four play greedy round the table, the dealer's left leading",
    "order": "the points are scored by side in the game's order (his heels, the play point by point, the hands from "
             "the dealer's left round to the dealer, the crib) and the game ends the moment a side reaches the "
             "target",
    "later_deals": "every later deal follows the game model (the committed four-player board of crib-stats game)",
}


def seat_role(seat: str) -> str:
    """Whose crib it is from a four-player seat: the dealing side's (``dealer``) or not (``pone``).

    >>> seat_role("partner"), seat_role("left")
    ('dealer', 'pone')
    """
    return "dealer" if seat in ("dealer", "partner") else "pone"


def _board_tables(b: Board | None, variant: str, target: int | None = None) -> np.ndarray:
    """The kernels' board (:func:`.board.kernel_tables`) of ``b``, or of the committed board
    to ``target`` read alone (its values and errors, not the whole deal model: 50 ms less a
    process)."""
    values, se = committed_tables(variant, target=target) if b is None else (b.values, b.se)
    return kernel_tables(values, se)


def kernel_keeps(kept: int) -> np.ndarray:
    """Every kept rank multiset of ``kept`` cards (at most four of a rank), (K, 13) counts."""
    from crib_stats.kernels.combinatorics import rank_multisets

    return rank_multisets(kept, np.arange(13, dtype=np.int64))


def strata(dealt: int, unseen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The opponent's possible dealt rank multisets from the ``unseen`` cards, (M, 13) counts,
    and the ways to hold each (prod over ranks of C(unseen of the rank, count)), exact ints."""
    from math import comb

    from crib_stats.kernels.combinatorics import rank_multisets

    u = np.bincount(unseen >> 2, minlength=13)
    ms = rank_multisets(dealt, np.arange(13, dtype=np.int64))
    ms = np.ascontiguousarray(ms[(ms <= u).all(axis=1)])
    ways_of = np.array([[comb(int(n), c) for c in range(7)] for n in u], np.int64)  # [rank, count]
    ways = ways_of[np.arange(13), ms].prod(axis=1)  # at most C(46, 6): exact in int64
    return ms, ways


def _stratified(v, unseen: np.ndarray, seed: int, accuracy: float, common: tuple) -> Estimate:
    """Every opponent rank multiset, weighted by its ways, each with suit draws until every
    throw's P(win) error is at most ``accuracy`` (two draws at least, for the error)."""
    from crib_stats.kernels import boardthrow as kt

    ms, ways = strata(v.dealt, unseen)
    w = ways / int(ways.sum())
    by_rank = np.zeros((13, 4), np.int64)
    n_by_rank = np.zeros(13, np.int64)
    for c in unseen:
        r = int(c) >> 2
        by_rank[r, n_by_rank[r]] = c
        n_by_rank[r] += 1
    rows = np.arange(len(ms), dtype=np.int64)
    draws = []
    while True:
        draws.append(kt.stratum_values(seed, len(draws), ms, rows, by_rank, n_by_rank, *common))
        if len(draws) < 2:
            continue
        est = Estimate(np.stack(draws, axis=1), w, len(draws), len(ms) * len(draws), len(ms))
        se = float(est.of(est.values[..., kt.V_WIN])[1].max())
        if se <= accuracy or len(draws) >= MAX_DRAWS:
            return est


def check_seat(v, role: str | None, seat: str | None) -> str | None:
    """Whose crib it is (``dealer`` or ``pone``) in the variant ``v``: ``role`` for two players
    (who must give no seat); for four players the side of ``seat`` (one of :data:`SEATS`,
    required; a ``role`` given must agree with it). One line for anything else.

    >>> check_seat(__import__("crib_stats.model.variants").model.variants.variant("four-player"), None, "right")
    'pone'
    """
    if not v.teams:
        if seat is not None:
            raise GameError("discard --score: --seat goes with --variant three-player or four-player (two players "
                            "need only --dealer or --pone)")
        return role
    if seat is None:
        raise GameError(f"discard --score: four-player: say where you sit with --seat: {SEAT_HELP}")
    if seat not in SEATS:
        raise GameError(f"discard --score: --seat must be dealer, partner, left or right, got {str(seat)[:12]!r}")
    if role is not None and role != seat_role(seat):
        side = "your side deals (--dealer)" if seat_role(seat) == "dealer" else "the other side deals (--pone)"
        raise GameError(f"discard --score: --seat {seat} means {side}, not --{role}")
    return seat_role(seat)


def check_inputs(cards, role: str, mine: int, theirs: int, variant: str = "six-card", *, seed: int = DEFAULT_SEED,
                 accuracy: float = DEFAULT_ACCURACY, hands: int | None = None, target: int | None = None,
                 seat: str | None = None, right: int | None = None):
    """The checks :func:`score_throws` makes before any kernel runs (plain Python): the variant
    played to ``target`` (None: its default) and the parsed deal (three players:
    :func:`.throws3.check_inputs3`, ``right`` the score on your right). Raises the
    :class:`GameError` it would; the server calls it on its event loop so that a request it would
    refuse never waits for the heavy pool."""
    if get_variant(variant).players == 3:
        from .throws3 import check_inputs3

        v, dealt, _ = check_inputs3(cards, mine, theirs, right, seat, role=role, seed=seed, accuracy=accuracy,
                                    hands=hands, target=target)
        return v, dealt
    v = board_variant(board_variant(variant, where="discard --score", partners=True).name, target, "discard --target",
                      partners=True)
    dealt = parse_n(cards, v.dealt, f"the {v.name} deal")
    role = check_seat(v, role, seat)
    check_position(mine, theirs, v.target, role, where="discard --score", deals="this deal")
    check_sampling(seed, accuracy, hands, "deals" if v.teams else "opponent hands")
    return v, dealt


def throws_view(view, seed: int = DEFAULT_SEED) -> "BoardAnalysis":
    """:func:`score_throws` at a discard decision of a seat's :class:`~crib_stats.model.view.View`:
    every throw of its hand by P(win) at its scores, to its game's target, on ``seed`` (the
    players and the reviews ask this)."""
    return score_throws(view.hand, view.role, variant=view.variant, seed=seed, target=view.target,
                        **view_position(view))


def view_position(view) -> dict:
    """A view's position as :func:`score_throws` takes it: ``mine``, ``theirs`` (three players:
    the player on your left's score), ``right`` (three players: on your right's) and ``seat``."""
    n = len(view.seats)
    if n == 3:
        i = view.seats.index(view.seat)
        return dict(mine=view.score, theirs=view.scores[view.seats[(i + 1) % n]],
                    right=view.scores[view.seats[(i + 2) % n]], seat=view_seat(view))
    return dict(mine=view.score, theirs=view.opponent_score, right=None, seat=view_seat(view))


def view_seat(view) -> str | None:
    """The seat of a view with three players (:data:`.throws3.SEATS3`) or four (:data:`SEATS`),
    None for two: the turn in the play, counted clockwise (the seats' order) from the dealer's
    left."""
    n = len(view.seats)
    if n == 2:
        return None
    from crib_stats.model.seats import turn_of

    from .throws3 import SEATS3

    turn = turn_of(view.seats.index(view.seat), view.seats.index(view.dealer_seat), n)
    return (SEATS3 if n == 3 else SEATS)[turn]


def score_throws(cards, role: str, mine: int, theirs: int, variant: str = "six-card", *, seed: int = DEFAULT_SEED,
                 accuracy: float = DEFAULT_ACCURACY, hands: int | None = None, board: Board | None = None,
                 target: int | None = None, seat: str | None = None, right: int | None = None) -> BoardAnalysis:
    """Every throw of ``cards`` at (mine, theirs) as ``role`` this deal, valued by P(win) (see
    the module docstring) in the game to ``target`` (None: the variant's default). ``hands``: a
    fixed number of opponent hands instead of sampling to ``accuracy``; ``board``: the board of
    later deals (default: the committed one to ``target``; a given board has its own target).
    Three players (:mod:`.throws3`): ``theirs`` is the score of the player on your left,
    ``right`` of the one on your right, ``seat`` where you sit."""
    from crib_stats.kernels import boardthrow as kt

    if get_variant(variant).players == 3 and board is None:
        from .throws3 import score_throws3

        return score_throws3(cards, mine, theirs, right, seat, role=role, seed=seed, accuracy=accuracy, hands=hands,
                             target=target)
    start = time.perf_counter()
    if board is not None:
        target = board.target
    v, dealt = check_inputs(cards, role, mine, theirs, variant, seed=seed, accuracy=accuracy, hands=hands,
                            target=target, seat=seat)
    role = check_seat(v, role, seat)
    k, gm_in, srt, codes, unseen = deal_arrays(v.name, dealt)
    throws = k["throws"]
    tab = _board_tables(board, v.name, v.target)
    target, skunk = v.target, v.skunk
    my_role = 1 if role == "dealer" else 2
    keeps = kernel_keeps(v.kept)
    mine_tab, rows, pre, done, q_points = kt.deal_setup(codes, throws, k["hand_table"], keeps, my_role, int(mine),
                                                        int(theirs), target, skunk, v.play_stops_at_first_go, gm_in)
    q_points = int(q_points)
    if v.teams:
        common = (unseen, SEATS.index(seat), v.players, target, skunk, gm_in, mine_tab, int(mine), int(theirs),
                  v.play_stops_at_first_go, tab)
        est = sampled_deals(int(seed), hands, accuracy, common)
        method = f"{est.hands:,} random deals of the other three hands (seed {seed})"
        cap = f"the cap of {MAX_HANDS:,} deals"
    else:
        prefix = (keeps, rows, pre, done, int(mine), int(theirs), v.play_stops_at_first_go)
        common = (unseen, my_role, target, skunk, gm_in, mine_tab, prefix, tab)
        cap = f"the draw cap ({MAX_DRAWS} suit draws of every opponent rank multiset)"
        if hands is not None:
            est = Estimate.sampled(kt.sampled_values(int(seed), 0, int(hands), *common))
            method = f"{hands:,} random opponent hands (seed {seed})"
        else:
            est = _stratified(v, unseen, int(seed), accuracy, common)
            method = (f"every opponent rank multiset ({est.units:,}) weighted by its ways, {est.draws} suit draw"
                      f"{'s' if est.draws > 1 else ''} each (seed {seed})")
    rows, reached = ranked_throws(est, dealt, srt, throws, q_points, role, v.name)
    capped = cap if hands is None and reached > accuracy else None
    return BoardAnalysis(dealt=dealt, role=role, variant=v.name, mine=int(mine), theirs=int(theirs), target=target,
                         skunk=skunk, seed=int(seed), hands=est.hands, accuracy=float(accuracy), method=method,
                         starters=len(unseen) - (v.players - 1) * v.dealt, throws=tuple(rows),
                         seconds=time.perf_counter() - start,
                         reached_se=reached, capped=capped, ranked=len(rows),
                         board_model=(committed_meta(v.name) if board is None
                                      else {k: board.meta[k] for k in MODEL_KEYS}),
                         points_rank=1 + next(i for i, t in enumerate(rows) if t.points_throw), seat=seat,
                         **(dict(short=SHORT_FOUR, assumes=dict(ASSUMES_FOUR)) if v.teams else {}))


__all__ = ["score_throws", "BoardAnalysis", "BoardThrow", "DEFAULT_SEED", "DEFAULT_ACCURACY"]
