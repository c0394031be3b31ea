"""``search``: an information-set search player that assumes nothing of its opponent beyond the
rules (``search:N``: N simulations a decision; plain ``search``: :data:`DEFAULT_BUDGET`).

For each decision it draws determinisations of the cards it has not seen, consistent with its
view (:func:`hidden_constraint`: the opponent's hand from the unseen cards, none of them a card
the opponent could have played when it said go; for a discard, the opponent's whole hand and the
starter), picks among its options (its throws, or the ranks it may play) by UCB1, plays the rest
of the deal out at random and values it by the deal's point difference for its seat: the rest of
the play, both hands, the crib to its owner, his heels (:mod:`crib_stats.kernels.ismcts`). The
search is flat (one level: the seat's information set at the root, a fresh determinisation per
iteration). It answers the most visited option (ties: the higher mean). The two-player games
only (six-card and five-card, any target).

Where the game has a board (:func:`crib_stats.game.board.has_board`: the six-card game to 121,
91 and 61, the five-card game to 61) a play-out is valued by the seat's chance of winning the
game instead (:func:`crib_stats.kernels.ismcts.deal_win`): from the view's scores, the deal's
points one at a time in the game's order, the game over the moment a seat reaches the target,
else the committed board's P(win) at the position the deal leaves. That board is the game
model's (two greedy players after this deal): a value of the positions, not a model of this
opponent, whose play inside the deal is still random in the play-outs. ``points=True`` (the
player ``search-points``, ``search-points:N``) values every play-out by the deal's point
difference, as with no board.

Its draws come from its own seed and the game's private seed (:func:`crib_stats.referee.deck.
player_seed`), so a match is reproducible.

>>> from crib_stats.referee import play_game
>>> from crib_stats.players import GreedyPlayer
>>> r = play_game((SearchPlayer(1, budget=60), GreedyPlayer()), seed=0)
>>> r["result"]["forfeit"], r["players"]["first_dealer"]
(None, 'search:60')
"""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np

from crib_stats.core.cards import Card
from crib_stats.core.errors import CribStatsError
from crib_stats.model.variants import variant as get_variant
from crib_stats.model.view import View
from crib_stats.referee.player import Answer

DEFAULT_BUDGET = 1500
"""Simulations a decision of ``search`` (as issue 51 measured such a player: about 0.2 s)."""


def hidden_constraint(view: View) -> int:
    """The pip above which every card the opponent still holds must be: a player who said go at
    count c held no card of pip <= 31 - c (0: nothing is known). Two players alternate, so the
    opponent said go at count c when the seat played two cards running in one count, and both
    did when the count restarted (the count after a card is not the count before it plus its pip)
    or the count restarted before this decision.

    >>> from crib_stats.core.cards import parse
    >>> from crib_stats.model.view import Played
    >>> a, b, c = parse("10h kd 9c")
    >>> v = View(seat="first_pone", seats=("first_dealer", "first_pone"), teams=None, variant="six-card",
    ...          target=121, throw=2, deal=0, dealer_seat="first_dealer", scores={"first_dealer": 0, "first_pone": 0},
    ...          to_act="play", dealt=(), hand=(), discard=(), starter=None, count=29, sequence=(a, b, c),
    ...          played=(Played(a, "first_pone", 10, 0), Played(b, "first_dealer", 20, 0), Played(c, "first_pone", 29, 0)),
    ...          legal=(), shows=(), over=False)
    >>> hidden_constraint(v)  # the seat's turn again at 29: the dealer held nothing of pip <= 2
    2
    """
    bound = 0
    played = view.played
    for i in range(1, len(played)):
        prev, p = played[i - 1], played[i]
        if p.count != prev.count + p.card.pip or (p.by == prev.by == view.seat):
            bound = max(bound, 31 - prev.count)
    if played:
        last = played[-1]
        if view.count != last.count or last.by == view.seat:
            bound = max(bound, 31 - last.count)
    return bound


def _best(total: np.ndarray, visits: np.ndarray) -> int:
    """The most visited option, ties to the higher mean, then the first."""
    means = total / np.maximum(visits, 1)
    return max(range(len(visits)), key=lambda a: (visits[a], means[a], -a))


def _mean(x: float, worth: str) -> str:
    """A play-out's mean value as a note writes it: P(win) to four places, points signed."""
    return f"{x:.4f}" if worth == "P(win)" else f"{x:+.2f}"


class SearchPlayer:
    """The information-set search player (module docstring)."""

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, points: bool = False) -> None:
        base = "search-points" if points else "search"
        if int(budget) < 1:
            raise CribStatsError(f"{base}:{budget}: the budget is a whole number of simulations, at least 1")
        self.seed = int(seed)
        self.budget = int(budget)
        self.points = bool(points)
        self.name = base if self.budget == DEFAULT_BUDGET else f"{base}:{self.budget}"
        self.rng = random.Random(f"crib-stats search/{self.seed}")
        self._boards: dict = {}

    def new_game(self, seat: str, variant: str, target: int, seed: int) -> None:
        """A game starts: its draws restart from this player's seed and the game's."""
        self.rng = random.Random(f"crib-stats search/{self.seed}/{seed}")

    def refuses(self, v) -> str | None:
        """Why it cannot play variant ``v``: a game of three or four (the search is of two hands)."""
        return None if v.players == 2 else f"{self.name} plays the two-player games only, not {v.name}"

    def _game(self, view: View):
        v = get_variant(view.variant)
        why = self.refuses(v)
        if why:
            raise CribStatsError(why)
        return v

    def _value(self, view: View) -> tuple[np.ndarray, np.ndarray, str]:
        """The kernels' ``game`` and ``tab`` for this decision (module docstring; no board: a
        target of 0), and the word for what a play-out is worth."""
        from crib_stats.game.board import committed_tables, has_board, kernel_tables

        game = np.zeros(4, np.int64)
        v = get_variant(view.variant, view.target)
        if self.points or not has_board(v):
            return game, np.zeros((1, 1, 4)), "deal difference"
        key = (v.name, v.target)
        if key not in self._boards:
            self._boards[key] = kernel_tables(*committed_tables(v.name, target=v.target))
        game[:] = (view.score, view.opponent_score, v.target, v.skunk)
        return game, self._boards[key], "P(win)"

    def discard(self, view: View) -> Answer:
        """The throw the search values most (module docstring)."""
        from crib_stats.kernels.ismcts import search_throw  # lazy: numba

        v = self._game(view)
        dealt = sorted(view.hand, key=lambda c: c.code)
        codes = np.array([c.code for c in dealt], np.int64)
        throws = np.array(list(combinations(range(len(dealt)), view.throw)), np.int64)
        unseen = np.array(sorted(set(range(52)) - set(codes.tolist())), np.int64)
        game, tab, worth = self._value(view)
        total, visits = search_throw(codes, throws, unseen, 1 if view.dealer else 0, view.throw,
                                     v.play_stops_at_first_go, self.budget, self.rng.getrandbits(63), game, tab)
        a = _best(total, visits)
        return Answer([dealt[i] for i in throws[a]], f"search: {visits[a]} of {self.budget} simulations, "
                      f"mean {worth} {_mean(total[a] / visits[a], worth)}")

    def play(self, view: View) -> Answer:
        """The card of the rank the search values most (of that rank, the lowest suit)."""
        from crib_stats.kernels.ismcts import search_play  # lazy: numba
        from crib_stats.kernels.play import MAX_CARDS, N_STATE, RANK_BITS

        v = self._game(view)
        me = 1 if view.dealer else 0
        keep = [c for c in view.dealt if c not in view.discard]
        known = [p.card for p in view.played if p.by != view.seat]
        n_hidden = len(keep) - len(known)
        seen = set(c.code for c in view.dealt) | {view.starter.code} | {p.card.code for p in view.played}
        bound = hidden_constraint(view)
        unseen = sorted(set(range(52)) - seen)
        allowed = np.array([c for c in unseen if Card.from_code(c).pip > bound], np.int64)
        rest = np.array([c for c in unseen if Card.from_code(c).pip <= bound], np.int64)
        if len(allowed) < n_hidden:  # cannot happen in a game the referee plays
            raise CribStatsError("search: no opponent hand fits what the play showed")
        state = np.zeros(N_STATE, np.int64)
        seq = np.zeros(MAX_CARDS, np.int64)
        for i, p in enumerate(view.played):
            seq[i] = p.card.rank
        hand = 0
        for c in view.hand:
            hand += 1 << (RANK_BITS * c.rank)
        last = (0 if view.played[-1].by == view.seat else 1) if view.played else 1
        state[:] = (view.count, len(view.sequence), me, me if last == 0 else 1 - me, 0, 0, 0, 0,
                    len(view.played), 0, hand if me == 0 else 0, hand if me == 1 else 0)
        options = np.array(sorted({c.rank for c in view.legal}), np.int64)
        sizes = np.array([me, len(known), n_hidden, view.throw, len(keep), view.starter.code,
                          int(v.play_stops_at_first_go), self.budget, self.rng.getrandbits(63)], np.int64)
        game, tab, worth = self._value(view)
        total, visits = search_play(state, seq, options, np.array([c.code for c in keep], np.int64),
                                    np.array([c.code for c in known] + [0], np.int64), allowed, rest,
                                    np.array([c.code for c in view.discard], np.int64), sizes, game, tab)
        a = _best(total, visits)
        card = min((c for c in view.legal if c.rank == options[a]), key=lambda c: c.suit)
        worth = "rest-of-deal difference" if worth == "deal difference" else worth
        return Answer(card, f"search: {visits[a]} of {self.budget} simulations, "
                      f"mean {worth} {_mean(total[a] / visits[a], worth)}")
