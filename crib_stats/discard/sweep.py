"""Every deal of a variant, each thrown the best way for each role, exactly.

For each deal (all C(52, dealt), walked as suit classes with exact weights) and each throw,
E[hand] (every unseen starter) and E[crib] (every unseen starter and every set of other crib
cards, uniformly random among the cards left: the ``random`` crib model, exactly as
``crib-stats discard`` computes them) pick the throw of three policies: hand-only (max
E[hand]), dealer (max E[hand] + E[crib]) and pone (max E[hand] - E[crib]). The result holds
integer sums over stated denominators; every mean is an exact Fraction.

Per policy: the means of E[hand], E[crib] and the objective at its throw; the deals where it
keeps less than the best E[hand] ("gives up") and where it throws other ranks than the
hand-only policy; the mean gain of its objective over the hand-only policy's throw and over
the hand-optimal throw best for it (the latter involves no tie rule); ties (see
:data:`TIE_RULE`); the throw table (deals and mean E[crib] per thrown ranks, suited or not),
the kept-hand table (per kept rank multiset) and the E[hand] distribution in half points.
Dealer and pone means do not depend on the tie rule (throws tied on the objective and E[hand]
have the same E[crib]); the hand-only policy's E[crib], its tables and the gain over its
throw do. Under the random crib model the three- and four-player games are one computation
(three other crib cards, whoever supplies them).

>>> r = run_sweep("six-card", deck_ranks=(3, 4, 10), cache_dir=False)
>>> r.deals == comb(12, 6), int(r.tallies.totals[1, 0]) == r.deals   # every deal of 4s, 5s, jacks
(True, True)
>>> r.role("hand").mean_hand >= r.role("dealer").mean_hand
True
>>> r.role("dealer").mean_objective >= r.role("hand").mean_hand + r.role("hand").mean_crib
True
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, fields
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from crib_stats.core import tables
from crib_stats.core.cards import Card, RANK_NAMES
from crib_stats.core.engine import SweepError, bounds
from crib_stats.core.exact import frac_text
from crib_stats.core.io import OutputDir
from crib_stats.discard.analysis import throws_of
from crib_stats.discard.crib_base import RandomCrib
from crib_stats.discard.crib_models import get_model
from crib_stats.core.measurement import Measurement, Run
from crib_stats.discard.shards import ROLES, Tallies, cache_key, memo, run_shard
from crib_stats.model.variants import Variant, variant as get_variant

ROLE_LABELS = {"hand": "hand-only", "dealer": "dealer", "pone": "pone"}
OBJECTIVES = {"hand": "max E[hand]", "dealer": "max E[hand] + E[crib]", "pone": "max E[hand] - E[crib]"}
TIE_RULE = ("best objective; then higher E[hand]; then the lower thrown ranks (base 13), offsuit "
            "before suited; then lower E[crib]; then the first throw in sorted-card order "
            "(throws tied after the ranks and E[crib] steps agree in every reported figure)")
DEFAULT_SHARDS = 16
FULL_DECK = tuple(range(13))

# totals columns (kernels.sweep T_*)
_DEALS, _HAND, _CRIB, _OBJ, _DIFFERS, _GAIN, _TIES, _TIES_HAND, _TIES_KEY, _DIFFERS_KEY, _GAIN_TRADE = range(11)


@dataclass(frozen=True)
class RoleSummary:
    """One policy's exact means over every deal (E[crib] is the crib of the chosen throw)."""

    role: str
    deals: int
    mean_hand: Fraction
    mean_crib: Fraction
    mean_objective: Fraction
    differs: int  # deals (weighted) whose choice is not hand-optimal (gives up E[hand])
    mean_gain: Fraction  # objective at the choice minus at the hand-only policy's choice, mean
    ties: int  # deals where more than one throw has the best objective
    ties_after_hand: int  # ... and the best E[hand] among those
    ties_by_key: int  # ... among throws of different ranks or suitedness
    differs_key: int  # deals throwing other ranks (or suitedness) than the hand-only policy
    mean_gain_trade: Fraction  # objective at the choice minus the best among hand-optimal throws


@dataclass(frozen=True)
class SweepResult:
    """Integer tallies of a whole sweep and what they mean. ``tables()`` gives DataFrames,
    ``as_dict()`` the JSON summary, ``write(dir)`` both. Equal results compare equal whatever
    engine, shard count or cache made them."""

    variant: str
    crib_model: str
    deck_ranks: tuple[int, ...]
    deals: int  # C(cards in the deck, dealt)
    classes: int  # suit classes walked
    unseen: int  # cards the player has not seen = possible starters
    per_starter: int  # other-crib-card sets per starter
    tallies: Tallies
    keep_sets: np.ndarray = field(compare=False, repr=False)  # kept rank multisets (M, 13)
    shards: int = field(default=DEFAULT_SHARDS, compare=False)
    from_cache: int = field(default=0, compare=False)
    seconds: float = field(default=0.0, compare=False)

    @property
    def rules(self) -> Variant:
        return get_variant(self.variant)

    @property
    def hand_denominator(self) -> int:
        return self.deals * self.unseen

    @property
    def crib_denominator(self) -> int:
        """Deals x starters x crib sets: the denominator of E[crib] and of every objective."""
        return self.deals * self.unseen * self.per_starter

    def role(self, name: str) -> RoleSummary:
        if name not in ROLES:
            raise SweepError(f"role must be one of {', '.join(ROLES)}, got {name!r}")
        t = [int(x) for x in self.tallies.totals[ROLES.index(name)]]
        return RoleSummary(
            role=name, deals=t[_DEALS],
            mean_hand=Fraction(t[_HAND], self.hand_denominator),
            mean_crib=Fraction(t[_CRIB], self.crib_denominator),
            mean_objective=Fraction(t[_OBJ], self.crib_denominator),
            differs=t[_DIFFERS], mean_gain=Fraction(t[_GAIN], self.crib_denominator),
            ties=t[_TIES], ties_after_hand=t[_TIES_HAND], ties_by_key=t[_TIES_KEY], differs_key=t[_DIFFERS_KEY],
            mean_gain_trade=Fraction(t[_GAIN_TRADE], self.crib_denominator))

    def as_dict(self) -> dict:
        roles = {}
        for name in ROLES:
            s = self.role(name)
            t = self.tallies.totals[ROLES.index(name)]
            item = {"objective": OBJECTIVES[name]}
            for key, val in (("mean_hand", s.mean_hand), ("mean_crib", s.mean_crib),
                             ("mean_objective", s.mean_objective), ("mean_gain_over_hand_only", s.mean_gain),
                             ("mean_gain_over_best_hand_optimal", s.mean_gain_trade),
                             ("differs_from_hand_only_fraction", Fraction(s.differs, self.deals))):
                item[key] = float(val)
                item[key + "_exact"] = frac_text(val)
            item.update(differs_from_hand_only=s.differs, throws_other_ranks_than_hand_only=s.differs_key,
                        ties=s.ties, ties_after_hand=s.ties_after_hand, ties_by_key=s.ties_by_key,
                        hand_sum=int(t[_HAND]), crib_sum=int(t[_CRIB]), objective_sum=int(t[_OBJ]),
                        gain_sum=int(t[_GAIN]), gain_over_best_hand_optimal_sum=int(t[_GAIN_TRADE]))
            roles[name] = item
        return {
            "variant": self.variant, "crib_model": self.crib_model,
            "deck_ranks": "all" if self.deck_ranks == FULL_DECK else [RANK_NAMES[r] for r in self.deck_ranks],
            "deals": self.deals, "suit_classes": self.classes, "starters_per_deal": self.unseen,
            "crib_sets_per_starter": self.per_starter, "hand_denominator": self.hand_denominator,
            "crib_denominator": self.crib_denominator, "tie_rule": TIE_RULE, "roles": roles,
        }

    def tables(self) -> dict:
        """DataFrames ``throws`` (per role and thrown ranks/suitedness: deals, mean E[crib] and
        E[hand] when chosen), ``keeps`` (per role and kept rank multiset) and ``hand_bins``
        (per role: deals whose chosen keep's E[hand] falls in each half-point bin)."""
        import pandas as pd  # lazy: pandas only when used

        v = self.rules
        t = self.tallies
        throws, keeps, bins = [], [], []
        keys = []
        for i, a in enumerate(self.deck_ranks):
            if v.throw == 1:
                keys.append((a * 2, [a], None))
                continue
            for b in self.deck_ranks[i:]:
                keys.append(((a * 13 + b) * 2, [a, b], False))
                if a != b:
                    keys.append(((a * 13 + b) * 2 + 1, [a, b], True))
        for ri, role in enumerate(ROLES):
            for key, ranks, suited in keys:
                n = int(t.throw_count[ri, key])
                crib = Fraction(int(t.throw_crib[ri, key]), n * self.unseen * self.per_starter) if n else None
                hand = Fraction(int(t.throw_hand[ri, key]), n * self.unseen) if n else None
                throws.append({
                    "variant": self.variant, "role": role, "throw": " ".join(RANK_NAMES[r] for r in ranks),
                    "low": RANK_NAMES[ranks[0]], "high": RANK_NAMES[ranks[-1]], "suited": suited,
                    "deals": n, "share": n / self.deals, "hand_sum": int(t.throw_hand[ri, key]),
                    "crib_sum": int(t.throw_crib[ri, key]),
                    "mean_crib": float(crib) if n else float("nan"), "mean_crib_exact": frac_text(crib) if n else "",
                    "mean_hand": float(hand) if n else float("nan"), "mean_hand_exact": frac_text(hand) if n else "",
                })
            for k in np.nonzero(t.keep_count[ri])[0]:
                n = int(t.keep_count[ri, k])
                hand = Fraction(int(t.keep_hand[ri, k]), n * self.unseen)
                ranks = [r for r in range(13) for _ in range(int(self.keep_sets[k, r]))]
                keeps.append({"variant": self.variant, "role": role,
                              "keep": " ".join(RANK_NAMES[r] for r in ranks), "deals": n,
                              "share": n / self.deals, "hand_sum": int(t.keep_hand[ri, k]),
                              "mean_hand": float(hand), "mean_hand_exact": frac_text(hand)})
            for b, n in enumerate(t.hand_bins[ri].tolist()):
                bins.append({"variant": self.variant, "role": role, "hand_from": b / 2, "hand_below": (b + 1) / 2,
                             "deals": n, "share": n / self.deals})
        return {"throws": pd.DataFrame(throws), "keeps": pd.DataFrame(keeps), "hand_bins": pd.DataFrame(bins)}

    SUMMARY = "sweep_summary.json"

    def file_names(self) -> list[str]:
        """The files :meth:`write` writes."""
        return [f"sweep_{self.variant}_{name}.parquet" for name in ("throws", "keeps", "hand_bins")] + [self.SUMMARY]

    def write(self, out) -> list[Path]:
        """``sweep_<variant>_{throws,keeps,hand_bins}.parquet`` and this variant's entry of
        ``sweep_summary.json`` (other variants' entries are kept) into ``out``, an
        :class:`crib_stats.core.io.OutputDir` (atomic writes, listed in the tool's index), or a
        directory path."""
        close = not isinstance(out, OutputDir)
        if close:
            out = OutputDir(out, self.file_names())
        command = f"crib-stats sweep --variant {self.variant} --out DIR"
        what = {"throws": "how often each role throws each rank pair (suited/offsuit) and its mean E[crib]",
                "keeps": "how often each role keeps each rank multiset and its mean E[hand]",
                "hand_bins": "the distribution of the chosen keep's E[hand], half-point bins"}
        paths = []
        for name, df in self.tables().items():
            paths.append(out.write_with(f"sweep_{self.variant}_{name}.parquet",
                                        lambda fh, df=df: df.to_parquet(fh, engine="pyarrow", index=False),
                                        command, f"{self.variant} sweep, random crib model: {what[name]}", binary=True))
        summary_path = out.dir / self.SUMMARY
        summary = {}
        if summary_path.exists():
            try:
                summary = json.loads(summary_path.read_text(encoding="utf-8"))
            except ValueError:
                summary = {}
        summary[self.variant] = self.as_dict()
        ordered = {k: summary[k] for k in sorted(summary)}
        paths.append(out.write(self.SUMMARY, json.dumps(ordered, indent=1) + "\n",
                               "crib-stats sweep --variant V --out DIR (one entry per variant)",
                               "exact means, choices and ties of every variant's sweep (JSON)"))
        if close:
            out.close()
        return paths


def _check(variant, crib_model, shards, deck_ranks) -> tuple[Variant, str, tuple[int, ...]]:
    v = get_variant(variant)
    model = get_model(crib_model)
    if model.name != "random":
        raise SweepError(f"the sweep supports the random crib model only, got {model.name!r}")
    try:
        deck = FULL_DECK if deck_ranks is None else tuple(sorted(set(int(r) for r in deck_ranks)))
    except (TypeError, ValueError):
        raise SweepError(f"deck ranks are 0 (ace) .. 12 (king), got {deck_ranks!r}") from None
    if any(not 0 <= r < 13 for r in deck):
        raise SweepError(f"deck ranks are 0 (ace) .. 12 (king), got {list(deck_ranks)}")
    if 4 * len(deck) < v.dealt + 1 + v.others_to_crib:
        raise SweepError(f"a deck of {len(deck)} ranks is too small for the {v.name} deal, starter and crib")
    if not isinstance(shards, int) or shards < 1:
        raise SweepError(f"shards must be a positive whole number, got {shards!r}")
    return v, model.name, deck


def run_sweep(
    variant: str | Variant = "six-card",
    crib_model: str = "random",
    *,
    scheduler: str | None = None,
    shards: int = DEFAULT_SHARDS,
    cache_dir: str | Path | None | bool = None,
    fresh: bool = False,
    progress: Callable[[int, int], None] | None = None,
    deck_ranks: Sequence[int] | None = None,
    workers: int | None = None,
) -> SweepResult:
    """Sweep every deal of ``variant`` (see the module docstring).

    ``scheduler``: None runs the shards here; ``"local"`` on a new Dask LocalCluster of
    ``workers`` processes (default: one per core); ``"tcp://host:port"`` on that Dask cluster.
    ``shards``: how many fixed slices of the suit classes (more than the classes is capped).
    ``cache_dir``: where finished shards are kept (None: the user's cache directory; False:
    nowhere); ``fresh=True`` computes every shard again. ``progress(done, total)`` is called
    once with the shards already cached and after every shard. ``deck_ranks`` (0 = ace ..
    12 = king) sweeps a reduced deck of all four suits of those ranks (for checks).
    """
    return Sweep(variant, crib_model, shards, deck_ranks).run(scheduler=scheduler, workers=workers,
                                                              cache_dir=cache_dir, fresh=fresh, progress=progress)


class Sweep(Measurement):
    """The sweep on the engine (:mod:`crib_stats.core.measurement`): the suit classes of a
    variant's deals on a deck in ``shards`` fixed slices (:func:`crib_stats.discard.shards.run_shard`
    each), kept under the user's ``sweep`` cache; the result is the :class:`SweepResult` of
    their tallies' sum."""

    cache, arrays = "sweep", tuple(f.name for f in fields(Tallies))
    part = staticmethod(run_shard)

    def __init__(self, variant: str | Variant = "six-card", crib_model: str = "random", shards: int = DEFAULT_SHARDS,
                 deck_ranks: Sequence[int] | None = None):
        self.variant, self.crib_model, self.deck = _check(variant, crib_model, shards, deck_ranks)
        self.name = self.variant.name  # the cache folder: VARIANT-DIGEST
        self.deals, self.weights = tables.suit_classes(self.variant.dealt, self.deck)
        self.shards = min(shards, self.deals.shape[0])

    def parts(self) -> list[tuple]:
        return [(self.variant.name, self.deck, self.deals[lo:hi], self.weights[lo:hi])
                for lo, hi in bounds(self.deals.shape[0], self.shards)]

    def key(self) -> dict:
        return cache_key(self.variant, self.crib_model, self.deck, self.shards)

    def result(self, parts: list[dict], run: Run) -> SweepResult:
        v, deck = self.variant, self.deck
        total = Tallies(**parts[0])
        for p in parts[1:]:
            total = total + Tallies(**p)
        unseen = 4 * len(deck) - v.dealt
        return SweepResult(
            variant=v.name, crib_model=self.crib_model, deck_ranks=deck, deals=comb(4 * len(deck), v.dealt),
            classes=int(self.deals.shape[0]), unseen=unseen, per_starter=comb(unseen - 1, v.others_to_crib),
            tallies=total, keep_sets=memo(v.name, deck)["keep_sets"], shards=self.shards, from_cache=run.from_cache,
            seconds=run.seconds)


def benchmark(variant: str = "six-card", sample: int = 200, seed: int = 0) -> dict:
    """Seconds for the whole sweep of ``variant`` (kernels compiled, suit classes and rank memo
    computed afresh) against the per-deal discard kernel on ``sample`` random deals, extrapolated
    to every deal; one per-deal call serves all three roles (hand and crib sums are shared). The
    per-deal side is the numba kernel (``RandomCrib(jit=True)``), the faster of the two for many
    deals in one process. ``ratio`` = extrapolated / sweep."""
    v = get_variant(variant)
    run_sweep(v, cache_dir=False)  # compile / load every kernel
    memo.cache_clear()
    tables.suit_classes.cache_clear()
    start = time.perf_counter()
    run_sweep(v, cache_dir=False)
    sweep_s = time.perf_counter() - start
    rng = np.random.default_rng(seed)
    model = RandomCrib(jit=True)
    deals = [sorted(rng.choice(52, v.dealt, replace=False).tolist()) for _ in range(sample + 1)]
    prepared = []
    for cards in deals:
        splits = throws_of(tuple(Card.from_code(c) for c in cards), v)
        keeps = np.array([[c.code for c in k] for _, k in splits], np.int64)
        throws = np.array([[c.code for c in t] for t, _ in splits], np.int64)
        prepared.append((keeps, throws, np.array([c for c in range(52) if c not in cards], np.int64)))
    model.outcomes(*prepared[0], v, -1, 1)  # warm
    start = time.perf_counter()
    for keeps, throws, unseen in prepared[1:]:
        model.outcomes(keeps, throws, unseen, v, -1, 1)
    per_deal = (time.perf_counter() - start) / sample
    extrapolated = per_deal * comb(52, v.dealt)
    return {"variant": v.name, "sweep_seconds": sweep_s, "per_deal_seconds": per_deal, "sample": sample,
            "per_deal_extrapolated_seconds": extrapolated, "ratio": extrapolated / sweep_s}
