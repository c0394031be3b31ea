"""The play (pegging) of two, three or four players on ranks, as one stepper: the whole games'
(:mod:`.wholegames`). The searches over the two-player play keep their own stepper,
:mod:`.play`, whose state lives in registers; this one reads its scoring (:func:`.play.card_points`)
and its packed hands (:func:`.play.pack_hand`, :data:`.play.FITS`), so the rules of a card's
points exist once.

The players are numbered by their turn in the deal (:mod:`crib_stats.model.seats`): 0 on the
dealer's left, who leads, ``players - 1`` the dealer. The rules are those of
:class:`crib_stats.model.play.PlayState`, which the tests hold this stepper to (and a naive
twin, ``tests/reference.py``):

- in turn, clockwise; a card may not take the count past 31 (:func:`play_card_n` scores it);
- a player with no card that fits is passed over, and the others, in turn, go on playing while
  they can (:func:`settle_n`);
- when nobody can play, the player of the last card pegs 1 for the go or the last card, none at
  31; the count restarts, led by the player on the left of the one who played the last card;
  the five-card game's play stops at its first go or 31 instead.

The state is one int64 array (the ``T_*`` indices), changed in place; ``seq`` holds the ranks
played so far (``seq[:st[T_PLAYED]]``), the current count the last ``st[T_IN_COUNT]`` of them.

>>> import numpy as np
>>> hands = np.zeros((3, 13), np.int64)
>>> hands[0, [3, 8]] = 1; hands[1, [5, 11]] = 1; hands[2, [2, 1]] = 1   # 4 9 | 6 Q | 3 2
>>> st, seq = new_play_n(hands, 3)
>>> for r in (3, 5, 2, 8, 1, 11):  # 4 6 3 9, go, 2, go, Q
...     settle_n(st, False); _ = play_card_n(seq, st, r)
>>> settle_n(st, False)
>>> [int(x) for x in st[T_POINTS:T_POINTS + 3]], int(st[T_DONE]), int(st[T_GO])
([0, 1, 1], 1, 1)
"""

from __future__ import annotations

import numpy as np

from .constants import RANKS
from .jit import njit
from .pips import pip
from .play import FITS, RANK_BITS, card_points, pack_hand
from .policies import greedy_choice

MAX_PLAYERS = 4
MAX_CARDS_N = 20  # the cards of a play (four hands of four: 16), with room for a policy's trial card
# the state of a play
T_COUNT = 0  # the running count
T_IN_COUNT = 1  # cards in the current count
T_TURN = 2  # the player to move
T_LAST = 3  # the player of the last card (the dealer, players - 1, before any)
T_PLAYED = 4  # cards played so far (the length of seq)
T_DONE = 5  # 1 when the play is over
T_PLAYERS = 6
T_GO = 7  # the player who pegged the go or the last card in the last settle_n, -1 none
T_POINTS = 8  # + player: that player's points
T_HANDS = T_POINTS + MAX_PLAYERS  # + player: that player's hand, packed (play.pack_hand)
N_STATE_N = T_HANDS + MAX_PLAYERS


@njit(cache=True)
def start_play_n(st, hands, players):
    """``st`` set to the start of a play of ``hands`` ((players, 13) rank counts): the player on
    the dealer's left to lead (not yet settled)."""
    for i in range(N_STATE_N):
        st[i] = 0
    st[T_PLAYERS] = players
    st[T_LAST] = players - 1
    st[T_GO] = -1
    for p in range(players):
        st[T_HANDS + p] = pack_hand(hands[p])


@njit(cache=True)
def new_play_n(hands, players):
    """(state, seq) at the start of a play of ``hands`` ((players, 13) rank counts)."""
    st = np.zeros(N_STATE_N, np.int64)
    start_play_n(st, hands, players)
    return st, np.zeros(MAX_CARDS_N, np.int64)


@njit(cache=True, inline="always")
def play_card_n(seq, st, r):
    """The player to move plays rank ``r`` (which must be legal) and scores it; the turn passes
    to the left. Returns the card's points as (fifteen, thirty_one, pairs, run)."""
    t = st[T_TURN]
    st[T_HANDS + t] -= 1 << (RANK_BITS * r)
    p = st[T_PLAYED]
    seq[p] = r
    st[T_PLAYED] = p + 1
    st[T_IN_COUNT] += 1
    st[T_COUNT] += pip(r)
    f, tt, pp, rl = card_points(seq, p + 1, st[T_IN_COUNT], st[T_COUNT])
    st[T_POINTS + t] += f + tt + pp + rl
    st[T_LAST] = t
    st[T_TURN] = (t + 1) % st[T_PLAYERS]
    return f, tt, pp, rl


@njit(cache=True, inline="always")
def settle_n(st, stop_at_go):
    """The goes, the go or last-card point and a restart, up to the next card to play or the end
    of the play (``T_DONE``); ``T_GO`` is the player who pegged that point (1), -1 when none."""
    st[T_GO] = -1
    if st[T_DONE] == 1:
        return
    n = st[T_PLAYERS]
    while True:
        fits = FITS[st[T_COUNT]]
        t = st[T_TURN]
        if (st[T_HANDS + t] & fits) != 0:
            return
        nxt = -1
        for k in range(1, n):  # the next player clockwise who can play
            q = (t + k) % n
            if (st[T_HANDS + q] & fits) != 0:
                nxt = q
                break
        if nxt >= 0:
            st[T_TURN] = nxt
            return
        held = 0
        for q in range(n):
            held |= st[T_HANDS + q]
        last = st[T_LAST]
        if st[T_IN_COUNT] > 0 and st[T_COUNT] < 31:
            st[T_POINTS + last] += 1
            st[T_GO] = last
        if stop_at_go or held == 0:
            st[T_DONE] = 1
            return
        st[T_COUNT] = 0
        st[T_IN_COUNT] = 0
        st[T_TURN] = (last + 1) % n


@njit(cache=True)
def legal_ranks_n(st):
    """The ranks the player to move may play, as a 13-bit mask."""
    h = st[T_HANDS + st[T_TURN]] & FITS[st[T_COUNT]]
    out = 0
    for r in range(RANKS):
        if (h >> (RANK_BITS * r)) & 15:
            out |= 1 << r
    return out


@njit(cache=True, inline="always")
def greedy_rank_n(seq, st):
    """The rank greedy plays in a play state of :mod:`.playn` (the mover must be able to play):
    :func:`.policies.greedy_choice` on a two-player state holding the mover's hand, the count
    and its cards (the rule reads nothing else)."""
    z = np.int64(0)
    two = (st[T_COUNT], st[T_IN_COUNT], z, np.int64(1), z, z, z, z, st[T_PLAYED], z, st[T_HANDS + st[T_TURN]], z)
    return greedy_choice(seq, two)


def warmup() -> None:
    hands = np.zeros((3, 13), np.int64)
    hands[:, 0] = 1
    st, seq = new_play_n(hands, 3)
    legal_ranks_n(st)
    settle_n(st, False)
    play_card_n(seq, st, 0)
