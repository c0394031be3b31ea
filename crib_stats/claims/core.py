"""The framework of the claims registry: claims, findings, the shared context, and the small
helpers every check uses. The checks themselves live in :mod:`.show` and :mod:`.play`."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable

from crib_stats.core.data import DATA_DIR
from crib_stats.core.errors import CribStatsError
from crib_stats.core.exact import frac_text
from crib_stats.discard.sweep import run_sweep
from crib_stats.model.variants import variant
from crib_stats.peg.extremes import extremes
from crib_stats.peg.pegging import best_play, count_points, play
from crib_stats.peg.tables import compute_table
from crib_stats.show.deals import deal_odds, format_one_in
from crib_stats.show.enumeration import summary
from crib_stats.show.maxima import dealer_show_max, dealer_total_max, hands_scoring
from crib_stats.show.scoring import score
from crib_stats.strategy.seats import figures_from_sweep, per_seat
from crib_stats.strategy.seats_sample import sample_deals

S0 = "000_d94c73912b78599d.txt"  # statistics page + five-card rules (pagat)
S1 = "001_de95eb84ccb69416.txt"  # cribbage corner: strategy, rules, letters
S2 = "002_70e7159913351c5b.txt"  # six-card rules, variants, FAQ

VERDICTS = ("reproduced", "wrong", "depends on framing", "model-dependent", "rule", "transcribed", "holds",
            "mostly holds", "depends")  # the last three: a rule of thumb measured (crib_stats.game.peg_rules)
"""Every verdict a finding may carry, in the order of the report."""
FRAMINGS = {
    "hand": "a random 4-card hand + starter (12,994,800 equally likely)",
    "crib": "a random 4-card crib + starter, crib rules",
    "six-card deal": "a six-card deal, keeping the best four for the starter (936,491,920 deals)",
    "example": "a worked example, scored by the scorer",
    "play": "a count or a play, scored card by card by the play stepper",
    "search": "exhaustive search over every deal / pair of hands and every legal play",
    "real play": "averages over real games: need discard and pegging policies",
    "rule": "a rule of the game (variant table, scorer, play stepper)",
    "advised play": "situations of real deals (objective discards, greedy play) where a rule of thumb applies, each "
                    "legal card valued exactly by crib-stats advise",
}
"""Each framing a claim is computed in, and what it means (the report's "Framings")."""


class ClaimError(CribStatsError, KeyError):
    """An unknown claim id (the message lists the ids)."""

    def __str__(self) -> str:
        return str(self.args[0])
MAXIMA_FILE = "claims_maxima.json"
"""The committed file of the exhaustive maxima (``crib-stats claims --out DIR`` writes it)."""


@dataclass(frozen=True)
class Finding:
    """Our value (text, plus an exact JSON-able value), the verdict, and a note."""

    ours: str
    verdict: str
    note: str = ""
    exact: object = None

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {self.verdict!r}")


@dataclass(frozen=True)
class Claim:
    """One quantitative claim of the seeds: its ``id``, a short ``quote``, the seed ``files`` it
    comes from, the ``framing`` it is computed in (a key of :data:`FRAMINGS`), the ``command``
    that reproduces it, the seed's figure as ``claimed``, and ``check``, which computes our
    value and the verdict from it (a :class:`Finding`)."""

    id: str
    quote: str
    files: tuple[str, ...]
    framing: str
    command: str
    check: Callable[["Context"], Finding] = field(repr=False, compare=False)
    claimed: str = ""  # the seed's figure, as quoted


@dataclass(frozen=True)
class Entry:
    """A claim with its finding, as :func:`evaluate` returns it; ``read_from`` names the
    committed files the finding was read from instead of computed."""

    claim: Claim
    finding: Finding
    read_from: tuple[str, ...] = ()  # committed files (data/...) the finding read instead of computing

    def as_dict(self) -> dict:
        """The entry as ``crib-stats claims --json`` lists it."""
        c, f = self.claim, self.finding
        return {"id": c.id, "claim": c.quote, "claimed": c.claimed, "files": list(c.files),
                "framing": c.framing, "framing_text": FRAMINGS[c.framing], "ours": f.ours,
                "exact": f.exact, "verdict": f.verdict, "note": f.note, "command": c.command,
                "read_from": list(self.read_from)}


# ---------------------------------------------------------------------------------------------
# The context: computations shared by the checks, each done once
# ---------------------------------------------------------------------------------------------

MODELS: dict[str, tuple[str, Callable[[], Fraction]]] = {}


def register_model(claim_id: str, name: str, value: Callable[[], Fraction]) -> None:
    """Plug a model value into a real-play claim (e.g. a sweep under a discard and pegging policy).
    The claim then shows the model's value; its verdict stays 'model-dependent'."""
    MODELS[claim_id] = (name, value)


class Context:
    """Shared computations. ``from_data`` names the long computations read from the committed
    files in ``data/`` (each verified against the code by a slow test) instead of recomputed:
    "odds" (odds.csv), "extremes" (pegging_extremes_six_card.json), "maxima" (claims_maxima.json),
    "seats" (seats_summary.json), "peg_rules" (pegging_rules.npz). ``from_data=()`` recomputes
    every figure (the seats' sample on a reduced sample of :data:`SEATS_RECOMPUTE_DEALS` deals,
    the rules of thumb on :data:`PEG_RULES_RECOMPUTE_DEALS` deals a rule, as their texts say).
    :attr:`read_files` collects the committed files read since it was last cleared (evaluate
    clears it before each claim, so every entry names the files its figures came from).
    """

    def __init__(self, from_data: Iterable[str] = ("odds", "extremes", "maxima", "seats", "peg_rules"),
                 data_dir: Path = DATA_DIR):
        self.from_data = {s for s in from_data if (Path(data_dir) / DATA_FILES[s]).exists()}
        self.data_dir = Path(data_dir)
        self.read_files: set[str] = set()
        self._memo: dict[str, tuple[object, frozenset]] = {}

    def _read(self, name: str) -> Path:
        """The committed file ``name``, noted as read by the current claim."""
        self.read_files.add(f"data/{name}")
        return self.data_dir / name

    def _once(self, key: str, compute: Callable[[], object]):
        """``compute()`` once per context; every later use notes the files it read again."""
        if key not in self._memo:
            outer, self.read_files = self.read_files, set()
            value = compute()
            self._memo[key] = (value, frozenset(self.read_files))
            self.read_files = outer
        value, files = self._memo[key]
        self.read_files |= files
        return value

    @cached_property
    def hand(self):
        return summary("hand")

    @cached_property
    def crib(self):
        return summary("crib")

    def deal_counts(self, key: str) -> tuple[int, tuple[int, ...]]:
        """(combinations, counts by score) of a deal framing of :mod:`crib_stats.show.deals`."""
        if "odds" in self.from_data:
            with open(self._read(DATA_FILES["odds"]), newline="") as fh:
                rows = [r for r in csv.DictReader(fh) if r["framing"] == key]
            counts = [0] * (max(int(r["score"]) for r in rows) + 1)
            for r in rows:
                counts[int(r["score"])] = int(r["count"])
            return int(rows[0]["combinations"]), tuple(counts)
        o = deal_odds(*{"six-card-deal": (6, 4), "three-four-player-deal": (5, 4)}[key])
        return o.combinations, o.counts

    @property
    def extremes(self) -> dict:
        """The six-card play's extremes over every pair of hands."""
        return self._once("extremes", lambda: self._extremes("six-card", DATA_FILES["extremes"]))

    @property
    def extremes_five(self) -> dict:
        """The five-card play's extremes (a few seconds to recompute)."""
        return self._once("extremes_five", lambda: self._extremes("five-card", "pegging_extremes_five_card.json"))

    def _extremes(self, variant: str, name: str) -> dict:
        if "extremes" in self.from_data and (self.data_dir / name).exists():
            return json.loads(self._read(name).read_text())["extremes"]
        return extremes(variant).as_dict()["extremes"]

    @property
    def seats(self) -> dict:
        """The whole hand per seat: the exact model (greedy play, keeps paired by removal) and
        the sampled deals, from data/seats_summary.json; or recomputed: the model from a fresh
        six-card sweep and a fresh greedy play table, the sample from
        :data:`SEATS_RECOMPUTE_DEALS` new deals of the committed seed (reduced: the committed
        sample has 10,000; ``sample["reduced"]`` says so)."""
        return self._once("seats", self._seats)

    def _seats(self) -> dict:
        if "seats" in self.from_data:
            doc = json.loads(self._read(DATA_FILES["seats"]).read_text(encoding="utf-8"))
            return {"model": doc["models"]["random"]["greedy"]["removal"], "sample": doc["sample"]["greedy"]}

        figures = figures_from_sweep(run_sweep("six-card", cache_dir=False))
        table = compute_table("greedy")
        model = per_seat("random", "greedy", figures=figures, table=table).as_dict()
        sample = sample_deals(SEATS_RECOMPUTE_DEALS, seed=0, policy="greedy", table=table).as_dict()
        return {"model": model, "sample": sample | {"reduced": True}}

    @property
    def peg_rules(self) -> dict:
        """Per rule of thumb, its figures (:meth:`crib_stats.game.peg_rules.RuleSummary.as_dict`):
        from data/pegging_rules.npz, or recomputed on :data:`PEG_RULES_RECOMPUTE_DEALS` deals a
        rule (``reduced``)."""
        return self._once("peg_rules", self._peg_rules)

    def _peg_rules(self) -> dict:
        from crib_stats.game import peg_rules as pr

        if "peg_rules" in self.from_data:
            m = pr.committed(self._read(DATA_FILES["peg_rules"]))
            return {r: s.as_dict() for r, s in m.summaries().items()}
        m = pr.PegRules({r: PEG_RULES_RECOMPUTE_DEALS for r in pr.RULES}).run(cache_dir=False)
        return {r: s.as_dict() | {"reduced": True} for r, s in m.summaries().items()}

    @property
    def maxima(self) -> dict:
        return self._once("maxima", lambda: json.loads(self._read(MAXIMA_FILE).read_text())
                          if "maxima" in self.from_data else maxima_results())


DATA_FILES = {"odds": "odds.csv", "extremes": "pegging_extremes_six_card.json", "maxima": MAXIMA_FILE,
              "seats": "seats_summary.json", "peg_rules": "pegging_rules.npz"}
PEG_RULES_RECOMPUTE_DEALS = 25  # the recomputed rules of thumb, deals a rule (the committed: data's budgets)
SEATS_RECOMPUTE_DEALS = 1_000  # the recomputed seats sample (the committed one: 10,000 deals)


def maxima_results() -> dict:
    """Everything ``data/claims_maxima.json`` holds, computed (about a minute on two cores):
    the dealer's largest show and largest hand + crib + pegging, without and with his heels, the
    best with a jack turned (heels included; counts for the jack of clubs turned), and the hands
    scoring 24."""
    both = (("without_heels", False), ("with_heels", True))
    jack = [40]  # the jack of clubs: every suit scores alike
    return {
        "dealer_show": {k: dealer_show_max(heels=h).as_dict() for k, h in both},
        "dealer_total": {k: dealer_total_max(heels=h).as_dict() for k, h in both},
        "jack_starter": {"show": dealer_show_max(True, starters=jack).as_dict(),
                         "total": dealer_total_max(True, starters=jack, step=3).as_dict()},
        "hands_scoring_24": [p.as_dict() for p in hands_scoring(24)],
    }


# ---------------------------------------------------------------------------------------------
# Small helpers the checks share
# ---------------------------------------------------------------------------------------------


def thousands(x: int) -> str:
    return f"{x:,}"


def verdict_same(ours, claimed, text: str | None = None, note: str = "", exact=None) -> Finding:
    """'reproduced' when our value equals the seed's figure, else 'wrong' naming ours."""
    shown = text if text is not None else str(ours)
    if ours == claimed:
        return Finding(shown, "reproduced", note, ours if exact is None else exact)
    right = f"the right value is {shown}" if len(shown) <= 40 else ""
    return Finding(shown, "wrong", "; ".join(x for x in (right, note) if x), ours if exact is None else exact)


def verdict_rule(ours, claimed, text: str | None = None, note: str = "") -> Finding:
    """A rule: consistent when the code's value equals the seed's; otherwise flagged wrong."""
    if ours == claimed:
        return Finding(text if text is not None else str(ours), "rule", note or "consistent with the code", ours)
    return verdict_same(ours, claimed, text, note)


def not_in_code(note: str = "") -> Finding:
    return Finding("not in the code", "rule", note or "a scoring option of whole games; the code plays no games to a score")


def frac_decimal(f: Fraction) -> str:
    """``p/q = 0.dddd``: a claim's exact figure with its decimal."""
    return f"{frac_text(f)} = {float(f):.4f}"


def one_in(combinations: int, count: int) -> Fraction:
    return Fraction(combinations, count)


def mean_of(combinations: int, counts: tuple[int, ...]) -> Fraction:
    return Fraction(sum(s * c for s, c in enumerate(counts)), combinations)


def score_of(hand: str, starter: str, crib: bool = False, variant: str = "six-card"):
    return score(hand, starter, crib=crib, variant=variant)


def count_of(cards: str) -> list[int]:
    return [e.points for e in count_points(cards)]


def play_points(pone: str, dealer: str, seq: str, variant: str = "six-card") -> dict:
    return play(pone, dealer, seq, variant).points


def best_of(pone: str, dealer: str, side: str):
    return best_play(pone, dealer, side)


def variant_of(name: str):
    return variant(name)


SEATS_MODEL = ("seats model (each player discards by its sweep objective, random crib model; greedy play, keeps "
               "paired by removal)")


def seat_finding(ctx: "Context", keys: tuple[str, ...], note: str) -> Finding:
    """Real play, modelled: the exact per-seat model's values for ``keys`` and the sampled deals'
    means (with one standard error); the verdict stays model-dependent."""
    model, sample = ctx.seats["model"], ctx.seats["sample"]
    parts = []
    for k in keys:
        text = f"{model[k]:.3f}"
        if sample and k in sample["estimates"]:
            e = sample["estimates"][k]
            size = f" {sample['n']:,} deals, a reduced sample recomputed" if sample.get("reduced") else ""
            text += f" (sampled{size} {e['mean']:.3f} +- {e['se']:.3f})"
        parts.append(text)
    exact = {k: model[f"{k}_exact"] for k in keys}
    return Finding(" / ".join(parts), "model-dependent", f"{SEATS_MODEL}; " + note, exact)


def model_finding(claim_id: str, note: str) -> Finding:
    if claim_id in MODELS:
        name, fn = MODELS[claim_id]
        v = fn()
        return Finding(f"{frac_decimal(v)} ({name})", "model-dependent", note, frac_text(v))
    return Finding("not modelled yet", "model-dependent", note)


# ---------------------------------------------------------------------------------------------
# The registry. Each check computes our value and decides the verdict from it.
# ---------------------------------------------------------------------------------------------

REGISTRY: list[Claim] = []
CLAIMS_CMD = "crib-stats claims --id "


def add(cid: str, quote: str, files, framing: str, command: str, check, claimed: str = "") -> None:
    files = (files,) if isinstance(files, str) else tuple(files)
    REGISTRY.append(Claim(cid, quote, files, framing, command or CLAIMS_CMD + cid, check, claimed))


def score_command(hand: str, starter: str, extra: str = "") -> str:
    """The command that shows a worked example's score."""
    return f"crib-stats score {hand} --starter {starter}{extra}"


def one_in_text(v: Fraction) -> str:
    return format_one_in(v)


def framed(values: list[tuple[str, Fraction]], claimed: int, fmt=one_in_text) -> Finding:
    """One figure in several framings: reproduced in all, depends on framing, or wrong in all
    (the seed's figure is taken as rounded to a whole number)."""
    hits = [round(v) == claimed for _, v in values]
    text = "; ".join(f"{name}: {fmt(v)}" for name, v in values)
    exact = {name: frac_text(v) for name, v in values}
    if all(hits):
        return Finding(text, "reproduced", "", exact)
    if any(hits):
        right = ", ".join(name for (name, _), h in zip(values, hits) if h)
        return Finding(text, "depends on framing", f"right for {right} only", exact)
    return Finding(text, "wrong", f"the right values are {text}", exact)


def maxima_json(results: dict | None = None) -> str:
    """The text of crib_stats/data/claims_maxima.json (written with :func:`crib_stats.core.io.write_text`)."""
    return json.dumps(maxima_results() if results is None else results, indent=1, ensure_ascii=False) + "\n"
