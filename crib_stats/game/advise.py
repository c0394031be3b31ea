"""Which card to play now, against the hands the opponent can really hold (``crib-stats advise``).

The model (:data:`ASSUMES`): the opponent's six cards are uniform over the cards you have not
seen (the pack less your dealt cards and the starter); they threw by a stated policy for their
seat (``objective``: dealer max E[hand] + E[crib], pone max E[hand] - E[crib], random crib
model, exact, throws tied on it sharing the hand's weight evenly; ``equilibrium``: the solved
rank-level game's purified thrown ranks, the cards of those ranks by the objective, ties shared
the same way); their kept cards must reproduce the play so far under the rules. For each card
you may play now: E[your play points from now on - theirs], that card's points included, both
players playing ``greedy`` after it, as an exact weighted sum over every consistent opponent
hand (:mod:`crib_stats.kernels.posterior`, :mod:`crib_stats.kernels.advise`).

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

from crib_stats.core.cards import DECK
from crib_stats.core.exact import frac_text
from crib_stats.core.rules import variant as get_variant
from crib_stats.game.situation import ROLES, AdviseError, Situation, check_score, situation, why_impossible

POLICIES = ("objective", "equilibrium")
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
    "history": "every card the opponent played is in their kept cards, and whenever it was their "
               "turn and they did not play (a go) none of their remaining cards fitted",
    "play": "after the card you play, both players play greedy to the end of the play (the card "
            "scoring most for itself; ties to a count off 5, 10 and 21, then the higher rank; a lead "
            "from A-4 when held); suits never matter in the play",
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

    def assumptions(self) -> dict:
        v = get_variant(self.variant)
        out = {"deal": ASSUMES["deal"].format(dealt=v.dealt, unseen=52 - v.dealt - 1),
               "discard": ASSUMES[self.policy], "history": ASSUMES["history"], "rest_of_play": ASSUMES["play"]}
        if self.score is not None:
            out["board"] = ("the rest of this deal as above, then the pone's hand, the dealer's hand and "
                            "the crib, the game ending the moment a side reaches the target; after it the "
                            "committed board (crib-stats game) with the deal passed; p_win_error_bound "
                            "adds the board's jackknife errors as if all in one direction")
        return out

    def as_dict(self) -> dict:
        return {"variant": self.variant, "role": self.role, "hand": list(self.hand), "throw": list(self.throw),
                "starter": self.starter, "played": [{"card": c, "by": who} for c, who in self.played],
                "count": self.count, "model": {"name": f"advise/{self.policy}/greedy", "discard_policy": self.policy,
                                               "play_policy": "greedy", "assumes": self.assumptions()},
                "hands_consistent": self.hands_consistent, "hands_total": self.hands_total,
                "greedy": self.greedy, "score": list(self.score) if self.score else None,
                "best_for_points": self.best_for_points, "plays": [p.as_dict() for p in self.plays]}


# ------------------------------------------------------------------------------------------
# The constant kernel inputs
# ------------------------------------------------------------------------------------------


FULL = tuple(range(13))


@lru_cache(maxsize=4)
def kernel_tables(variant_name: str, discard: str, deck: tuple[int, ...] = FULL) -> dict:
    """The rank memo of the objective (kept on disk: it takes a second to build), the kept
    multisets and, for ``equilibrium``, the thrown ranks per rank multiset and seat; ``deck``
    the ranks of the pack (all four suits of each; the tests use a reduced pack)."""
    import sys

    from crib_stats.core.cache import disk_cached
    from crib_stats.core.tables import rank_table
    from crib_stats.discard import shards
    from crib_stats.game.model import rank_throws
    from crib_stats.kernels.combinatorics import combinations

    v = get_variant(variant_name)

    def compute():
        m = shards.memo(v.name, deck)
        return m["index"], m["rank_hand"], m["rank_crib"], m["keep_index"], m["keep_sets"]

    name = f"advise-memo-{v.name}" + ("" if deck == FULL else "-" + "-".join(map(str, deck)))
    index, rank_hand, rank_crib, keep_index, keep_sets = disk_cached(
        name, compute, modules=[sys.modules[__name__], shards])
    if discard == "equilibrium":
        from crib_stats.game import model
        from crib_stats.peg import opponent

        (throws_by_rank,) = disk_cached("advise-equilibrium", lambda: (rank_throws("equilibrium", index),),
                                        modules=[model, opponent, shards], inputs=[opponent.STRATEGY_PATH])
    else:
        throws_by_rank = np.full((2, 1), -1, np.int64)
    return dict(index=index, rank_hand=rank_hand, rank_crib=rank_crib, keep_index=keep_index, deck=deck,
                n_deck_ranks=len(deck), jack_in_deck=10 in deck,
                keep_sets=np.ascontiguousarray(keep_sets, np.int64), rank_throws=throws_by_rank,
                throws=combinations(v.dealt, v.throw), hand_table=rank_table(v.kept + 1), crib_table=rank_table(5))


@lru_cache(maxsize=4)
def hand_keeps(variant_name: str, discard: str, role: int, deck: tuple[int, ...] = FULL) -> dict:
    """The kept multiset of every hand of the pack under the policy for seat ``role`` (1 the
    opponent deals, 2 they are the pone), by :func:`crib_stats.kernels.keeps.keep_table`:
    computed once per machine (seconds) and kept beside the compiled kernels."""
    import sys

    from crib_stats.core.cache import disk_cached
    from crib_stats.discard import shards
    from crib_stats.kernels import keeps  # lazy: numba only when used
    from crib_stats.kernels.combinatorics import rank_multisets

    v = get_variant(variant_name)
    k = kernel_tables(v.name, discard, deck)
    multisets = rank_multisets(v.dealt, np.array(deck, np.int64))
    masks = np.zeros(13, np.int64)
    masks[list(deck)] = 15

    def compute():
        offsets = keeps.hand_offsets(multisets, masks, v.dealt)
        table, kstar, throw_of = keeps.keep_table(multisets, masks, offsets, v.dealt, role, k["index"], k["rank_hand"],
                                                  k["rank_crib"], k["throws"], k["n_deck_ranks"], k["jack_in_deck"],
                                                  v.others_to_crib, k["rank_throws"], k["keep_index"])
        return offsets, table, kstar, throw_of

    name = f"advise-keeps-{v.name}-{discard}-{role}" + ("" if deck == FULL else "-" + "-".join(map(str, deck)))
    offsets, table, kstar, throw_of = disk_cached(name, compute, modules=[sys.modules[__name__], shards])
    major, exc_start, exc_idx, exc_k, exc_q = keeps.sparse_keeps(offsets, table, throw_of)
    return dict(multisets=multisets, masks=masks, offsets=offsets, table=table, kstar=kstar, throw_of=throw_of,
                major=major, exc_start=exc_start, exc_idx=exc_idx, exc_k=exc_k, exc_q=exc_q)


def _counts(cards) -> np.ndarray:
    c = np.zeros(13, np.int64)
    for x in cards:
        c[x.rank] += 1
    return c


# ------------------------------------------------------------------------------------------
# The advice
# ------------------------------------------------------------------------------------------


def advise(dealt, throw, starter, role: str, played=(), *, discard_policy: str = "objective",
           score: tuple[int, int] | None = None, variant: str = "six-card", deck: tuple[int, ...] = FULL,
           walk: str = "auto", detail: dict | None = None) -> Advice:
    """Every card you may play now, with E[your play points from now on - the opponent's] under
    the model of the module docstring (and P(win) with ``score``), best first. ``deck``: the
    ranks of a reduced pack (for the tests); ``walk``: ``auto`` (``table`` without ``score``),
    ``cards`` (every hand, one at a time) or ``table`` (the per-machine table of every hand's
    keep, as exceptions to each rank multiset's usual keep): both give the same exact answer. ``detail``: a dict that receives the arrays behind
    the answer (the posterior's weight per kept multiset ``w_row``, ``net`` per multiset and
    candidate rank ``cand_ranks``, and the replay's inputs), for measurements."""
    from crib_stats.kernels import advise as ka, keeps, posterior  # lazy: numba only when used

    start = time.perf_counter()
    if discard_policy not in POLICIES:
        raise AdviseError(f"advise: unknown --discard-policy {discard_policy!r:.20}; choose "
                          f"{' or '.join(POLICIES)}")
    sit = situation(dealt, throw, starter, role, played, variant)
    v = get_variant(sit.variant)
    if discard_policy == "equilibrium" and v.name != "six-card":
        raise AdviseError("advise: the equilibrium discards are solved for the six-card game only")
    board = None
    if score is not None:
        board = check_score(score, v.name, discard_policy)
    deck = tuple(sorted(set(int(r) for r in deck)))
    if deck != FULL and (discard_policy != "objective" or score is not None):
        raise AdviseError("advise: a reduced pack takes the objective policy and no --score")
    if any(c.rank not in deck for c in (*sit.kept, *sit.thrown, sit.starter, *sit.played)):
        raise AdviseError("advise: a card is not in the pack")
    k = kernel_tables(v.name, discard_policy, deck)
    mine = _counts(sit.kept)
    n = len(sit.played)
    ranks = np.array([c.rank for c in sit.played] + [0], np.int64)
    owners = np.array([0 if m else 1 for m in sit.mine] + [0], np.int64)
    stop = v.play_stops_at_first_go
    sets = k["keep_sets"]
    status, _, _, _, _ = ka.card_values(mine, sets, sit.me, ranks, owners, n, stop, np.zeros(0, np.int64))
    ok = status == ka.OK
    if not ok.any():
        raise AdviseError(why_impossible(sit, status))
    greedy_r, count = ka.now(mine, sets[int(np.argmax(ok))], sit.me, ranks, owners, n, stop)
    left = [c for c in sit.kept if c not in sit.played]
    legal = [c for c in left if c.pip <= 31 - count]
    cand_ranks = sorted({c.rank for c in legal})
    cands = np.array(cand_ranks, np.int64)
    status, net, who, pts, n_ev = ka.card_values(mine, sets, sit.me, ranks, owners, n, stop, cands)
    ok = status == ka.OK
    known = set(sit.kept) | set(sit.thrown) | {sit.starter}
    pool = np.array(sorted(c.code for c in DECK if c not in known and c.rank in deck), np.int64)
    must = np.array(sorted(c.code for c, m in zip(sit.played, sit.mine) if not m), np.int64)
    opp_role = 2 if sit.me == 1 else 1  # the opponent's seat in the objective: 1 dealer, 2 pone
    with_show = board is not None
    if walk not in ("auto", "cards", "table"):
        raise AdviseError(f"advise: walk is auto, cards or table, got {walk!r:.20}")
    if walk == "table" and with_show:
        raise AdviseError("advise: the table walk has no show (no --score)")
    if not with_show and walk != "cards":  # every hand, from the per-machine table of their keeps
        t = hand_keeps(v.name, discard_policy, opp_role, deck)
        pool_masks = np.zeros(13, np.int64)
        for c in pool:
            pool_masks[c >> 2] |= 1 << (c & 3)
        must_masks = np.zeros(13, np.int64)
        for c in must:
            must_masks[c >> 2] |= 1 << (c & 3)
        weight, hands = keeps.keep_posterior_sparse(pool_masks, must_masks, t["masks"], t["multisets"], t["offsets"],
                                                    t["table"], t["throw_of"], t["major"], t["exc_start"],
                                                    t["exc_idx"], t["exc_k"], t["exc_q"], k["keep_sets"], v.dealt,
                                                    opp_role, k["index"], k["rank_hand"], k["rank_crib"], k["throws"],
                                                    k["n_deck_ranks"], k["jack_in_deck"], v.others_to_crib,
                                                    k["rank_throws"], k["keep_index"], ok, SCALE)
    else:
        weight, hands = posterior.keep_posterior(pool, must, v.dealt, opp_role, k["index"], k["rank_hand"],
                                                 k["rank_crib"], k["throws"], k["n_deck_ranks"], k["jack_in_deck"],
                                                 v.others_to_crib, k["rank_throws"],
                                                 k["keep_index"], ok, SCALE, with_show, sit.starter.code,
                                                 np.array(sorted(c.code for c in sit.thrown), np.int64),
                                                 k["hand_table"], k["crib_table"])
    w_row = weight.sum(axis=(1, 2))
    total = int(w_row.sum())
    if total == 0:
        raise AdviseError(f"advise: no hand the opponent could hold, throwing by the {discard_policy} policy, "
                          "fits the play so far")
    sums = [int(x) for x in (w_row[:, None] * net).sum(axis=0)] if len(cands) else []
    evs = {r: Fraction(s, total) for r, s in zip(cand_ranks, sums)}
    if detail is not None:
        detail.update(w_row=w_row, net=net, cand_ranks=cand_ranks, mine=mine, ranks=ranks, owners=owners, n=n,
                      me=sit.me, stop=stop, sets=sets)
    pwin = {}
    if board is not None:
        pwin = _board_values(board, sit, weight, who, pts, n_ev, ok, score, cand_ranks)
    best_ev = max(evs.values()) if evs else Fraction(0)
    by = {}
    for c in legal:
        extra = pwin.get(c.rank, {})
        by[c] = CardAdvice(str(c), evs[c.rank], best_ev - evs[c.rank], **extra)
    order = sorted(legal, key=lambda c: (-(by[c].p_win if board is not None else 0), -evs[c.rank], -c.rank, c.suit))
    best_points = max(legal, key=lambda c: (evs[c.rank], c.rank)) if legal else None
    greedy_card = next((c for c in left if c.rank == greedy_r), None)
    pool_hands = comb(len(pool) - len(must), v.dealt - len(must))
    return Advice(v.name, ROLES[1 - sit.me], tuple(str(c) for c in sit.kept), tuple(str(c) for c in sit.thrown),
                  str(sit.starter), tuple((str(c), "you" if m else "opponent") for c, m in zip(sit.played, sit.mine)),
                  int(count), tuple(by[c] for c in order), str(greedy_card) if greedy_card else "",
                  discard_policy, int(hands), pool_hands, time.perf_counter() - start,
                  tuple(score) if score is not None else None,
                  str(best_points) if best_points is not None and board is not None else None)


def _board_values(board, sit: Situation, weight, who, pts, n_ev, ok, score, cand_ranks) -> dict:
    from crib_stats.kernels import advise as ka
    from crib_stats.show.scoring import score as score_hand

    r = board.row
    win = np.ascontiguousarray(board.values[r("win")])
    skunks = np.ascontiguousarray(np.stack([board.values[r("skunk_win")], board.values[r("skunk_loss")]]))
    my_hand = score_hand(sit.kept, sit.starter, variant=sit.variant).total
    mine_now, theirs_now = int(score[0]), int(score[1])
    out = ka.board_walk(weight, who, pts, n_ev, ok, mine_now, theirs_now, sit.me, int(my_hand), board.target,
                        win, skunks, board.skunk)
    hi = np.ascontiguousarray(np.clip(board.values[r("win")] + board.se[r("win")], 0, 1))
    out_hi = ka.board_walk(weight, who, pts, n_ev, ok, mine_now, theirs_now, sit.me, int(my_hand), board.target,
                           hi, skunks, board.skunk)
    res = {}
    for i, rank in enumerate(cand_ranks):
        tot = out[i, 3]
        p = out[i, 0] / tot
        res[rank] = dict(p_win=float(p), p_win_bound=float(abs(out_hi[i, 0] / tot - p)),
                         p_win_skunk=float(out[i, 1] / tot), p_skunked=float(out[i, 2] / tot))
    return res
