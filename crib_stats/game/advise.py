"""Which card to play now, against the hands the opponent can really hold (``crib-stats advise``).

The model (:data:`ASSUMES`): the opponent's six cards are uniform over the cards you have not
seen (the pack less your dealt cards and the starter); they threw by a stated policy for their
seat (``objective``: dealer max E[hand] + E[crib], pone max E[hand] - E[crib], random crib
model, exact, throws tied on it sharing the hand's weight evenly; ``equilibrium``: the solved
rank-level game's purified thrown ranks, the cards of those ranks by the objective, ties shared
the same way); their kept cards must reproduce the play so far under the rules. For each card
you may play now: E[your play points from now on - theirs], that card's points included, both
players playing ``greedy`` after it (``rest="minimax"``: both playing the rest optimally with
both hands visible), as an exact weighted sum over every consistent opponent hand
(:mod:`crib_stats.kernels.posterior`, :mod:`crib_stats.kernels.advise`).

With ``score=(MINE, THEIRS)`` (the score now, the points pegged so far included) each card also
gets P(you win the game): the rest of the play, the pone's hand, the dealer's hand and the crib,
in order, the game ending the moment a side reaches the target, then the committed board's
P(win) with the deal passed (:mod:`crib_stats.game.board`). The input is checked (a card played
twice, the starter or a thrown card played, a pass when you could play, ...) by
:mod:`crib_stats.game.situation`.

>>> a = advise("5h 6h 7c jd qs kd", throw="qs kd", starter="4c", role="dealer", played="10s")
>>> [p.card for p in a.plays][:1], a.greedy
(['5♥'], '5♥')
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

import numpy as np

from crib_stats.core.exact import frac_text
from crib_stats.game.situation import AdviseError, Situation, check_score, from_view, situation, why_impossible
from crib_stats.model.seats import ROLES
from crib_stats.model.variants import variant as get_variant

from .advise_tables import FULL, hand_keeps, kernel_tables, policy, rank_counts

POLICIES = ("objective", "equilibrium")
RESTS = ("greedy", "minimax")  # how both play after the card advised (the kernel's GREEDY, MINIMAX)
WHEN_NO_HAND = ("refuse", "widen")  # what advise does when no hand of the policy's posterior fits the play
SCALE = 360360  # lcm(1..15): a hand's weight split evenly among up to 15 tied throws stays whole
ASSUMES = {
    "deal": "the opponent's {dealt} cards are uniform over the {unseen} cards you have not seen "
            "(the pack less your dealt cards and the starter)",
    "objective": "the opponent threw to maximise E[hand] + E[crib] as dealer, E[hand] - E[crib] as "
                 "pone (random crib, exact, from their own cards only); throws tied exactly share "
                 "the hand's weight evenly",
    "equilibrium": "the opponent threw the ranks of the solved rank-level discard game's most probable "
                   "throw for their seat (data/equilibrium_strategy.parquet purified), the cards of those "
                   "ranks by the objective; throws tied exactly share the hand's weight evenly",
    "widened": "no hand the {policy} policy throws fits the play so far, so the policy is dropped: every "
               "hand of the cards you have not seen that holds the cards the opponent played and fits the "
               "play so far is equally likely (every dealt hand and every throw of it: the kept cards "
               "uniform, the thrown cards uniform over the rest)",
    "history": "every card the opponent played is in their kept cards, and whenever it was their "
               "turn and they did not play (a go) none of their remaining cards fitted",
    "play": "after the card you play, both players play greedy to the end of the play (the card "
            "scoring most for itself; ties to a count off 5, 10 and 21, then the higher rank; a lead "
            "from A-4 when held); suits never matter in the play",
    "play_minimax": "after the card you play, both players play the rest of the play optimally with both "
                    "hands visible, for each hand the opponent can hold (the dealer maximises dealer - pone "
                    "pegging, the pone minimises it; ties to the lower rank); suits never matter in the play",
}


@dataclass(frozen=True)
class CardAdvice:
    card: str
    ev: Fraction  # E[your points from now on - theirs]
    gives_up: Fraction  # against the best card
    p_win: float | None = None
    p_win_bound: float | None = None  # the board's error carried through (every error one way)
    p_win_skunk: float | None = None
    p_skunked: float | None = None

    def as_dict(self) -> dict:
        d = {"card": self.card, "ev": float(self.ev), "ev_exact": frac_text(self.ev),
             "gives_up": float(self.gives_up), "gives_up_exact": frac_text(self.gives_up)}
        if self.p_win is not None:
            d.update(p_win=self.p_win, p_win_error_bound=self.p_win_bound, p_win_skunk=self.p_win_skunk,
                     p_skunked=self.p_skunked)
        return d


@dataclass(frozen=True)
class Advice:
    """What :func:`advise` answers: every card you may play now, best first, each with
    E[your play points from now on - theirs] (exact, a ``Fraction``), what it gives up against
    the best and, with a score, its P(win); the position (hand, throw, starter, the play so far,
    the count), how many opponent hands are still possible of how many, the greedy card, and
    the model (:meth:`assumptions`). ``posterior`` is ``"widened"`` where no hand thrown by the
    policy fitted the play (``when_no_hand="widen"``). docs/commands/advise.md shows it at work.
    """

    variant: str
    role: str
    hand: tuple[str, ...]  # the kept cards
    throw: tuple[str, ...]
    starter: str
    played: tuple[tuple[str, str], ...]  # (card, "you"/"opponent") in order
    count: int
    plays: tuple[CardAdvice, ...]  # best first (by P(win) with a score, else by ev)
    greedy: str
    policy: str
    hands_consistent: int
    hands_total: int
    seconds: float
    score: tuple[int, int] | None = None
    best_for_points: str | None = None
    posterior: str = "policy"  # "widened": no hand of the policy's fitted the play (advise's when_no_hand)
    target: int | None = None  # with a score: the game's target (the board's)
    rest: str = "greedy"  # how both play after the card (RESTS)

    def assumptions(self) -> dict:
        """The model, clause by clause (``deal``, ``discard``, ``history``, ``rest_of_play``, and
        ``board`` with a score): each a sentence, as ``--json`` prints it under ``model.assumes``."""
        v = get_variant(self.variant)
        discard = ASSUMES[self.policy] if self.posterior == "policy" else ASSUMES["widened"].format(policy=self.policy)
        out = {"deal": ASSUMES["deal"].format(dealt=v.dealt, unseen=52 - v.dealt - 1),
               "discard": discard, "history": ASSUMES["history"], "rest_of_play": ASSUMES["play" if self.rest == "greedy" else "play_minimax"]}
        if self.score is not None:
            out["board"] = ("the rest of this deal as above, then the pone's hand, the dealer's hand and "
                            "the crib, the game ending the moment a side reaches the target; after it the "
                            "committed board (crib-stats game) with the deal passed; p_win_error_bound "
                            "adds the board's jackknife errors as if all in one direction")
        return out

    def summary(self) -> str:
        """The model in one clause for the text report (:meth:`assumptions` states it in full)."""
        dealt = {5: "five", 6: "six"}[get_variant(self.variant).dealt]
        thrown = (f"thrown by the {self.policy} policy (tied throws share)" if self.posterior == "policy" else
                  "any throw equally likely (widened)")
        return (f"the opponent's {dealt} cards are uniform over the cards you have not seen, {thrown}, "
                "consistent with the play so far")

    def as_dict(self) -> dict:
        """The advice as ``crib-stats advise --json`` prints it (without the command's
        ``schema_version``, ``command`` and timing)."""
        return {"variant": self.variant, "role": self.role, "hand": list(self.hand), "throw": list(self.throw),
                "starter": self.starter, "played": [{"card": c, "by": who} for c, who in self.played],
                "count": self.count, "model": {"name": f"advise/{self.policy}/{self.rest}", "discard_policy": self.policy,
                                               "play_policy": self.rest, "assumes": self.assumptions()},
                "hands_consistent": self.hands_consistent, "hands_total": self.hands_total,
                "greedy": self.greedy, "score": list(self.score) if self.score else None, "target": self.target,
                "best_for_points": self.best_for_points, "posterior": self.posterior,
                "plays": [p.as_dict() for p in self.plays]}


# ------------------------------------------------------------------------------------------
# The advice
# ------------------------------------------------------------------------------------------


def check_inputs(dealt, throw, starter, role: str, played=(), *, discard_policy: str = "objective",
                 score: tuple[int, int] | None = None, variant: str = "six-card", when_no_hand: str = "refuse",
                 target: int | None = None, rest: str = "greedy"):
    """The checks :func:`advise` makes of its inputs before any kernel runs (plain Python, a
    millisecond): the :class:`Situation`, the variant and the committed board to ``target``
    (None without ``score``; ``target`` None: the variant's default; a target without a score
    is refused, it changes nothing). Raises the :class:`AdviseError` :func:`advise` would; the server calls it on
    its event loop so that a request it would refuse never waits for the heavy pool."""
    if discard_policy not in POLICIES:
        raise AdviseError(f"advise: unknown --discard-policy {discard_policy!r:.20}; choose "
                          f"{' or '.join(POLICIES)}")
    if rest not in RESTS:
        raise AdviseError(f"advise: unknown --rest {rest!r:.20}; choose {' or '.join(RESTS)}")
    if when_no_hand not in WHEN_NO_HAND:
        raise AdviseError(f"advise: unknown --when-no-hand {when_no_hand!r:.20}; choose {' or '.join(WHEN_NO_HAND)}")
    sit = situation(dealt, throw, starter, role, played, variant)
    v = get_variant(sit.variant)
    if discard_policy == "equilibrium" and v.name != "six-card":
        raise AdviseError("advise: the equilibrium discards are solved for the six-card game only")
    board = None
    if score is None and target is not None:
        raise AdviseError("advise: --target goes with --score MINE THEIRS (E[points] does not depend on the target)")
    if score is not None:
        from crib_stats.game.board import board_variant

        t = board_variant(v.name, target, "advise --target").target
        board = check_score(score, v.name, discard_policy, committed_board(v.name, discard_policy, t))
    return sit, v, board


def advise(dealt, throw, starter, role: str, played=(), *, discard_policy: str = "objective",
           score: tuple[int, int] | None = None, variant: str = "six-card", deck: tuple[int, ...] = FULL,
           walk: str = "auto", detail: dict | None = None, when_no_hand: str = "refuse",
           target: int | None = None, rest: str = "greedy") -> Advice:
    """Every card you may play now, with E[your play points from now on - the opponent's] under
    the model of the module docstring (and P(win) with ``score``), best first. ``deck``: the
    ranks of a reduced pack (for the tests); ``walk``: ``table`` (the default ``auto``: the
    per-machine table of every hand's keep, read as exceptions to each rank multiset's usual
    keep; with ``score`` the show from the same table, only the hands whose suits add points
    moved one by one, :mod:`crib_stats.kernels.keepshow`) or ``cards`` (every hand, one at a
    time, the objective evaluated for each): both give the same exact answer. ``detail``: a dict that
    receives the arrays behind the answer (the posterior's weight per kept multiset ``w_row``,
    ``net`` per multiset and candidate rank ``cand_ranks``, and the replay's inputs), for
    measurements. ``when_no_hand``: when no hand the policy throws fits the play so far (an
    opponent who did not throw by it), ``refuse`` raises :class:`AdviseError`; ``widen`` drops
    the policy (:data:`ASSUMES` ``widened``: every hand that fits, every throw of it, equally
    likely) and says so in the answer's ``posterior``. ``target``: with ``score``, the game's
    target (None: the variant's default; six-card 121, 91 or 61)."""
    start = time.perf_counter()
    sit, v, board = check_inputs(dealt, throw, starter, role, played, discard_policy=discard_policy, score=score,
                                 variant=variant, when_no_hand=when_no_hand, target=target, rest=rest)
    return _advise(sit, v, board, start, discard_policy=discard_policy, score=score, deck=deck, walk=walk,
                   detail=detail, when_no_hand=when_no_hand, rest=rest)


def advise_view(view, score: bool, *, discard_policy: str = "objective", when_no_hand: str = "widen",
                rest: str = "greedy") -> Advice:
    """:func:`advise` at a play decision of a seat's :class:`~crib_stats.model.view.View`: the
    situation is the view's (the seat's dealt cards, its throw, the starter, every card played
    and by whom), which the referee has checked, so it is taken as it is; ``score``: by P(win)
    at the view's scores in the game to its target (True) or by E[points] (False). The players
    and the reviews ask this."""
    start = time.perf_counter()
    sit = from_view(view)
    v = get_variant(sit.variant)
    at = (view.score, view.opponent_score) if score else None
    board = committed_board(v.name, discard_policy, view.target) if score else None
    return _advise(sit, v, board, start, discard_policy=discard_policy, score=at, when_no_hand=when_no_hand,
                   rest=rest)


def _advise(sit: Situation, v, board, start: float, *, discard_policy: str, score, deck=FULL, walk: str = "auto",
            detail: dict | None = None, when_no_hand: str, rest: str = "greedy") -> Advice:
    """The advice at the situation ``sit`` (:func:`advise`'s docstring)."""
    from crib_stats.kernels import advise as ka, posterior  # lazy: numba only when used

    deck = tuple(sorted(set(int(r) for r in deck)))
    if deck != FULL and discard_policy != "objective":
        raise AdviseError("advise: a reduced pack takes the objective policy")
    if any(c.rank not in deck for c in (*sit.kept, *sit.thrown, sit.starter, *sit.played)):
        raise AdviseError("advise: a card is not in the pack")
    k = kernel_tables(v.name, discard_policy, deck)
    mine = rank_counts(sit.kept)
    n = len(sit.played)
    ranks = np.array([c.rank for c in sit.played] + [0], np.int64)
    owners = np.array([0 if m else 1 for m in sit.mine] + [0], np.int64)
    stop = v.play_stops_at_first_go
    sets = k["keep_sets"]
    left = [c for c in sit.kept if c not in sit.played]
    left_ranks = sorted({c.rank for c in left})
    # the replay against every kept multiset of theirs, and the rest of the play after each of
    # your ranks that fits the count (which the replay gives)
    status, net, who, pts, n_ev = ka.card_values(mine, sets, sit.me, ranks, owners, n, stop,
                                                 np.array(left_ranks, np.int64),
                                                 ka.MINIMAX if rest == "minimax" else ka.GREEDY)
    ok = status == ka.OK
    if not ok.any():
        raise AdviseError(why_impossible(sit, status))
    greedy_r, count = ka.now(mine, sets[int(np.argmax(ok))], sit.me, ranks, owners, n, stop)
    legal = [c for c in left if c.pip <= 31 - count]
    cand_ranks = sorted({c.rank for c in legal})
    cols = [left_ranks.index(r) for r in cand_ranks]
    net, who, pts, n_ev = net[:, cols], who[:, cols], pts[:, cols], n_ev[:, cols]
    known = {c.code for c in (*sit.kept, *sit.thrown, sit.starter)}
    pool = np.array([c for c in range(52) if c not in known and c >> 2 in deck], np.int64)
    must = np.array(sorted(c.code for c, m in zip(sit.played, sit.mine) if not m), np.int64)
    opp_role = 2 if sit.me == 1 else 1  # the opponent's seat in the objective: 1 dealer, 2 pone
    with_show = board is not None
    if walk not in ("auto", "cards", "table"):
        raise AdviseError(f"advise: walk is auto, cards or table, got {walk!r:.20}")
    qry = posterior.Query(ok, SCALE, with_show, sit.starter.code,
                          np.array(sorted(c.code for c in sit.thrown), np.int64), k["hand_table"], k["crib_table"])
    weight, rows, hands = _posterior(walk, v.name, discard_policy, opp_role, deck, pool, must, qry)
    kind = "policy"
    if not weight.any():
        if when_no_hand == "refuse":
            raise AdviseError(f"advise: no hand the opponent could hold, throwing by the {discard_policy} policy, "
                              "fits the play so far (--when-no-hand widen drops the policy)")
        # every hand of the pool with the must cards, every throw: each throw the same share
        weight, hands = posterior.keep_posterior(pool, must, policy(v.name, "objective", opp_role, deck), qry, True)
        rows = np.flatnonzero(ok)
        weight = weight[rows]
        kind = "widened"
    w_row = np.zeros(len(ok), np.int64)
    w_row[rows] = weight.sum(axis=(1, 2))
    total = int(w_row.sum())
    if total == 0:  # the rules allow the play, but the cards you have seen leave no such hand
        raise AdviseError("advise: no hand the opponent could hold fits the play so far, whatever they threw (the "
                          "cards you have seen leave none)")
    sums = [int(x) for x in (w_row[:, None] * net).sum(axis=0)] if cand_ranks else []
    evs = {r: Fraction(s, total) for r, s in zip(cand_ranks, sums)}
    if detail is not None:
        detail.update(w_row=w_row, net=net, cand_ranks=cand_ranks, mine=mine, ranks=ranks, owners=owners, n=n,
                      me=sit.me, stop=stop, sets=sets)
    pwin = {}
    if board is not None:
        # contiguous, as the warm-up compiles the walk for (a view here would compile it again, ~8 s)
        events = ka.Rest(*(np.ascontiguousarray(a) for a in (who, pts, n_ev)))
        pwin = _board_values(sit, discard_policy, int(board.target), weight, rows, events, score, cand_ranks)
    best_ev = max(evs.values()) if evs else Fraction(0)
    by = {}
    for c in legal:
        extra = pwin.get(c.rank, {})
        by[c] = CardAdvice(str(c), evs[c.rank], best_ev - evs[c.rank], **extra)
    order = sorted(legal, key=lambda c: (-(by[c].p_win if board is not None else 0), -evs[c.rank], -c.rank, c.suit))
    best_points = max(legal, key=lambda c: (evs[c.rank], c.rank)) if legal else None
    greedy_card = next((c for c in left if c.rank == greedy_r), None)
    pool_hands = comb(len(pool) - len(must), v.dealt - len(must))
    return Advice(v.name, ROLES[sit.me], tuple(str(c) for c in sit.kept), tuple(str(c) for c in sit.thrown),
                  str(sit.starter), tuple((str(c), "you" if m else "opponent") for c, m in zip(sit.played, sit.mine)),
                  int(count), tuple(by[c] for c in order), str(greedy_card) if greedy_card else "",
                  discard_policy, int(hands), pool_hands, time.perf_counter() - start,
                  tuple(score) if score is not None else None,
                  str(best_points) if best_points is not None and board is not None else None, kind,
                  int(board.target) if board is not None else None, rest)


def _posterior(walk: str, variant_name: str, discard: str, opp_role: int, deck: tuple[int, ...], pool, must, qry):
    """The policy's posterior of the opponent's kept multisets: (weight[i, hand points, crib
    points] of the allowed row ``rows[i]``, rows, consistent hands), by the walk ``walk``."""
    from crib_stats.kernels import keeps, keepshow, posterior

    pol = policy(variant_name, discard, opp_role, deck)
    if walk == "cards":  # every hand of the pool, one at a time
        weight, hands = posterior.keep_posterior(pool, must, pol, qry, False)
    else:  # every hand, from the per-machine table of their keeps
        kt = hand_keeps(variant_name, discard, opp_role, deck)
        pools = keeps.Pool(keeps.masks_of(pool), keeps.masks_of(must))
        if qry.with_show:
            return keepshow.keep_show(pools, kt, pol, qry)
        weight, hands = keeps.keep_posterior_sparse(pools, kt, pol, qry)
    rows = np.flatnonzero(qry.ok_rows)
    return weight[rows], rows, hands


@lru_cache(maxsize=8)
def committed_board(variant_name: str, discard: str, target: int | None = None):
    """The committed board of the game to ``target`` (None: the variant's default;
    :func:`crib_stats.game.board.committed`), read once a process: an engine calls
    :func:`advise` for every card it plays."""
    from crib_stats.game.board import committed

    return committed(variant_name, discard, target)


@lru_cache(maxsize=8)
def _board_kernel(variant_name: str, discard: str, target: int):
    """The committed board to ``target`` as :func:`crib_stats.kernels.advise.board_walk` reads it."""
    from crib_stats.kernels import advise as ka

    b = committed_board(variant_name, discard, target)
    r = b.row
    win = np.ascontiguousarray(b.values[r("win")])
    hi = np.ascontiguousarray(np.clip(b.values[r("win")] + b.se[r("win")], 0, 1))
    skunks = np.ascontiguousarray(np.stack([b.values[r("skunk_win")], b.values[r("skunk_loss")]]))
    return ka.Board(win, hi, skunks, int(b.target), int(b.skunk))


def _board_values(sit: Situation, discard: str, target: int, weight, rows, events, score, cand_ranks) -> dict:
    from crib_stats.kernels import advise as ka
    from crib_stats.show.scoring import score as score_hand

    my_hand = score_hand(sit.kept, sit.starter, variant=sit.variant).total
    out, out_hi = ka.board_walk(weight, rows, events, _board_kernel(sit.variant, discard, target), int(score[0]),
                                int(score[1]), sit.me, int(my_hand))
    res = {}
    for i, rank in enumerate(cand_ranks):
        tot = out[i, 3]
        p = out[i, 0] / tot
        res[rank] = dict(p_win=float(p), p_win_bound=float(abs(out_hi[i] / tot - p)),
                         p_win_skunk=float(out[i, 1] / tot), p_skunked=float(out[i, 2] / tot))
    return res
