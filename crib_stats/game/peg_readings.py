"""The play's rules of thumb (``001_de95eb84ccb69416.txt``, lines 5-13), as the advisor's
measurement (:mod:`.peg_rules`) reads them.

Each rule is read as a small pure function (:func:`read`) of the mover's situation: the ranks
still in the mover's hand, and the cards of the current count in order with whether each is
the mover's (a lead when there are none). A reading returns the legal ranks that *follow* the
rule and those that *break* it; the rule applies when both are non-empty. Ranks are 0..12 (ace
0, king 12), pips as the count adds them (:func:`crib_stats.kernels.constants.pip_value`),
"legal" a card that keeps the count at most 31.

The readings (:data:`READINGS` says the same in one line each):

- ``six-on-four``: "Never play a 6 to a led 4, or vice versa". The opponent has led (the count
  holds one card, theirs) a 4 or a 6; the mover holds the other one (the 6 or the 4) and a legal
  card of a third rank. Follow: any legal card but the 6 (the 4); break: the 6 (the 4).
- ``high-first``: "Get rid of your higher cards first, as they will be a liability when the
  count approaches 31". The count is at most 15 (it has not begun to approach 31), leads
  included, and the mover's legal cards have at least two pip values. Follow: a card of the
  highest pip value; break: any lower one.
- ``save-aces``: "Save Aces ... to turn a point-losing 30 into a 2-point-winning 31 (but get rid
  of lone aces)". The mover holds an ace that is not lone (lone: their only ace and their only
  card of pip 4 or less), a legal card of another rank, and the ace scores nothing now (no 15,
  31, pair or run: an ace that scores is what it was saved for). Follow: a legal card other
  than an ace; break: the ace.
- ``lone-ace``: the bracket, "get rid of lone aces". The mover holds a lone ace and a legal
  card of another rank. Follow: the ace; break: any other card.
- ``no-pair``: "Do not pair your opponent's card unless you also hold another of the same card
  in reserve". The last card of the count is the opponent's, rank r; the mover holds exactly
  one r (legal) and a legal card of another rank. Follow: any other card; break: the r.
- ``pair-lead``: "encourage your opponent to pair your card when you yourself hold a pair". The
  mover leads holding two or more of one rank and a card of another rank. Follow: a card of a
  rank held twice or more; break: a card of a rank held once.
- ``five-lead``: "When holding two cards that together make 5 (for example 4 and Ace), lead one
  of them". The mover leads holding an ace and a 4, or a 2 and a 3, and a card outside every
  such pair. Follow: a card of such a pair; break: any other.
- ``no-run``: "Don't play a card with a value 1 or 2 away from your opponent's card ... The
  exception ... is when you hold the necessary card to extend the run yourself". The last card
  of the count is the opponent's, rank r. Break: a legal card x with |x - r| in {1, 2}
  (ranks: a jack is next to a 10 and a queen), unless it is excepted: the mover, after x,
  still holds a card that extends a run of three the opponent could complete on r, x, or x
  makes a run itself (then the mover is the one scoring it). Follow: a legal card with
  |x - r| not 1 or 2. Excepted cards are neither.

>>> read("six-on-four", (5, 9, 12), ((3, False),))
Reading(follow=frozenset({9, 12}), breaks=frozenset({5}))
>>> read("six-on-four", (5, 9, 12), ((3, True),)) is None  # the mover led the 4
True
"""

from __future__ import annotations

from typing import NamedTuple

from crib_stats.game.situation import AdviseError

ACE, TWO, THREE, FOUR, SIX = 0, 1, 2, 3, 5
RULES = ("six-on-four", "high-first", "save-aces", "lone-ace", "no-pair", "pair-lead", "five-lead", "no-run")
READINGS = {
    "six-on-four": "the opponent led a 4 (a 6); the mover holds a 6 (a 4) and a legal card of a third rank: "
                   "follow = any other card, break = the 6 (the 4)",
    "high-first": "count at most 15 (leads included), legal cards of two or more pip values: follow = a card of "
                  "the highest pip, break = a lower one",
    "save-aces": "the mover holds an ace that is not lone (lone = the only ace and the only card of pip <= 4), a "
                 "legal card of another rank, and the ace scores nothing now: follow = another card, break = the ace",
    "lone-ace": "the mover holds a lone ace and a legal card of another rank: follow = the ace, break = another card",
    "no-pair": "the opponent's card is the last of the count and does not itself pair the card before it (a reply "
               "with its rank would make a pair, as in the seed's example, not a pair royal); the mover holds exactly "
               "one of its rank and a legal card of another rank: follow = another card, break = the pair",
    "pair-lead": "the mover leads holding two or more of a rank and a card of another rank: follow = a card of a "
                 "rank held twice or more, break = one held once",
    "five-lead": "the mover leads holding A+4 or 2+3 and a card outside such pairs: follow = a card of such a pair, "
                 "break = another",
    "no-run": "the opponent's card (rank r) is the last of the count: break = a legal card 1 or 2 ranks from r, "
              "unless the mover then holds a card extending a run of three the opponent could complete, or the card "
              "makes a run itself (those are neither); follow = a legal card 0 or 3+ ranks from r",
}
QUOTES = {
    "six-on-four": "Never play a 6 to a led 4, or vice versa. This leads to a nasty sting as your opponent slaps "
                   "down a 5, for five points (4-6-5 run and 15).",
    "high-first": "Get rid of your higher cards first, as they will be a liability when the count approaches 31.",
    "save-aces": "Save Aces - they are your emergency escape strategy to turn a point-losing 30 into a 2-point-winning "
                 "31",
    "lone-ace": "(but get rid of lone aces - see below)",
    "no-pair": "Do not pair your opponent's card unless you also hold another of the same card in reserve.",
    "pair-lead": "Conversely, you should encourage your opponent to pair your card when you yourself hold a pair.",
    "five-lead": "When holding two cards that together make 5 (for example 4 and Ace), lead one of them.",
    "no-run": "Don't play a card with a value 1 or 2 away from your opponent's card - for example a 9 on a 7 - as he "
              "is likely to complete the run. The exception, of course, is when you hold the necessary card to "
              "extend the run yourself",
}


def pip(r: int) -> int:
    return min(r + 1, 10)


class Reading(NamedTuple):
    follow: frozenset
    breaks: frozenset


def points_of(counted, r: int) -> int:
    """What a card of rank ``r`` scores on the ranks ``counted`` of the current count: 15, 31,
    pairs and runs (no go)."""
    seq = [*counted, r]
    total = sum(pip(x) for x in seq)
    pts = 2 if total in (15, 31) else 0
    same = 1
    while same < len(seq) and seq[-1 - same] == r:
        same += 1
    pts += {2: 2, 3: 6, 4: 12}.get(same, 0)
    for length in range(len(seq), 2, -1):
        tail = seq[-length:]
        if len(set(tail)) == length and max(tail) - min(tail) == length - 1:
            pts += length
            break
    return pts


def read(rule: str, hand, played=()) -> Reading | None:
    """The reading of ``rule`` (see the module docstring) in the situation: ``hand`` the ranks the
    mover still holds, ``played`` the current count's cards in order as (rank, the mover's?).
    None when the rule does not apply (no card follows it or none breaks it)."""
    hand = tuple(int(r) for r in hand)
    played = tuple((int(r), bool(m)) for r, m in played)
    counted = [r for r, _ in played]
    count = sum(pip(r) for r in counted)
    legal = {r for r in hand if count + pip(r) <= 31}
    held = {r: hand.count(r) for r in set(hand)}
    lead = not played
    theirs = played[-1][0] if played and not played[-1][1] else None
    follow: set = set()
    breaks: set = set()
    if rule == "six-on-four":
        if len(played) == 1 and theirs in (FOUR, SIX):
            other = SIX if theirs == FOUR else FOUR
            if other in legal and legal - {other}:
                follow, breaks = legal - {other}, {other}
    elif rule == "high-first":
        if count <= 15 and len({pip(r) for r in legal}) > 1:
            top = max(pip(r) for r in legal)
            follow = {r for r in legal if pip(r) == top}
            breaks = legal - follow
    elif rule in ("save-aces", "lone-ace"):
        if ACE in legal and legal - {ACE}:
            lone = held[ACE] == 1 and not any(pip(r) <= 4 for r in hand if r != ACE)
            if rule == "lone-ace" and lone:
                follow, breaks = {ACE}, legal - {ACE}
            elif rule == "save-aces" and not lone and points_of(counted, ACE) == 0:
                follow, breaks = legal - {ACE}, {ACE}
    elif rule == "no-pair":
        paired = len(played) >= 2 and played[-2][0] == theirs
        if theirs is not None and not paired and held.get(theirs) == 1 and theirs in legal and legal - {theirs}:
            follow, breaks = legal - {theirs}, {theirs}
    elif rule == "pair-lead":
        if lead and len(held) > 1 and max(held.values()) > 1:
            follow = {r for r in legal if held[r] > 1}
            breaks = legal - follow
    elif rule == "five-lead":
        if lead:
            fives = {r for a, b in ((ACE, FOUR), (TWO, THREE)) if a in held and b in held for r in (a, b)}
            follow, breaks = fives & legal, legal - fives
    elif rule == "no-run":
        if theirs is not None:
            for x in legal:
                d = abs(x - theirs)
                if d not in (1, 2):
                    follow.add(x)
                elif not _run_excepted(theirs, x, hand, counted):
                    breaks.add(x)
    else:
        raise AdviseError(f"peg rules: unknown rule {rule!r:.20}; the rules are {', '.join(RULES)}")
    if not follow or not breaks:
        return None
    return Reading(frozenset(follow), frozenset(breaks))


def _run_excepted(r: int, x: int, hand, counted) -> bool:
    """Card ``x`` on the opponent's ``r`` is excepted from ``no-run``: it makes a run itself, or
    after it the mover holds a card extending a run of three the opponent could complete."""
    if _makes_run(counted, x):
        return True
    rest = list(hand)
    rest.remove(x)
    lo, hi = min(r, x), max(r, x)
    runs = [(lo - 1, hi), (lo, hi + 1)] if hi - lo == 1 else [(lo, hi)]  # the three ranks the opponent completes
    return any(a >= 0 and b <= 12 and (a - 1 in rest or b + 1 in rest) for a, b in runs)


def _makes_run(counted, x: int) -> bool:
    seq = [*counted, x]
    for length in range(len(seq), 2, -1):
        tail = seq[-length:]
        if len(set(tail)) == length and max(tail) - min(tail) == length - 1:
            return True
    return False
