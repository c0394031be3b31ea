"""The play's rules of thumb (``001_de95eb84ccb69416.txt``, lines 5-13), measured with the
advisor over real situations.

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

The measurement: deal ``k`` of ``seed`` on the engine (as :mod:`.advise_value`: dealer the first
six cards of :func:`crib_stats.kernels.game.deal_cards`, pone the next six, the starter the
13th; both throw by the objective, exact ties drawn uniformly), then the six-card play with
both players greedy. At every turn where the mover has a choice of ranks and some rule applies,
:func:`crib_stats.game.advise.advise` values every legal rank from the mover's seat (E[the
mover's points from now on - the opponent's], both greedy after the card, over the opponent's
hands consistent with what the mover has seen); per rule that applies, the record keeps the
best following rank and its value, the best breaking rank and its value, and the advisor's
best rank. A rule is measured on deals ``0 .. budget - 1`` of its own (:data:`BUDGETS`): the
rare rules need many more deals than the common ones, and a turn is valued only when a rule
still within its budget applies. "Right" means the best following card is worth at least the
best breaking one (ties count as right: following gives up nothing; their number is kept).

>>> read("six-on-four", (5, 9, 12), ((3, False),))
Reading(follow=frozenset({9, 12}), breaks=frozenset({5}))
>>> read("six-on-four", (5, 9, 12), ((3, True),)) is None  # the mover led the 4
True
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Callable, NamedTuple

import numpy as np

from crib_stats.core.cache import cache_root as default_cache_root
from crib_stats.core.cards import Card, format_cards
from crib_stats.core.data import data_file
from crib_stats.core.engine import ShardCache, bounds, check_scheduler
from crib_stats.game.advise import AdviseError, advise
from crib_stats.game.advise_value import deal_hands, run_shards

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
# deals per rule, chosen from a pilot's spread so that every rule's standard error is at most
# 0.05 points and the committed run (2 workers) takes under ten minutes on the 2-core machine
BUDGETS = {"six-on-four": 4000, "high-first": 230, "save-aces": 1000, "lone-ace": 2800, "no-pair": 3800,
           "pair-lead": 540, "five-lead": 1200, "no-run": 1000}
DEFAULT_SEED = 0
COMMITTED = "pegging_rules.npz"
FIELDS = ("rule", "deal", "mover", "n_hist", "hist", "follow", "breaks", "best", "f_num", "f_den", "b_num", "b_den")


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


# ------------------------------------------------------------------------------------------
# The measurement
# ------------------------------------------------------------------------------------------


def deal_situations(seed: int, k: int, rules=None) -> list[dict]:
    """Every record of deal ``k`` (one per turn and rule that applies; ``rules`` the rules to
    look for, all by default): the play greedy by both, the advisor called where a rule applies."""
    from crib_stats.kernels import play as kp, policies as kpol  # lazy: numba

    rules = RULES if rules is None else tuple(rules)
    dealt, thrown, kept, starter = deal_hands(seed, k)
    counts = np.zeros((2, 13), np.int64)
    for player in (0, 1):
        for c in kept[player]:
            counts[player, c.rank] += 1
    st, seq = kp.new_play(counts[0], counts[1])
    st = kp.settle(st, False)
    left = {0: list(kept[0]), 1: list(kept[1])}
    history: list[Card] = []
    owner: list[int] = []
    out = []
    while st[kp.S_DONE] == 0:
        mover = int(st[kp.S_TURN])
        n = int(st[kp.S_N])
        played = [(c.rank, o == mover) for c, o in zip(history[len(history) - n:], owner[len(owner) - n:])] if n else []
        hand = [c.rank for c in left[mover]]
        found = {rule: rd for rule in rules if (rd := read(rule, hand, played)) is not None}
        if found:
            seat = "dealer" if mover == 1 else "pone"
            a = advise(dealt[mover], thrown[mover], [starter], seat, history)
            ev = {}
            for p in a.plays:
                ev.setdefault(Card.parse(p.card).rank, p.ev)
            best = Card.parse(a.plays[0].card).rank
            for rule, rd in found.items():
                f = max(rd.follow, key=lambda r: (ev[r], r))
                b = max(rd.breaks, key=lambda r: (ev[r], r))
                out.append({"rule": RULES.index(rule), "deal": k, "mover": mover, "hist": [c.code for c in history],
                            "follow": f, "breaks": b, "best": best, "f": ev[f], "b": ev[b]})
        r = int(kpol.greedy_choice(seq, st))
        card = min((c for c in left[mover] if c.rank == r), key=lambda c: c.suit)
        left[mover].remove(card)
        history.append(card)
        owner.append(mover)
        st = kp.settle(kp.play_card(seq, st, r), False)
    return out


def _arrays(records: list[dict]) -> dict:
    m = len(records)
    a = {"rule": np.zeros(m, np.int8), "deal": np.zeros(m, np.int32), "mover": np.zeros(m, np.int8),
         "n_hist": np.zeros(m, np.int8), "hist": np.full((m, 8), -1, np.int8), "follow": np.zeros(m, np.int8),
         "breaks": np.zeros(m, np.int8), "best": np.zeros(m, np.int8)}
    for name in ("f_num", "f_den", "b_num", "b_den"):
        a[name] = np.zeros(m, np.int64)
    for i, x in enumerate(records):
        for name in ("rule", "deal", "mover", "follow", "breaks", "best"):
            a[name][i] = x[name]
        a["n_hist"][i] = len(x["hist"])
        a["hist"][i, :len(x["hist"])] = x["hist"]
        a["f_num"][i], a["f_den"][i] = x["f"].numerator, x["f"].denominator
        a["b_num"][i], a["b_den"][i] = x["b"].numerator, x["b"].denominator
    return a


def run_part(seed: int, lo: int, hi: int, budgets: tuple) -> tuple[str, dict]:
    """The records of deals lo..hi-1, each rule looked for within its budget, with the kernel
    sources' digest."""
    from crib_stats.kernels import source_digest

    budget = dict(budgets)
    records = []
    for k in range(lo, hi):
        rules = [r for r in RULES if k < budget.get(r, 0)]
        if rules:
            records += deal_situations(seed, k, rules)
    return source_digest(), _arrays(records)


def cache_key(seed: int, budgets: tuple, parts: int) -> dict:
    import sys

    from crib_stats.game import advise as adv, advise_value, model, situation
    from crib_stats.kernels import content_digest, source_digest

    return {"kind": "peg-rules", "variant": "six-card", "seed": seed, "budgets": [list(b) for b in budgets],
            "parts": parts, "kernels": source_digest(),
            "code": content_digest([sys.modules[__name__], adv, situation, advise_value, model])}


@dataclass(frozen=True, eq=False)
class Measurement:
    """Every record (arrays of :data:`FIELDS`, one row per situation and rule) and the budgets."""

    seed: int
    budgets: dict
    arrays: dict
    seconds: float = 0.0

    def records(self, rule: str) -> list[dict]:
        a, i = self.arrays, RULES.index(rule)
        rows = np.flatnonzero(a["rule"] == i)
        return [{"deal": int(a["deal"][j]), "mover": int(a["mover"][j]),
                 "hist": [int(c) for c in a["hist"][j, :a["n_hist"][j]]], "follow": int(a["follow"][j]),
                 "breaks": int(a["breaks"][j]), "best": int(a["best"][j]),
                 "f": Fraction(int(a["f_num"][j]), int(a["f_den"][j])),
                 "b": Fraction(int(a["b_num"][j]), int(a["b_den"][j]))} for j in rows]

    def summary(self, rule: str) -> "RuleSummary":
        return summarize(rule, self.records(rule), self.seed, self.budgets.get(rule, 0))

    def summaries(self) -> dict[str, "RuleSummary"]:
        return {r: self.summary(r) for r in RULES if self.budgets.get(r, 0)}


def measure(budgets: dict | None = None, seed: int = DEFAULT_SEED, *, parts: int | None = None,
            scheduler: str | None = None, workers: int | None = None, cache_dir=None, fresh: bool = False,
            progress: Callable[[int, int], None] | None = None) -> Measurement:
    """The records of every rule over its budget of deals of ``seed`` (see the module docstring).
    ``budgets``: deals per rule (:data:`BUDGETS` by default); ``cache_dir``: None the user's cache,
    False none. Shards cached as they finish: a killed run resumes."""
    budgets = dict(BUDGETS if budgets is None else budgets)
    if set(budgets) - set(RULES) or any(int(v) < 0 for v in budgets.values()):
        raise AdviseError(f"peg rules: budgets are deals per rule of {', '.join(RULES)}")
    key_budgets = tuple(sorted((r, int(v)) for r, v in budgets.items() if int(v) > 0))
    deals = max((v for _, v in key_budgets), default=0)
    seed = int(seed)
    parts = int(parts) if parts is not None else max(1, min(96, deals // 50))
    scheduler = check_scheduler(scheduler)
    start = time.perf_counter()
    root = None if cache_dir is False else (default_cache_root("advise") if cache_dir in (None, True) else cache_dir)
    cache = ShardCache(root, cache_key(seed, key_budgets, parts), name="peg-rules")
    spans = bounds(deals, parts) if deals else []
    done = run_shards(cache, [(seed, *span, key_budgets) for span in spans], run_part, FIELDS, scheduler, workers,
                      fresh, progress, "peg-rules")
    empty = _arrays([])
    arrays = {name: np.concatenate([done[i][name] for i in range(len(spans))] or [empty[name]]) for name in FIELDS}
    return Measurement(seed, dict(key_budgets), arrays, time.perf_counter() - start)


# ------------------------------------------------------------------------------------------
# The summary
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleSummary:
    rule: str
    deals: int
    n: int
    right: int  # the best following card worth at least the best breaking one
    ties: int  # of those, worth exactly the same
    mean: Fraction  # E[value of following - value of breaking], points
    se: float
    worst: dict | None  # the situation where breaking gains most

    @property
    def share(self) -> float:
        return self.right / self.n if self.n else float("nan")

    def as_dict(self) -> dict:
        return {"rule": self.rule, "reading": READINGS[self.rule], "deals": self.deals, "situations": self.n,
                "right": self.right, "ties": self.ties, "right_share": self.share, "mean": float(self.mean),
                "mean_se": self.se, "verdict": verdict(self), "worst": self.worst}


def summarize(rule: str, records: list[dict], seed: int = DEFAULT_SEED, deals: int = 0,
              written: bool = True) -> RuleSummary:
    """The figures of ``rule`` over its records; the worst case written out from its deal
    (``written=False``: the record as it is)."""
    diffs = [x["f"] - x["b"] for x in records]
    n = len(diffs)
    right = sum(d >= 0 for d in diffs)
    ties = sum(d == 0 for d in diffs)
    mean = sum(diffs, Fraction(0)) / n if n else Fraction(0)
    fl = np.array([float(d) for d in diffs])
    se = float(fl.std(ddof=1) / sqrt(n)) if n > 1 else float("nan")
    worst = None
    if n:
        j = min(range(n), key=lambda i: (diffs[i], records[i]["deal"]))
        worst = describe(records[j], seed) if written else records[j]
    return RuleSummary(rule, deals, n, right, ties, mean, se, worst)


def describe(rec: dict, seed: int = DEFAULT_SEED) -> dict:
    """A record written out: the mover's seat, dealt cards, throw, starter, the play so far, the
    two cards and their values."""
    dealt, thrown, _, starter = deal_hands(seed, rec["deal"])
    me = rec["mover"]
    hist = [Card.from_code(c) for c in rec["hist"]]
    left = [c for c in dealt[me] if c not in thrown[me] and c not in hist]

    def card(r):
        return str(min((c for c in left if c.rank == r), key=lambda c: c.suit))

    seat = "dealer" if me == 1 else "pone"
    d = rec["f"] - rec["b"]
    return {"deal": rec["deal"], "seat": seat, "dealt": format_cards(dealt[me]), "throw": format_cards(thrown[me]),
            "starter": str(starter), "played": format_cards(hist) if hist else "",
            "follow": card(rec["follow"]), "follow_ev": float(rec["f"]), "follow_ev_exact": _ft(rec["f"]),
            "breaks": card(rec["breaks"]), "breaks_ev": float(rec["b"]), "breaks_ev_exact": _ft(rec["b"]),
            "gain_of_breaking": float(-d), "command": advise_command(dealt[me], thrown[me], starter, seat, hist)}


def _ft(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator}" if f.denominator != 1 else str(f.numerator)


def advise_command(dealt, thrown, starter, seat: str, hist) -> str:
    def plain(cards):
        return " ".join(c.ascii for c in cards)

    played = f" --played {plain(hist)}" if hist else ""
    return f"crib-stats advise {plain(dealt)} --throw {plain(thrown)} --starter {plain([starter])} --{seat}{played}"


# thresholds of the verdicts (claims): stated here so the claims and the notebook quote one place
HOLDS_SHARE, MOSTLY_SHARE, WRONG_SHARE = 0.90, 0.70, 0.40
VERDICT_TEXT = ("holds: following is right (worth at least breaking) in >= 90% of situations and the mean value of "
                "following over breaking is > 0 beyond 2 se; mostly holds: >= 70% and mean > 0; wrong: mean < 0 "
                "beyond 2 se or right < 40%; depends: otherwise")


def verdict(s: RuleSummary) -> str:
    if not s.n:
        return "depends"
    m = float(s.mean)
    if m < -2 * s.se or s.share < WRONG_SHARE:
        return "wrong"
    if s.share >= HOLDS_SHARE and m > 2 * s.se:
        return "holds"
    if s.share >= MOSTLY_SHARE and m > 0:
        return "mostly holds"
    return "depends"


# ------------------------------------------------------------------------------------------
# Committed data
# ------------------------------------------------------------------------------------------


def write_committed(data_dir, budgets: dict | None = None, seed: int = DEFAULT_SEED, **engine) -> dict:
    """Measure and write ``pegging_rules.npz`` into ``data_dir``, listed in its index (the
    ``make data`` hook); returns the per-rule figures."""
    from crib_stats.core.io import OutputDir

    m = measure(budgets, seed, **engine)
    arrays = dict(m.arrays)
    meta = {"seed": seed, "budgets": m.budgets, "seconds": round(m.seconds, 1)}
    arrays["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), np.uint8)
    out = OutputDir(data_dir, [COMMITTED])
    out.write_with(COMMITTED, lambda fh: np.savez_compressed(fh, **arrays),
                   f"scripts/regenerate_data.py: crib_stats.game.peg_rules.write_committed(DIR, seed={seed})",
                   "the play's rules of thumb (seed 001) measured: per rule, every situation of its budget of real "
                   "deals (objective discards, greedy play) where it applies, the best following and breaking "
                   "cards and their exact values by crib-stats advise (crib-stats claims reads it)", binary=True)
    out.close()
    return {r: s.as_dict() for r, s in m.summaries().items()}


def committed(path=None) -> Measurement:
    """The committed measurement (data/pegging_rules.npz; make data writes it)."""
    path = data_file(COMMITTED) if path is None else path
    if not path.exists():
        raise AdviseError(f"peg rules: the committed measurement {path.name} is missing (make data writes it)")
    with np.load(path) as z:
        meta = json.loads(bytes(z["meta"]).decode())
        arrays = {name: z[name] for name in FIELDS}
    return Measurement(int(meta["seed"]), {k: int(v) for k, v in meta["budgets"].items()}, arrays,
                       float(meta.get("seconds", 0.0)))


def figures(measurement: Measurement | None = None) -> list[dict]:
    """Per rule, one flat dict (for a pandas DataFrame: ``pd.DataFrame(figures())``): the reading,
    deals, situations, right share, ties, mean value of following over breaking (``mean`` a float,
    ``mean_exact`` the Fraction) and its se, the verdict, and the worst case (``worst_*``: the situation where breaking gains most)."""
    m = committed() if measurement is None else measurement
    rows = []
    for rule, s in m.summaries().items():
        d = s.as_dict()
        worst = d.pop("worst") or {}
        # the exact mean as a Fraction (its digits run to thousands: a sum over distinct denominators)
        rows.append(d | {"mean_exact": s.mean} | {f"worst_{k}": v for k, v in worst.items()})
    return rows


def frame(measurement: Measurement | None = None):
    """:func:`figures` as a pandas DataFrame indexed by rule (for the notebook)."""
    import pandas as pd  # lazy: pandas only when used

    return pd.DataFrame(figures(measurement)).set_index("rule")
