"""The play's rules of thumb (``001_de95eb84ccb69416.txt``, lines 5-13), measured with the
advisor over real situations. Each rule's reading (when it applies, which cards follow it and
which break it) is :mod:`.peg_readings`; this module measures them (:class:`PegRules`, on the
protocol of :mod:`crib_stats.core.measurement`), reads the committed measurement
(``data/pegging_rules.npz``, :func:`committed`; written by the checkout's study
``studies/peg_rules.py``, ``make data``) and gives each rule's figures and verdict.

The measurement: deal ``k`` of ``seed`` on the engine (as :mod:`.advise_value`: dealer the first
six cards of :func:`crib_stats.kernels.game.deal_cards`, pone the next six, the starter the
13th; both throw by the objective, exact ties drawn uniformly), then the six-card play with
both players greedy. At every turn where the mover has a choice of ranks and some rule applies,
:func:`crib_stats.game.advise.advise` values every legal rank from the mover's seat (E[the
mover's points from now on - the opponent's], both greedy after the card, over the opponent's
hands consistent with what the mover has seen); per rule that applies, the record keeps the
best following rank and its value, the best breaking rank and its value, and the advisor's
best rank. A rule is measured on deals ``0 .. budget - 1`` of its own (its budget): the
rare rules need many more deals than the common ones, and a turn is valued only when a rule
still within its budget applies. "Right" means the best following card is worth at least the
best breaking one (ties count as right: following gives up nothing; their number is kept).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

import numpy as np

from crib_stats.core.cards import Card, format_cards
from crib_stats.core.data import data_file
from crib_stats.core.engine import bounds
from crib_stats.core.measurement import Measurement, Run
from crib_stats.game.advise import AdviseError, advise
from crib_stats.game.advise_value import deal_hands, kept_counts
from crib_stats.game.peg_readings import QUOTES, READINGS, RULES, Reading, points_of, read  # noqa: F401 (the API)

DEFAULT_SEED = 0
COMMITTED = "pegging_rules.npz"
FIELDS = ("rule", "deal", "mover", "n_hist", "hist", "follow", "breaks", "best", "f_num", "f_den", "b_num", "b_den")


# ------------------------------------------------------------------------------------------
# The measurement
# ------------------------------------------------------------------------------------------


def deal_situations(seed: int, k: int, rules=None) -> list[dict]:
    """Every record of deal ``k`` (one per turn and rule that applies; ``rules`` the rules to
    look for, all by default): the play greedy by both, the advisor called where a rule applies."""
    from crib_stats.kernels import play as kp, policies as kpol  # lazy: numba

    rules = RULES if rules is None else tuple(rules)
    dealt, thrown, kept, starter = deal_hands(seed, k)
    counts = kept_counts(kept)
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


@dataclass(frozen=True, eq=False)
class Records:
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


class PegRules(Measurement):
    """The records of every rule over its budget of deals of ``seed`` (``budgets``: deals per
    rule; see the module docstring), the deals in ``shards`` parts (by default one per 50 of the
    largest budget, at most 96): the result is :class:`Records`. ``crib-stats claims
    --recompute`` runs a reduced one; the committed one is a study of the checkout's
    (``studies/peg_rules.py``, ``make data``)."""

    name, cache, arrays = "peg-rules", "advise", FIELDS

    def __init__(self, budgets: dict, seed: int = DEFAULT_SEED, shards: int | None = None):
        budgets = dict(budgets)
        if set(budgets) - set(RULES) or any(int(v) < 0 for v in budgets.values()):
            raise AdviseError(f"peg rules: budgets are deals per rule of {', '.join(RULES)}")
        self.budgets = tuple(sorted((r, int(v)) for r, v in budgets.items() if int(v) > 0))
        self.deals = max((v for _, v in self.budgets), default=0)
        self.seed = int(seed)
        self.shards = int(shards) if shards is not None else max(1, min(96, self.deals // 50))

    def parts(self) -> list[tuple]:
        return [(self.seed, lo, hi, self.budgets) for lo, hi in bounds(self.deals, self.shards)] if self.deals else []

    @staticmethod
    def part(seed: int, lo: int, hi: int, budgets: tuple) -> dict:
        """The records of deals lo..hi-1, each rule looked for within its budget."""
        budget = dict(budgets)
        records = []
        for k in range(lo, hi):
            rules = [r for r in RULES if k < budget.get(r, 0)]
            if rules:
                records += deal_situations(seed, k, rules)
        return _arrays(records)

    def key(self) -> dict:
        import sys

        from crib_stats.game import advise as adv, advise_value, model, peg_readings, situation
        from crib_stats.runtime.cache import content_digest, source_digest

        return {"kind": "peg-rules", "variant": "six-card", "seed": self.seed,
                "budgets": [list(b) for b in self.budgets], "parts": self.shards, "kernels": source_digest(),
                "code": content_digest([sys.modules[__name__], peg_readings, adv, situation, advise_value, model])}

    def result(self, parts: list[dict], run: Run) -> Records:
        empty = _arrays([])
        arrays = {name: np.concatenate([p[name] for p in parts] or [empty[name]]) for name in FIELDS}
        return Records(self.seed, dict(self.budgets), arrays, run.seconds)


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


def committed(path=None) -> Records:
    """The committed measurement (data/pegging_rules.npz; make data writes it)."""
    path = data_file(COMMITTED) if path is None else path
    if not path.exists():
        raise AdviseError(f"peg rules: the committed measurement {path.name} is missing (make data writes it)")
    with np.load(path) as z:
        meta = json.loads(bytes(z["meta"]).decode())
        arrays = {name: z[name] for name in FIELDS}
    return Records(int(meta["seed"]), {k: int(v) for k, v in meta["budgets"].items()}, arrays,
                       float(meta.get("seconds", 0.0)))


def figures(measurement: Records | None = None) -> list[dict]:
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


def frame(measurement: Records | None = None):
    """:func:`figures` as a pandas DataFrame indexed by rule (for the notebook)."""
    import pandas as pd  # lazy: pandas only when used

    return pd.DataFrame(figures(measurement)).set_index("rule")
