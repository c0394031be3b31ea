"""A game's packs and seeds, and what the referee plays.

The seats are the model's (:mod:`crib_stats.model.seats`): two players ``first_dealer`` and
``first_pone``; the deal passes to the left, seat 0 dealing deals 0, n, 2n, ...

The packs. Deal ``j`` of deck sequence ``deck`` of ``seed`` is deal ``deck * DEALS_PER_DECK + j``
of the game model's stream (:func:`crib_stats.kernels.game.deal_cards`: splitmix64 from a hash
of (seed, deal), Fisher-Yates on the first cards drawn): the dealer gets the first ``dealt``
cards, then each seat from the dealer's left, clockwise, the next ``dealt``, then (three players)
the crib's card from the pack, and the next card is the starter (the cut). So a pack depends on
(seed, deck, j) only: the games of a duplicate set (the same deck sequence, the players rotated
over the seats) deal the same cards to the same seat, a kernel can reproduce any game, and deck
0's deals are the deal model's deals 0, 1, 2, ... of the same seed. The rest of the pack is never
seen, so it is never drawn.

>>> p = pack(0, 0, 0, "six-card")
>>> [len(h) for h in p.hands], p.crib_card, len(set(p.hands[0]) | set(p.hands[1]) | {p.starter})
([6, 6], None, 13)
>>> q = pack(0, 0, 0, "three-player")
>>> [len(h) for h in q.hands], q.crib_card is not None
([5, 5, 5], True)
>>> dealer_of(0), dealer_of(1), other("first_pone")
('first_dealer', 'first_pone', 'first_dealer')
"""

from __future__ import annotations

import hashlib
import json
from typing import NamedTuple

import numpy as np

from crib_stats.core.cards import Card
from crib_stats.core.errors import CribStatsError
from crib_stats.model.seats import NAMES
from crib_stats.model.variants import Variant, variant as get_variant

SEATS = NAMES[2]
"""The two seats of a two-player game, named for the first deal: ``first_dealer`` deals deals 0,
2, 4, ..."""
# deals a deck sequence may use: a deal scores at least 1 point (the go or last card, or a 31),
# so with every side below the target a game has at most sides x (target - 1) + 1 deals: 241 for
# two sides to 121, 361 for three (the three-player game's decks are spaced by 512)
DEALS_PER_DECK = 256
MAX_SEED = 2**63 - 1
MAX_DECK = 2**40 - 1  # deck * deals_per_deck(v) + j stays far inside the stream's 64-bit deal index
PLAYED = ("six-card", "five-card", "three-player", "four-player")  # the variants the referee plays


class RefereeError(CribStatsError):
    """A game that cannot be set up or continued as asked (one-line message)."""


class Pack(NamedTuple):
    """A deal's cards: ``hands`` by seat offset from the dealer (0 the dealer, then clockwise),
    the three-player crib's card from the pack (else None) and the starter."""

    hands: tuple[tuple[Card, ...], ...]
    crib_card: Card | None
    starter: Card


def other(seat: str) -> str:
    """The other seat of a two-player game."""
    return SEATS[1 - SEATS.index(seat)]


def dealer_of(j: int, n: int = 2) -> str:
    """The seat that deals deal ``j`` (from 0) of an ``n``-seat game."""
    return NAMES[n][j % n]


def deals_per_deck(v: Variant) -> int:
    """The deals a deck sequence of ``v`` is spaced by (module docstring)."""
    return DEALS_PER_DECK if v.sides * (max(v.targets) - 1) + 1 <= DEALS_PER_DECK else 2 * DEALS_PER_DECK


def copy_json(x):
    """A copy of JSON-compatible data sharing nothing mutable (through the json module's C
    encoder and decoder: several times faster than copy.deepcopy)."""
    return json.loads(json.dumps(x))


def check_played(name: str | Variant) -> Variant:
    """The variant by name, once the referee plays it."""
    v = get_variant(name)
    if v.name not in PLAYED:
        raise RefereeError(f"the referee plays the {', '.join(PLAYED)} games, not {v.name}")
    return v


def check_seed(seed, deck) -> tuple[int, int]:
    """(seed, deck) as ints in range, or RefereeError."""
    for name, x, top in (("seed", seed, MAX_SEED), ("deck", deck, MAX_DECK)):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= int(x) <= top:
            raise RefereeError(f"the {name} must be a whole number from 0 to {top}, got {x!r:.24}")
    return int(seed), int(deck)


def pack(seed: int, deck: int, j: int, variant: str | Variant) -> Pack:
    """Deal ``j`` of deck sequence ``deck`` of ``seed`` (the module docstring), in the order dealt."""
    from crib_stats.kernels.game import deal_cards  # lazy: numba only when a game is dealt

    v = get_variant(variant)
    n, k = v.dealt, v.players * v.dealt + v.crib_from_deck + 1
    codes = np.zeros(k, np.int64)
    deal_cards(seed, deck * deals_per_deck(v) + j, k, codes)
    cards = [Card.from_code(int(c)) for c in codes]
    hands = tuple(tuple(cards[i * n:(i + 1) * n]) for i in range(v.players))
    return Pack(hands, cards[-2] if v.crib_from_deck else None, cards[-1])


def player_seed(seed: int, deck: int, seat: str) -> int:
    """The private random seed a player is given for the game of (seed, deck) in ``seat``: a
    cryptographic digest, so a player cannot work the game's seed (and so its packs) out of it.

    >>> player_seed(0, 0, "first_pone") != player_seed(0, 0, "first_dealer")
    True
    """
    digest = hashlib.blake2b(f"crib-stats player/{seed}/{deck}/{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
