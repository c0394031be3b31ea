"""Cards: a small immutable value type, parsing of loose input, and encoding for kernels.

Input is normalised once, here, at the boundary. Everything after this module works on
:class:`Card` values or on their integer codes ``rank * 4 + suit`` (0..51), where rank is
0 for the ace up to 12 for the king and suit is 0..3 for clubs, diamonds, hearts, spades.

>>> parse("5h 5C, 5♠ jd")
(Card('5♥'), Card('5♣'), Card('5♠'), Card('J♦'))
>>> parse("10h Th")
Traceback (most recent call last):
...
crib_stats.core.cards.CardError: duplicate card 10♥ (given twice)
>>> [c.code for c in parse("AC KS")]
[0, 51]
>>> format_cards(parse("5h5c5s"))
'5♥ 5♣ 5♠'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from crib_stats.core.errors import CribStatsError
from crib_stats.kernels.constants import pip_value

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_LETTERS = ("C", "D", "H", "S")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")

_RANK_INPUT = {name.lower(): i for i, name in enumerate(RANK_NAMES)}
_RANK_INPUT["t"] = 9
_SUIT_INPUT = {letter.lower(): i for i, letter in enumerate(SUIT_LETTERS)}
_SUIT_INPUT.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
_SUIT_INPUT.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})

_EMOJI = "\ufe0f"  # variation selectors that may follow a suit symbol
_TEXT = "\ufe0e"
_CARD_RE = re.compile(r"(10|[2-9akqjt])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")

ACCEPTED = "a card is a rank (A 2-10 T J Q K) and a suit (C D H S or ♣ ♦ ♥ ♠), e.g. 5h 5♥ 10h Th"


class CardError(CribStatsError):
    """Bad card input; the message is one line naming what was wrong and what is accepted."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. ``rank`` is 0 (ace) .. 12 (king); ``suit`` is 0..3 (C D H S).

    >>> c = Card.parse("qs")
    >>> c, c.pip, c.code, c.ascii
    (Card('Q♠'), 10, 47, 'QS')
    """

    rank: int
    suit: int

    def __post_init__(self) -> None:
        if not (0 <= self.rank <= 12 and 0 <= self.suit <= 3):
            raise CardError(f"no such card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Exactly one card from text, spelled any way :func:`parse` reads.

        >>> Card.parse("10h"), Card.parse("T♥") == Card.parse("10H")
        (Card('10♥'), True)
        """
        cards = parse(text)
        if len(cards) != 1:
            raise CardError(f"expected one card, got {len(cards)} in {text!r}; {ACCEPTED}")
        return cards[0]

    @classmethod
    def from_code(cls, code: int) -> "Card":
        """The card of a kernel's code ``rank * 4 + suit`` (the inverse of :attr:`code`).

        >>> Card.from_code(47), Card.from_code(Card.parse("ah").code)
        (Card('Q♠'), Card('A♥'))
        """
        return cls(int(code) >> 2, int(code) & 3)

    @property
    def code(self) -> int:
        return self.rank * 4 + self.suit

    @property
    def pip(self) -> int:
        """Counting value: ace 1, 2-10 face value, court cards 10."""
        return pip_value(self.rank)

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank]

    @property
    def ascii(self) -> str:
        return RANK_NAMES[self.rank] + SUIT_LETTERS[self.suit]

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card.from_code(i) for i in range(52))


QUOTE_LIMIT = 12  # characters of bad input quoted back in an error line


_ASCII = {c: c.ascii.lower() for c in DECK}


def card_text(card: Card) -> str:
    """A card as the game's record and protocol write it: lower-case ASCII (``"10d"``), which
    :func:`parse` reads back (as it reads every other spelling).

    >>> card_text(parse("10♦")[0]), text_cards(parse("ah js"))
    ('10d', ['ah', 'js'])
    """
    return _ASCII[card]


def text_cards(cards: Iterable[Card]) -> list[str]:
    """:func:`card_text` of each card."""
    return [_ASCII[c] for c in cards]


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of (the start of) user input, capped so an error line stays one short line.

    >>> quote("5x"), quote("x" * 40)
    ("'5x'", "'xxxxxxxxxxxx'...")
    """
    return repr(text[:limit]) + ("..." if len(text) > limit else "")


def _parse_token(token: str) -> list[Card]:
    pos = 0
    out: list[Card] = []
    while pos < len(token):
        m = _CARD_RE.match(token, pos)
        if m is None:
            raise CardError(f"cannot read {quote(token)}: {_why(token[pos:], pos > 0)}")
        out.append(Card(_RANK_INPUT[m.group(1).lower()], _SUIT_INPUT[m.group(2).lower()]))
        pos = m.end()
    return out


def _bad_card(rest: str) -> str:
    """The card-sized piece of ``rest`` that could not be read (rank, then suit)."""
    if rest.lower().startswith("10"):
        return rest[:3]
    return rest[:2]


RANKS_ACCEPTED = "ranks are A 2 3 4 5 6 7 8 9 10 J Q K (T for 10)"
SUITS_ACCEPTED = "suits are C D H S (or ♣ ♦ ♥ ♠), e.g. 5h 5♥ 10h Th"


def _why(rest: str, after_a_card: bool = False) -> str:
    """What is wrong at the start of ``rest`` (the unread part of a token), and what is accepted.

    >>> _why("11h"), _why("en")
    ('no rank 11; ranks are A 2 3 4 5 6 7 8 9 10 J Q K (T for 10)', "no rank 'e'; ranks are A 2 3 4 5 6 7 8 9 10 J Q K (T for 10)")
    """
    low = rest.lower()
    first = rest[:1]
    if after_a_card and not first.isalnum() and first not in _SUIT_INPUT:
        return f"{first!r} does not separate cards: use spaces or commas (5h 5c 5s jd or 5h,5c,5s,jd)"
    digits = re.match(r"\d+", rest)
    if low.startswith("10"):
        rank, rank_len = "10", 2
    elif digits and digits.group() not in _RANK_INPUT:
        number = digits.group()[:4]
        return (f"no rank 1 (use A for an ace); {RANKS_ACCEPTED}" if number == "1"
                else f"no rank {number}; {RANKS_ACCEPTED}")
    elif low[:1] in _RANK_INPUT:
        rank, rank_len = "T (10)" if low[:1] == "t" else RANK_NAMES[_RANK_INPUT[low[:1]]], 1
    else:
        return f"no rank {quote(first)}; {RANKS_ACCEPTED}"
    suit = rest[rank_len:rank_len + 1]
    if not suit:
        return f"rank {rank} has no suit; {SUITS_ACCEPTED}"
    return f"no suit {quote(suit)} after the rank {rank}; {SUITS_ACCEPTED}"


def parse(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Parse loose card input into a tuple of distinct cards, in the order given.

    Accepts a string or an iterable of strings/cards. Raises CardError for unknown ranks or
    suits and for a card given twice.
    """
    if isinstance(text, str):
        items: list[str | Card] = [text]
    else:
        items = list(text)
    # suits copied from a phone or a web page carry a variation selector (5♥️): drop it
    items = [i.replace(_EMOJI, "").replace(_TEXT, "") if isinstance(i, str) else i for i in items]
    cards: list[Card] = []
    seen: dict[Card, str] = {}
    for item in items:
        if isinstance(item, Card):
            tokens = [(item, str(item))]
        elif isinstance(item, str):
            tokens = []
            for token in _SEPARATORS.split(item.strip()):
                if token:
                    tokens.extend((c, token) for c in _parse_token(token))
        else:
            raise CardError(f"cannot read card {quote(repr(item))}: not text; {ACCEPTED}")
        for card, token in tokens:
            if card in seen:
                raise CardError(f"duplicate card {card} (given twice)")
            seen[card] = token
            cards.append(card)
    return tuple(cards)


def count_words(n: int, noun: str = "card") -> str:
    """'1 card', '2 cards'."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def parse_n(text: str | Iterable[str | Card], n: int, what: str, hints: dict[int, str] | None = None) -> tuple[Card, ...]:
    """Parse and require exactly ``n`` cards; ``hints`` maps a wrong count to how to fix it.

    >>> parse_n("5h 5c", 4, "a hand")
    Traceback (most recent call last):
    ...
    crib_stats.core.cards.CardError: a hand needs 4 cards, got 2 (5♥ 5♣)
    """
    cards = parse(text)
    if len(cards) != n:
        shown = format_cards(cards[:8]) + (" ..." if len(cards) > 8 else "") if cards else "none"
        hint = (hints or {}).get(len(cards))
        raise CardError(f"{what} needs {count_words(n)}, got {len(cards)} ({shown})" + (f"; {hint}" if hint else ""))
    return cards


def check_disjoint(a: Sequence[Card], b: Sequence[Card], a_name: str, b_name: str) -> None:
    """Raise CardError if a card appears in both groups (e.g. a starter that is in the hand)."""
    both = [c for c in b if c in set(a)]
    if both:
        raise CardError(f"{b_name} {format_cards(both)} is also in the {a_name}; a card can be used once")


def multiset_text(counts) -> str:
    """A rank multiset (13 counts, ace first) as ranks, lowest first: the spelling of the committed
    tables' hands (``A A 5 J``).

    >>> multiset_text([2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0])
    'A A 5 J'
    """
    return " ".join(RANK_NAMES[r] for r in range(13) for _ in range(int(counts[r])))


def format_cards(cards: Iterable[Card], ascii: bool = False) -> str:
    """Format cards space separated: '5♥ 5♣' (or '5H 5C' with ascii=True)."""
    return " ".join(c.ascii if ascii else str(c) for c in cards)


def encode(cards: Iterable[Card]) -> np.ndarray:
    """Integer codes (rank*4+suit) as an int64 array for the kernels."""
    return np.array([c.code for c in cards], dtype=np.int64)
