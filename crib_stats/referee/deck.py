"""The seats of a game, its cards as text, and its packs.

A game has two seats named for the first deal: ``first_dealer`` deals deals 0, 2, 4, ...;
``first_pone`` deals deals 1, 3, 5, ... (deals alternate).

The packs. Deal ``j`` of deck sequence ``deck`` of ``seed`` is deal ``deck * DEALS_PER_DECK + j``
of the game model's stream (:func:`crib_stats.kernels.game.deal_cards`: splitmix64 from a hash
of (seed, deal), Fisher-Yates on the first 2 x dealt + 1 cards): the dealer gets the first
``dealt`` cards, the pone the next ``dealt``, and the next card is the starter (the cut). So a
pack depends on (seed, deck, j) only: the two games of a duplicate pair (the same deck
sequence, the seats swapped) deal the same cards to the same seat, a kernel can reproduce any
game, and deck 0's deals are the deal model's deals 0, 1, 2, ... of the same seed. The rest of
the pack is never seen, so it is never drawn.

Cards are written as the command line reads them, in lower-case ASCII (``"ah"``, ``"10d"``,
``"js"``); :func:`crib_stats.core.cards.parse` reads them back (and every other spelling).

>>> dealer, pone, starter = pack(0, 0, 0, "six-card")
>>> len(dealer), len(pone), len(set(dealer) | set(pone) | {starter})
(6, 6, 13)
>>> card_text(starter) == text_cards([starter])[0]
True
>>> dealer_of(0), dealer_of(1), other("first_pone")
('first_dealer', 'first_pone', 'first_dealer')
"""

from __future__ import annotations

import hashlib
import json
from typing import Iterable

import numpy as np

from crib_stats.core.cards import DECK, Card
from crib_stats.core.errors import CribStatsError
from crib_stats.core.rules import VARIANTS, Variant, VariantError, variant as get_variant

SEATS = ("first_dealer", "first_pone")
# deals a deck sequence may use: a deal scores at least 1 point (the go or last card, or a 31),
# so with both players below 121 a game has at most 2 x 120 + 1 = 241 deals (five-card: 121)
DEALS_PER_DECK = 256
MAX_SEED = 2**63 - 1
MAX_DECK = 2**40 - 1  # deck * DEALS_PER_DECK + j stays far inside the stream's 64-bit deal index


class RefereeError(CribStatsError):
    """A game that cannot be set up or continued as asked (one-line message)."""


def other(seat: str) -> str:
    """The other seat."""
    return SEATS[1 - SEATS.index(seat)]


def dealer_of(j: int) -> str:
    """The seat that deals deal ``j`` (from 0)."""
    return SEATS[j % 2]


_TEXT = {c: c.ascii.lower() for c in DECK}


def card_text(card: Card) -> str:
    """A card as the record and the protocol write it: lower-case ASCII, ``"10d"``."""
    return _TEXT[card]


def text_cards(cards: Iterable[Card]) -> list[str]:
    return [_TEXT[c] for c in cards]


def copy_json(x):
    """A copy of JSON-compatible data sharing nothing mutable (through the json module's C
    encoder and decoder: several times faster than copy.deepcopy)."""
    return json.loads(json.dumps(x))


def check_two_player(name: str | Variant) -> Variant:
    """The variant by name; the referee plays the two-player games (six-card, five-card), and
    an unknown name is told those only.

    >>> check_two_player("seven-card")
    Traceback (most recent call last):
    ...
    crib_stats.referee.deck.RefereeError: unknown variant 'seven-card'; the referee plays six-card or five-card
    """
    two = [n for n, v in VARIANTS.items() if v.two_player_play]
    try:
        v = get_variant(name)
    except VariantError:
        raise RefereeError(f"unknown variant {name!r:.20}; the referee plays {' or '.join(two)}") from None
    if not v.two_player_play:
        raise RefereeError(f"the referee plays the two-player games ({', '.join(two)}), not {v.name}")
    return v


def check_seed(seed, deck) -> tuple[int, int]:
    """(seed, deck) as ints in range, or RefereeError."""
    for name, x, top in (("seed", seed, MAX_SEED), ("deck", deck, MAX_DECK)):
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= int(x) <= top:
            raise RefereeError(f"the {name} must be a whole number from 0 to {top}, got {x!r:.24}")
    return int(seed), int(deck)


def pack(seed: int, deck: int, j: int, variant: str | Variant) -> tuple[tuple[Card, ...], tuple[Card, ...], Card]:
    """(the dealer's cards, the pone's cards, the starter) of deal ``j`` of deck sequence
    ``deck`` of ``seed`` (the module docstring), in the order dealt."""
    from crib_stats.kernels.game import deal_cards  # lazy: numba only when a game is dealt

    v = get_variant(variant)
    n = v.dealt
    codes = np.zeros(2 * n + 1, np.int64)
    deal_cards(seed, deck * DEALS_PER_DECK + j, 2 * n + 1, codes)
    cards = [Card.from_code(int(c)) for c in codes]
    return tuple(cards[:n]), tuple(cards[n:2 * n]), cards[2 * n]


def player_seed(seed: int, deck: int, seat: str) -> int:
    """The private random seed a player is given for the game of (seed, deck) in ``seat``: a
    cryptographic digest, so a player cannot work the game's seed (and so its packs) out of it.

    >>> player_seed(0, 0, "first_pone") != player_seed(0, 0, "first_dealer")
    True
    """
    digest = hashlib.blake2b(f"crib-stats player/{seed}/{deck}/{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1
