"""The referee's checks of a decision, before anything changes: each reads the decision as the
player gave it (cards as :class:`Card` values or any spelling the command line reads; points as
a whole number) and returns it as the rules take it, or raises :class:`IllegalDecision` (one
line naming what is wrong and what the seat may do).
"""

from __future__ import annotations

from crib_stats.core.cards import Card, CardError, count_words, format_cards, parse, quote

from .deal import Deal
from .deck import RefereeError

MAX_POINTS = 29  # the most a show can be (a claim or a call above it is not a count)


class IllegalDecision(RefereeError):
    """A decision the referee refuses (illegal, malformed or out of turn); nothing changed."""


def cards_of(seat: str, decision, what: str) -> tuple[Card, ...]:
    """The cards of a decision, read once."""
    items = [decision] if isinstance(decision, (str, Card)) else decision
    if not isinstance(items, (list, tuple)) or not all(isinstance(x, (str, Card)) for x in items):
        raise IllegalDecision(f"the {seat}'s {what} is not cards: {quote(repr(decision))}")
    if all(isinstance(x, Card) for x in items) and len(set(items)) == len(items):
        return tuple(items)  # nothing to read
    try:
        return parse(items)
    except CardError as exc:
        raise IllegalDecision(f"the {seat}'s {what}: {exc}") from None


def check_discard(d: Deal, seat: str, decision) -> tuple[Card, ...]:
    cards = cards_of(seat, decision, "discard")
    v = d.variant
    hand = d.dealt[seat]
    if len(cards) != v.throw:
        raise IllegalDecision(f"the {seat} throws {count_words(v.throw)} in the {v.name} game, got "
                              f"{len(cards)} ({format_cards(cards) or 'none'})")
    for c in cards:
        if c not in hand:
            raise IllegalDecision(f"the {seat} cannot throw {c}: it holds {format_cards(hand)}")
    return cards


def check_play(d: Deal, seat: str, decision) -> Card:
    if not isinstance(decision, (str, Card)):
        raise IllegalDecision(f"the {seat}'s play is one card, got {quote(repr(decision))}")
    cards = cards_of(seat, decision, "play")
    if len(cards) != 1:
        raise IllegalDecision(f"the {seat}'s play is one card, got {len(cards)}")
    card = cards[0]
    if card not in d.left[seat]:
        why = "it has played it" if card in d.kept[seat] else "it is not in its hand"
        raise IllegalDecision(f"the {seat} cannot play {card}: {why} ({format_cards(d.left[seat])})")
    if card.pip > 31 - d.count():
        raise IllegalDecision(f"the {seat} cannot play {card}: the count would be {d.count() + card.pip}, past "
                              f"31; it may play {format_cards(d.legal(seat))}")
    return card


def check_points(seat: str, decision, what: str) -> int:
    """A claimed count or a muggins call: a whole number of points from 0 to 29."""
    if isinstance(decision, bool) or not isinstance(decision, int) or not 0 <= decision <= MAX_POINTS:
        raise IllegalDecision(f"the {seat}'s {what} is a whole number of points from 0 to {MAX_POINTS}, got "
                              f"{quote(repr(decision))}")
    return int(decision)
