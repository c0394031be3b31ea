"""The seeds' quantitative claims, each with the value the code computes and a verdict.

Every entry of :func:`registry` is a :class:`Claim`: an id, a short quote of the claim and the
seed file(s) it comes from, the framing under which it is computed, the ``crib-stats`` command
that reproduces it, and a ``check`` that computes our value and the verdict *from that value*
(the seed's figure is quoted in the check; ours never is). Checks run lazily: listing the
registry is instant, :func:`evaluate` computes.

Verdicts: ``reproduced``; ``wrong`` (the note gives the right value); ``depends on framing``
(right in one framing, not in another, both given); ``model-dependent`` (averages of real play,
which need discard and pegging policies: "not modelled yet" until a model is plugged in with
:func:`register_model`); ``rule`` (a rule of the game, checked against the variant table and
the scorer when the code encodes it).

>>> c = get("hands-12994800")
>>> c.framing, c.command
('hand', 'crib-stats enumerate --table hand')
>>> f = c.check(Context())
>>> f.ours, f.verdict
('12,994,800', 'reproduced')
>>> get("show-5-5-10-j").check(Context()).verdict
'wrong'
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Callable, Iterable

from .errors import CribStatsError

S0 = "000_d94c73912b78599d.txt"  # statistics page + five-card rules (pagat)
S1 = "001_de95eb84ccb69416.txt"  # cribbage corner: strategy, rules, letters
S2 = "002_70e7159913351c5b.txt"  # six-card rules, variants, FAQ

VERDICTS = ("reproduced", "wrong", "depends on framing", "model-dependent", "rule")
FRAMINGS = {
    "hand": "a random 4-card hand + starter (12,994,800 equally likely)",
    "crib": "a random 4-card crib + starter, crib rules",
    "six-card deal": "a six-card deal, keeping the best four for the starter (936,491,920 deals)",
    "example": "a worked example, scored by the scorer",
    "play": "a count or a play, scored card by card by the play stepper",
    "search": "exhaustive search over every deal / pair of hands and every legal play",
    "real play": "averages over real games: need discard and pegging policies",
    "rule": "a rule of the game (variant table, scorer, play stepper)",
}
DATA_DIR = Path(__file__).resolve().parent.parent / "data"


class ClaimError(CribStatsError, KeyError):
    """An unknown claim id (the message lists the ids)."""

    def __str__(self) -> str:
        return str(self.args[0])
MAXIMA_FILE = "claims_maxima.json"


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
    id: str
    quote: str
    files: tuple[str, ...]
    framing: str
    command: str
    check: Callable[["Context"], Finding] = field(repr=False, compare=False)
    claimed: str = ""  # the seed's figure, as quoted


@dataclass(frozen=True)
class Entry:
    claim: Claim
    finding: Finding

    def as_dict(self) -> dict:
        c, f = self.claim, self.finding
        return {"id": c.id, "claim": c.quote, "claimed": c.claimed, "files": list(c.files),
                "framing": c.framing, "framing_text": FRAMINGS[c.framing], "ours": f.ours,
                "exact": f.exact, "verdict": f.verdict, "note": f.note, "command": c.command}


# ---------------------------------------------------------------------------------------------
# The context: computations shared by the checks, each done once
# ---------------------------------------------------------------------------------------------

_MODELS: dict[str, tuple[str, Callable[[], Fraction]]] = {}


def register_model(claim_id: str, name: str, value: Callable[[], Fraction]) -> None:
    """Plug a model value into a real-play claim (e.g. a sweep under a discard and pegging policy).
    The claim then shows the model's value; its verdict stays 'model-dependent'."""
    _MODELS[claim_id] = (name, value)


class Context:
    """Shared computations. ``from_data`` names the long computations read from the committed
    files in ``data/`` (each verified against the code by a slow test) instead of recomputed:
    "odds" (odds.csv), "extremes" (pegging_extremes_six_card.json), "maxima" (claims_maxima.json).
    """

    def __init__(self, from_data: Iterable[str] = ("odds", "extremes", "maxima"), data_dir: Path = DATA_DIR):
        self.from_data = {s for s in from_data if (Path(data_dir) / _DATA_FILES[s]).exists()}
        self.data_dir = Path(data_dir)

    @cached_property
    def hand(self):
        from .enumeration import summary
        return summary("hand")

    @cached_property
    def crib(self):
        from .enumeration import summary
        return summary("crib")

    def deal_counts(self, key: str) -> tuple[int, tuple[int, ...]]:
        """(combinations, counts by score) of a deal framing of :mod:`crib_stats.deals`."""
        if "odds" in self.from_data:
            with open(self.data_dir / _DATA_FILES["odds"], newline="") as fh:
                rows = [r for r in csv.DictReader(fh) if r["framing"] == key]
            counts = [0] * (max(int(r["score"]) for r in rows) + 1)
            for r in rows:
                counts[int(r["score"])] = int(r["count"])
            return int(rows[0]["combinations"]), tuple(counts)
        from .deals import deal_odds
        o = deal_odds(*{"six_card_deal": (6, 4), "five_card_deal": (5, 4)}[key])
        return o.combinations, o.counts

    @cached_property
    def extremes(self) -> dict:
        """The six-card play's extremes over every pair of hands."""
        return self._extremes("six-card", _DATA_FILES["extremes"])

    @cached_property
    def extremes_five(self) -> dict:
        """The five-card play's extremes (a few seconds to recompute)."""
        return self._extremes("five-card", "pegging_extremes_five_card.json")

    def _extremes(self, variant: str, name: str) -> dict:
        if "extremes" in self.from_data and (self.data_dir / name).exists():
            return json.loads((self.data_dir / name).read_text())["extremes"]
        from .pegging import extremes
        return extremes(variant).as_dict()["extremes"]

    @cached_property
    def maxima(self) -> dict:
        if "maxima" in self.from_data:
            return json.loads((self.data_dir / MAXIMA_FILE).read_text())
        return maxima_results()


_DATA_FILES = {"odds": "odds.csv", "extremes": "pegging_extremes_six_card.json", "maxima": MAXIMA_FILE}


def maxima_results() -> dict:
    """Everything ``data/claims_maxima.json`` holds, computed (about a minute on two cores):
    the dealer's largest show and largest hand + crib + pegging, without and with his heels, the
    best with a jack turned (heels included; counts for the jack of clubs turned), and the hands
    scoring 24."""
    from .maxima import dealer_show_max, dealer_total_max, hands_scoring

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


def _n(x: int) -> str:
    return f"{x:,}"


def _same(ours, claimed, text: str | None = None, note: str = "", exact=None) -> Finding:
    """'reproduced' when our value equals the seed's figure, else 'wrong' naming ours."""
    shown = text if text is not None else str(ours)
    if ours == claimed:
        return Finding(shown, "reproduced", note, ours if exact is None else exact)
    right = f"the right value is {shown}" if len(shown) <= 40 else ""
    return Finding(shown, "wrong", "; ".join(x for x in (right, note) if x), ours if exact is None else exact)


def _rule(ours, claimed, text: str | None = None, note: str = "") -> Finding:
    """A rule: consistent when the code's value equals the seed's; otherwise flagged wrong."""
    if ours == claimed:
        return Finding(text if text is not None else str(ours), "rule", note or "consistent with the code", ours)
    return _same(ours, claimed, text, note)


def _not_modelled(note: str = "") -> Finding:
    return Finding("not in the code", "rule", note or "a scoring option of whole games; the code plays no games to a score")


def _frac(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator} = {float(f):.4f}"


def _one_in(combinations: int, count: int) -> Fraction:
    return Fraction(combinations, count)


def _mean(combinations: int, counts: tuple[int, ...]) -> Fraction:
    return Fraction(sum(s * c for s, c in enumerate(counts)), combinations)


def _score(hand: str, starter: str, crib: bool = False, variant: str = "six-card"):
    from .scoring import score
    return score(hand, starter, crib=crib, variant=variant)


def _count(cards: str) -> list[int]:
    from .pegging import count_points
    return [e.points for e in count_points(cards)]


def _play(pone: str, dealer: str, seq: str, variant: str = "six-card") -> dict:
    from .pegging import play
    return play(pone, dealer, seq, variant).points


def _best(pone: str, dealer: str, side: str):
    from .pegging import best_play
    return best_play(pone, dealer, side)


def _variant(name: str):
    from .rules import variant
    return variant(name)


def _model(claim_id: str, note: str) -> Finding:
    if claim_id in _MODELS:
        name, fn = _MODELS[claim_id]
        v = fn()
        return Finding(f"{_frac(v)} ({name})", "model-dependent", note, f"{v.numerator}/{v.denominator}")
    return Finding("not modelled yet", "model-dependent", note)


# ---------------------------------------------------------------------------------------------
# The registry. Each check computes our value and decides the verdict from it.
# ---------------------------------------------------------------------------------------------

REGISTRY: list[Claim] = []
_CLAIMS_CMD = "crib-stats claims --id "


def _add(cid: str, quote: str, files, framing: str, command: str, check, claimed: str = "") -> None:
    files = (files,) if isinstance(files, str) else tuple(files)
    REGISTRY.append(Claim(cid, quote, files, framing, command or _CLAIMS_CMD + cid, check, claimed))


def _one_in_text(v: Fraction) -> str:
    from .deals import format_one_in
    return format_one_in(v)


def _framed(values: list[tuple[str, Fraction]], claimed: int, fmt=_one_in_text) -> Finding:
    """One figure in several framings: reproduced in all, depends on framing, or wrong in all
    (the seed's figure is taken as rounded to a whole number)."""
    hits = [round(v) == claimed for _, v in values]
    text = "; ".join(f"{name}: {fmt(v)}" for name, v in values)
    exact = {name: f"{v.numerator}/{v.denominator}" for name, v in values}
    if all(hits):
        return Finding(text, "reproduced", "", exact)
    if any(hits):
        right = ", ".join(name for (name, _), h in zip(values, hits) if h)
        return Finding(text, "depends on framing", f"right for {right} only", exact)
    return Finding(text, "wrong", f"the right values are {text}", exact)


# ---- the distribution and the top hands -----------------------------------------------------

_add("hands-12994800", "There are 12,994,800 possible cribbage hands, including the cut card.", S0, "hand",
     "crib-stats enumerate --table hand",
     lambda ctx: _same(ctx.hand.combinations, 12_994_800, _n(ctx.hand.combinations),
                       "C(52,4) hands x 48 starters"), "12,994,800")


def _mean_check(ctx: Context) -> Finding:
    m = ctx.hand.mean
    return _same(round(float(m), 2), 4.77, _frac(m), f"a random crib (crib rules) averages {_frac(ctx.crib.mean)}",
                 f"{m.numerator}/{m.denominator}")


_add("mean-4.77", "The average score is calculated as 4.77 points mathematically.", S0, "hand",
     "crib-stats enumerate --table hand", _mean_check, "4.77")
_add("impossible-19-25-26-27", "Scores of 27, 26, 25 and 19 are impossible in hand point totals; "
     "a score of 19 is impossible, which is why \"nineteen\" is slang for a worthless hand.", (S0, S2), "hand",
     "crib-stats enumerate --table hand",
     lambda ctx: _same(ctx.hand.impossible, (19, 25, 26, 27), ", ".join(map(str, ctx.hand.impossible)),
                       "the same for a crib: " + ", ".join(map(str, ctx.crib.impossible)), list(ctx.hand.impossible)),
     "19, 25, 26, 27")


def _top_patterns(points: int) -> list[tuple[str, int, str]]:
    from .maxima import hands_scoring
    return [(p.short, p.combinations, p.needs) for p in hands_scoring(points)]


def _hand29(ctx: Context) -> Finding:
    pats = _top_patterns(29)
    text = f"{ctx.hand.max_score}: " + ", ".join(f"{s} ({n} combinations, needs {need})" for s, n, need in pats)
    ok = ctx.hand.max_score == 29 and [(s, need) for s, _, need in pats] == [("5555J", "nobs")]
    return Finding(text, "reproduced" if ok else "wrong", "" if ok else f"the right value is {text}",
                   [ctx.hand.max_score, pats])


_add("hand-29", "The highest score is 29 (555J in hand with the starter 5 of the same suit as the Jack).",
     (S0, S2), "hand", "crib-stats score 5h 5c 5s jd --starter 5d", _hand29, "29")


def _hand28(ctx: Context) -> Finding:
    pats = _top_patterns(28)
    second = max(s for s, c in enumerate(ctx.hand.counts) if c and s < ctx.hand.max_score)
    text = f"{second}: " + ", ".join(f"{s} ({n})" for s, n, _ in pats)
    ok = second == 28 and sorted(s for s, _, _ in pats) == ["5555J", "5555K", "5555Q", "5555T"]
    return Finding(text, "reproduced" if ok else "wrong", "5555J scores 28 unless the jack is the 5's suit (29)",
                   [second, pats])


_add("hand-28", "The second highest score is 28 (any of 10,J,Q,K and 5555 in hand and starter excepting the above "
     "29 hand)", S0, "hand", "crib-stats score 5h 5c 5s 5d --starter kh", _hand28, "28")

SEED_24 = ("A7777", "33339", "36666", "44447", "44556", "44566", "45566", "67788", "77889")


def _hand24(ctx: Context) -> Finding:
    pats = ctx.maxima["hands_scoring_24"]
    ours = sorted(p["short"] for p in pats)
    need = [p["short"] for p in pats if p["needs"]]
    counts = ", ".join(f"{p['short']} ({p['combinations']})" for p in pats)
    total = sum(p["combinations"] for p in pats)
    note = (f"complete: exactly these rank multisets score 24, {_n(total)} combinations in all "
            f"(the histogram says {_n(ctx.hand.counts[24])}); "
            + ("none needs a flush or nobs" if not need else "need a flush or nobs: " + ", ".join(need)))
    missing = sorted(set(ours) - set(SEED_24))
    if missing:
        note = "the seed's list misses " + ", ".join(missing) + "; " + note
    return _same(ours, sorted(SEED_24), counts, note, ours)


_add("hand-24-list", "The next highest is 24 (A7777, 33339, 36666, 44447, 44556, 44566, 45566, 67788, 77889).",
     S0, "hand", "", _hand24, ", ".join(SEED_24))


def _odds(ctx: Context, score: int, claimed: int) -> Finding:
    hand = ctx.hand
    values = [("a random hand", _one_in(hand.combinations, hand.counts[score]))]
    for key, name in (("six_card_deal", "a six-card deal (best 4 kept)"), ("five_card_deal", "a deal of 5 (best 4 kept)")):
        comb_, counts = ctx.deal_counts(key)
        values.append((name, _one_in(comb_, counts[score])))
    return _framed(values, claimed)


_add("odds-29", "The odds of getting a 29 Cribbage hand are 1 in 216,580.", S0, "six-card deal",
     "crib-stats enumerate", lambda ctx: _odds(ctx, 29, 216_580), "1 in 216,580")
_add("odds-28", "The odds of getting a 28 Cribbage hand are 1 in 15,028.", S0, "six-card deal",
     "crib-stats enumerate", lambda ctx: _odds(ctx, 28, 15_028), "1 in 15,028")


def _best_keep_mean(ctx: Context) -> Fraction:
    return _mean(*ctx.deal_counts("six_card_deal"))


def _around_five(ctx: Context) -> Finding:
    h, c, k = ctx.hand.mean, ctx.crib.mean, _best_keep_mean(ctx)
    text = f"random hand {float(h):.2f}, random crib {float(c):.2f}, best 4 of 6 kept for the starter {float(k):.2f}"
    near = [abs(v - 5) < Fraction(1, 2) for v in (h, c, k)]
    verdict = "reproduced" if all(near) else "depends on framing" if any(near) else "wrong"
    return Finding(text, verdict, "about five for a random hand or crib; a hand kept from six averages more "
                   "(the seeds' own 7.95 and 8.10)", [f"{v.numerator}/{v.denominator}" for v in (h, c, k)])


_add("average-around-five", "an average hand, or an average crib is typically somewhere around five points",
     S0, "hand", "crib-stats enumerate --table all", _around_five, "about 5")


def _real(cid: str, note: str):
    return lambda ctx: _model(cid, note)


def _bounds_note(ctx: Context) -> str:
    return (f"for scale: four cards kept at random average {float(ctx.hand.mean):.2f}; no discard can average "
            f"more than {float(_best_keep_mean(ctx)):.2f} (the best four of the six for each starter, chosen "
            "knowing it)")


_add("real-hand-higher", "In the real hand statistics this number of points is higher, since cribbage players "
     "have some control over their hands through the discard", S0, "real play", "",
     lambda ctx: _model("real-hand-higher", _bounds_note(ctx)))
_add("real-dealer-hand-7.95", "about 7.95 points for dealer [average hand]", S0, "real play", "",
     lambda ctx: _model("real-dealer-hand-7.95", _bounds_note(ctx)), "7.95")
_add("real-pone-hand-8.10", "about 8.10 points for pone [average hand]", S0, "real play", "",
     lambda ctx: _model("real-pone-hand-8.10", _bounds_note(ctx)), "8.10")
_add("real-crib-4.65", "the average crib score is about 4,65", S0, "real play", "",
     lambda ctx: _model("real-crib-4.65", f"a crib of four random cards averages {float(ctx.crib.mean):.2f}"), "4.65")
_add("real-pegging-3.5-2.1", "the dealer pegs an average of 3.5 points per hand, while pone pegs an average of "
     "only 2.1 points", S0, "real play", "", _real("real-pegging-3.5-2.1",
                                                   "needs pegging policies for both players"), "3.5 / 2.1")
_add("real-per-deal-16-10", "The dealer can expect to score about 16 points on each hand (including crib and "
     "pegging), and pone can expect to score approximately 10 points", S0, "real play", "",
     _real("real-per-deal-16-10", "needs discard and pegging policies"), "16 / 10")

# ---- the dealer's maxima and the pegging extremes -------------------------------------------


def _show53(ctx: Context) -> Finding:
    m, mh = ctx.maxima["dealer_show"]["without_heels"], ctx.maxima["dealer_show"]["with_heels"]
    hand, crib = _score("jc 5d 5h 5s", "5c").total, _score("4c 4d 6c 6d", "5c", crib=True).total
    note = (f"{_n(m['combinations'])} (hand, crib, starter) combinations, all of the ranks "
            + " or ".join(p.replace(" | ", " / ") for p in m["patterns"]) + " (hand / crib / starter); "
            f"the seed's example: hand J555 {hand} + crib 4466 {crib} = {hand + crib}; with his heels the most is "
            f"still {mh['points']} (a jack turned: at most {ctx.maxima['jack_starter']['show']['points']} with the 2)")
    return _same(m["points"], 53, str(m["points"]), note, m["points"])


_add("dealer-show-53", "The highest score (excluding pegging) for a dealer is 53. The starter must be a 5, and one "
     "hand must have J555 while the other has 4466.", S0, "search", "", _show53, "53")


def _total78(ctx: Context) -> Finding:
    m, mh = ctx.maxima["dealer_total"]["without_heels"], ctx.maxima["dealer_total"]["with_heels"]
    hand = _score("3c 3d 4c 4d", "5h").total
    crib = _score("jh 5c 5d 5s", "5h", crib=True).total
    peg = _best("3 3 4 4", "3 3 4 4", "dealer").points["dealer"]
    note = (f"{_n(m['deals'])} deals reach it, all " + " or ".join(p.replace(" | ", " / ") for p in m["patterns"])
            + " (dealer / pone / crib / starter); the seed's example: hand 3344 "
            f"{hand} + crib J555 {crib} + pegging {peg} = {hand + crib + peg}; with his heels the most is still "
            f"{mh['points']} (a jack turned: at most {ctx.maxima['jack_starter']['total']['points']} with the 2)")
    return _same(m["points"], 78, str(m["points"]), note, m["points"])


_add("dealer-total-78", "The highest combined count of the dealer's hand, pegging, and crib is 78 according to Joe "
     "O'Brien. Dealer hand 3,3,4,4; Pone hand 3,3,4,4 and Crib: J,5,5,5. The turn card is 5 of the same suit as the "
     "Jack in crib.", S0, "search", "", _total78, "78")
def _least_dealer(ctx: Context) -> Finding:
    six, five = ctx.extremes["least_dealer"], ctx.extremes_five["least_dealer"]
    text = f"six-card play: {six['points']}; five-card play: {five['points']}"
    note = (f"{_n(six['pairs_reaching_it'])} pairs of hands peg the dealer exactly {six['points']} in the six-card play; "
            f"the five-card play stops at the first go, so e.g. pone {' '.join(five['pone'])} against dealer "
            f"{' '.join(five['dealer'])} can leave the dealer {five['points']}")
    if six["points"] == 1 and five["points"] == 1:
        return Finding(text, "reproduced", note, [six["points"], five["points"]])
    if 1 in (six["points"], five["points"]):
        return Finding(text, "depends on framing", "right for the six-card game; " + note, [six["points"], five["points"]])
    return Finding(text, "wrong", note, [six["points"], five["points"]])


_add("dealer-pegs-at-least-1", "The dealer will always peg at least one point during the pegging stage. If pone is able "
     "to play at each turn then dealer must score at least one for 'last', if not, then dealer scores at least one for "
     "'go'.", S0, "search", "crib-stats peg --extremes", _least_dealer, "1")


def _dealer_card_points(pone: str, dealer: str, seq: str) -> list[int]:
    """The dealer's points card by card, a go / last-card point added to the card before it."""
    from .pegging import play
    out: list[int] = []
    for e in play(pone, dealer, seq).events:
        if e.player == "dealer" and e.kind == "card":
            out.append(e.points)
        elif e.player == "dealer" and e.kind in ("go", "last"):
            out[-1] += e.points
    return out


def _peg30(ctx: Context) -> Finding:
    most = ctx.extremes["most_dealer"]["points"]
    cards = _dealer_card_points("7 7 4 4", "7 7 4 4", "7 7 7 7 4 4 4 4")
    ok = most == 30 and cards == [2, 13, 2, 13]
    return Finding(f"{most}; the example pegs {' + '.join(map(str, cards))} = {sum(cards)}",
                   "reproduced" if ok else "wrong", "", most)


_add("dealer-peg-30", "dealer can score 30 points ... Dealer hand 7,7,4,4; Pone hand 7,7,4,4 ... Dealer Points "
     "2 13 2 13, Dealer Totals 2 15 17 30", S0, "search",
     "crib-stats peg --pone 7 7 4 4 --dealer 7 7 4 4 --best dealer", _peg30, "30")


def _peg26(ctx: Context) -> Finding:
    peg = _best("4 8 10 K", "4 4 4 7", "dealer").points["dealer"]
    most = ctx.extremes["most_dealer"]["points"]
    text = f"that deal: {peg} pegged + 2 for his heels = {peg + 2}; the most the dealer can peg is {most}"
    return Finding(text, "wrong" if most != 26 else "reproduced",
                   f"as a maximum the right value is {most} ({most + 2} with his heels); the seed retracts it", most)


_add("dealer-peg-26-old", "not 26 points as we stated before with a dealer's hand 4,4,4,7, pone's hand 4,8,10,K, "
     "and the jack as a starter", S0, "search", "crib-stats peg --pone 4 8 10 K --dealer 4 4 4 7 --best dealer",
     _peg26, "26")


def _pone_max(ctx: Context, claimed: int, example: str = "") -> Finding:
    most = ctx.extremes["most_pone"]["points"]
    return _same(most, claimed, str(most), example + f"{ctx.extremes['most_pone']['pairs_reaching_it']} pairs of "
                 "hands reach the most", most)


_add("pone-peg-18", "other articles, that states max pone score is 18 points", S0, "search",
     "crib-stats peg --extremes", lambda ctx: _pone_max(ctx, 18), "18")


def _graham(ctx: Context) -> Finding:
    pts = _play("A A 3 3", "A 3 3 K", "A A A 3 3 3 3 K")["pone"]
    most = ctx.extremes["most_pone"]["points"]
    return _same(pts, 22, str(pts), f"the dealer's NA card taken as a K; a true example, but the most is {most}", pts)


_add("pone-peg-22-graham", "Kyle Graham showed, that pone can score 22 points ... Pone's hand: A, A, 3, 3; "
     "Dealer's hand A, 3, 3, NA. The sequence of play is A, A, A, 3, 3, 3, 3, NA; Pone gets 6+2+14 = 22 points.",
     S0, "play", "crib-stats peg --pone A A 3 3 --dealer A 3 3 K --play A A A 3 3 3 3 K", _graham, "22")


def _anderson(ctx: Context) -> Finding:
    a = _best("5 4 4 4", "6 4 9 9", "pone").points["pone"]
    b = _best("6 4 4 4", "5 4 9 9", "pone").points["pone"]
    most = ctx.extremes["most_pone"]["points"]
    text = f"the example pegs {a} (pone 5 4 4 4, dealer 6 4 9 9) or {b} (6 4 4 4 against 5 4 9 9); the most is {most}"
    return _same(most, 23, text, "5 + 6 + 12 misses the pone's point for the go after the fourth 4 "
                 "(count 27; the dealer's 9s cannot be played)", [a, b, most])


_add("pone-peg-23-anderson", "the maximum cribbage scoring for Pone pegging is 23. Pone's hand: 5 (or 6) 4 4 4; "
     "Dealer's hand: 5 (or 6) 4 9 9 ... Total Pone points: 5+6+12 = 23", S0, "search",
     "crib-stats peg --pone 5 4 4 4 --dealer 6 4 9 9 --best pone", _anderson, "23")


def _obrien24(ctx: Context) -> Finding:
    ex = _best("5 5 4 4", "5 4 4 K", "pone").points["pone"]
    most = ctx.extremes["most_pone"]["points"]
    return _same((ex, most), (24, 24), f"the example pegs {ex}; the most is {most}", "the dealer's (na/) card taken "
                 "as a K", [ex, most])


_add("pone-peg-24-obrien", "there is a hand that will give the pone a total of 24 in pegging. The Pone holding "
     "5 5 4 4, and the Dealer holding 5 4 4 (na/).", S0, "search",
     "crib-stats peg --pone 5 5 4 4 --dealer 5 4 4 K --best pone", _obrien24, "24")

# ---- worked examples of the show ------------------------------------------------------------


def _parts(b) -> tuple[int, ...]:
    return (b.fifteens, b.pairs, b.runs, b.flush, b.nobs, b.total)


def _parts_text(b) -> str:
    names = ("fifteens", "pairs", "runs", "flush", "nobs")
    return ", ".join(f"{n} {v}" for n, v in zip(names, _parts(b)) if v) + f"; total {b.total}"


def _example(hand: str, starter: str, claimed: dict, variant: str = "six-card", crib: bool = False, note: str = ""):
    """A worked show: the named parts of the breakdown must equal the seed's."""
    def check(ctx: Context) -> Finding:
        b = _score(hand, starter, crib=crib, variant=variant)
        ours = {k: getattr(b, k) for k in claimed}
        return _same(ours, claimed, _parts_text(b), note, ours)
    return check


def _cmd(hand: str, starter: str, extra: str = "") -> str:
    return f"crib-stats score {hand} --starter {starter}{extra}"


_add("show-29-breakdown", "The Jack makes 15 with each of the 5s, that's 4 15s. Also, there are 4 ways of choosing "
     "three different 5s ... 8 in total, for 16 points. Then pairs: 6 different pairs of 5s, for another 12 points. "
     "... the Jack of nobs gives us a final point for 29.", S1, "example", _cmd("5h 5c 5s jd", "5d"),
     _example("5h 5c 5s jd", "5d", {"fifteens": 16, "pairs": 12, "nobs": 1, "total": 29}), "16 + 12 + 1 = 29")


def _five_five_ten_jack(ctx: Context) -> Finding:
    plain, nobs = _score("5h 5c 10d jd", "5s"), _score("5h 5c 10d js", "5s")
    ours = (plain.fifteens, plain.pairs)
    note = (f"the right value is {plain.fifteens} for {plain.fifteens // 2} fifteens (10 + 5 and J + 5 with each of "
            f"the three 5s, and 5 + 5 + 5), {plain.pairs} for the 5s: {plain.total}, or {nobs.total} with nobs")
    return Finding(_parts_text(plain), "reproduced" if ours == (8, 6) else "wrong", note, [plain.total, nobs.total])


_add("show-5-5-10-j", "A hand of 5-5-10-J plus a 5 starter scores 8 for four fifteens, 6 for the three 5s and "
     "possibly 1 for nobs.", S2, "example", _cmd("5h 5c 10d js", "5s"), _five_five_ten_jack, "8 + 6 (+1)")
_add("show-5555-twenty", "'fifteen-two, fifteen-four, fifteen-six, fifteen-eight and a double pair royal for twelve "
     "makes a total of twenty'", S0, "example", _cmd("5c 5d 5h", "5s", " --variant five-card"),
     _example("5c 5d 5h", "5s", {"fifteens": 8, "pairs": 12, "total": 20}, "five-card",
              note="four 5s: the four ways to pick three of them"), "8 + 12 = 20")


def _ten_cut(ctx: Context) -> Finding:
    four, cut = _score("5c 5d 5h", "5s", variant="five-card"), _score("5c 5d 5h 5s", "kh")
    extra = cut.fifteens - four.fifteens
    return Finding(f"{extra // 2} more fifteens (+{extra}): {cut.total}", "reproduced" if extra == 2 else "wrong",
                   f"read as one more fifteen: a ten-card makes fifteen with each 5, +{extra} for {cut.total} "
                   "(the seed's own 28 hand)", cut.total)


_add("show-5555-ten-cut", "Of course, if you cut a ten-point card to go with that, that gives you another.", S0,
     "example", _cmd("5c 5d 5h 5s", "kh"), _ten_cut, "another [fifteen]")
_add("show-k-j-5-5", "king, jack, five, five would count 8 points (four fifteens as the king and the jack can each "
     "be paired with either five)", S0, "example", _cmd("kc jd 5h", "5s", " --variant five-card"),
     _example("kc jd 5h", "5s", {"fifteens": 8}, "five-card", note="8 for the fifteens; the pair of 5s adds 2"), "8")
_add("show-6-7-7-8", "A hand such as 6-7-7-8 contains two runs of 3 (as well as two fifteens and a pair) and so would "
     "score 12 altogether.", S0, "example", _cmd("6c 7d 7h", "8s", " --variant five-card"),
     _example("6c 7d 7h", "8s", {"fifteens": 4, "pairs": 2, "runs": 6, "total": 12}, "five-card"), "12")
_add("show-7-8-8-9", "if your hand is 7 8 8 and the start card is a 9 you score 'fifteen 2, fifteen 4, and a pair is "
     "6, and a run is 9 and a run is 12' - 12 points", S0, "example", _cmd("7c 8d 8h", "9s", " --variant five-card"),
     _example("7c 8d 8h", "9s", {"fifteens": 4, "pairs": 2, "runs": 6, "total": 12}, "five-card"), "12")
_add("show-run-of-four", "A run of four cards, such as 9-10-J-Q scores 4 points ... The runs of 3 within it don't "
     "count", (S0, S1), "example", _cmd("9c 10d jh", "qs", " --variant five-card"),
     _example("9c 10d jh", "qs", {"runs": 4}, "five-card"), "4")
_add("show-3-4-5-6", "If you have 3,4,5,6 in your hand ... The 4-5-6 makes 15, so that's 2 points, and there is a "
     "run of 4, so that's 6 points altogether.", S1, "example", _cmd("3c 4d 5h", "6s", " --variant five-card"),
     _example("3c 4d 5h", "6s", {"fifteens": 2, "runs": 4, "total": 6}, "five-card",
              note="the four cards alone (a starter would add to it)"), "6")
_add("show-8-7-7-a", "8-7-7-A can make 15 three ways ... Consequently it scores 6 points (for 15s, and a further 2 for "
     "the pair of 7s).", S1, "example", _cmd("8c 7d 7h", "as", " --variant five-card"),
     _example("8c 7d 7h", "as", {"fifteens": 6, "pairs": 2}, "five-card", note="the four cards alone"), "6 + 2")


def _three_four_four_five(ctx: Context) -> Finding:
    play = _count("3 4 4 5")
    show = _score("3c 4d 4h", "5s", variant="five-card").runs
    verdict = "depends on framing" if play[-1] == 0 and show > 0 else "reproduced" if show == 0 else "wrong"
    return Finding(f"in the play the 5 on 3-4-4 scores {play[-1]}; in the show 3-4-4-5 scores {show} for runs",
                   verdict, "right for the play only: in the show 3-4-4-5 is a double run of three", [play, show])


_add("run-3-4-4-5", "Runs need not be in numerical order (eg 3-5-6-4) but they must be consecutive (3-4-4-5 does not "
     "score).", S1, "play", "crib-stats peg 3 4 4 5", _three_four_four_five, "0")

# ---- the play: counts card by card ----------------------------------------------------------


def _counted(cards: str, claimed: list[int], note: str = ""):
    return lambda ctx: _same(_count(cards), claimed, " ".join(map(str, _count(cards))), note)


for _cid, _quote, _files, _cards, _claimed in (
    ("play-run-4-2-3-5-6", "cards are played in the following order: 4-2-3-5-6. The player of the 3 scores 3 for a "
     "run, then the player of the 5 scores 4, and the player of the 6 scores 5.", S0, "4 2 3 5 6", [0, 0, 3, 4, 5]),
    ("play-run-4-2-3-4-3", "4-2-3-4-3. The player of the first 3 scores 3 ... Then the player of the second 4 score 3 "
     "... The player of the second 3 scores nothing", S0, "4 2 3 4 3", [0, 0, 3, 3, 0]),
    ("play-run-4-2-6-5-3", "4-2-6-5-3. The final 3 scores 5 points for a 5-card run. Nothing is scored before then",
     S0, "4 2 6 5 3", [0, 0, 0, 0, 5]),
    ("play-run-2-4-5-3-7-6-a", "2-4-5-3-7-6. Can the person that put the 6 count 6 points? Indeed she can! And if her "
     "opponent held an Ace, he could play it for another 7 points.", S1, "2 4 5 3 7 6 A", [0, 0, 0, 4, 0, 6, 7]),
    ("play-run-3-5-4-2-3-4", "3, 5, 4 ... completes a run of 3 ... a 2, that completes a run of 4 ... 3,5,4,2,3 ... "
     "only completes a run of 4 ... If the next card is a 4, that completes a run of 3 (2-3-4)", S1, "3 5 4 2 3 4",
     [0, 0, 3, 4, 4, 3]),
    ("play-pair-no-run", "2-3-4-4 would score 2 points for the pair, but it does not complete any runs ... Laying a 5 "
     "on this does not complete a run", S1, "2 3 4 4 5", [0, 0, 3, 2, 0]),
    ("play-run-7-9-6-8", "if the play goes 7-9-6, you can then play an 8 to score 4 for a run of 4.", S1, "7 9 6 8",
     [0, 0, 0, 4]),
    ("play-run-3-4-5-6", "3-4-5 makes a run of 3 and so scores 3 for the player laying down the 5. If the opponent then "
     "plays a 6 (or a 2) ... she scores 4", S1, "3 4 5 6", [0, 0, 3, 4]),
    ("play-4-6-5", "Never play a 6 to a led 4 ... your opponent slaps down a 5, for five points (4-6-5 run and 15).",
     S1, "4 6 5", [0, 0, 5]),
    ("play-run-4-2-3", "If the cards played are 4, 2, 3, the player of the 3 scores 3 for the run", S2, "4 2 3",
     [0, 0, 3]),
    ("play-pairs-2-6-12", "a pair ... 2 points; a third card of that rank scores 6; a fourth scores 12 (pair royal, "
     "double pair royal)", (S0, S1, S2), "7 7 7 7", [0, 2, 6, 12]),
    ("play-ten-queen-no-pair", "a 10 and a queen do NOT make a pair even though they are both worth 10 points", S0,
     "10 Q", [0, 0]),
    ("play-fifteen-2", "If you play a card which brings the total to 15 you score two points ('Fifteen two')",
     (S0, S1, S2), "K 5", [0, 2]),
    ("play-thirty-one-2", "if you play a card which brings the total to exactly 31 you score 2 points", (S0, S1, S2),
     "K Q A K", [0, 0, 0, 2]),
    ("ace-low", "aces are always counted as one point ... A-2-3 is a run, but Q-K-A is not", (S0, S1), "Q K A 2 3",
     [0, 0, 0, 0, 3]),
):
    _add(_cid, _quote, _files, "play", f"crib-stats peg {_cards}", _counted(_cards, _claimed),
         " ".join(map(str, _claimed)))


def _limit(ctx: Context) -> Finding:
    from .pegging import PegError
    from .kernels.constants import pip
    after = _count_events("8 8 8")[-1].count
    try:
        _count("8 8 8 8")
        fourth = "allowed"
    except PegError:
        fourth = "refused"
    highest = max(pip(r) for r in range(13) if after + pip(r) <= 31)
    ours = (after, fourth, highest)
    return _rule(ours, (24, "refused", 7), f"three 8s count {after}; a fourth 8 is {fourth}; the highest card "
                 f"playable is a {highest}")


def _count_events(cards: str):
    from .pegging import count_points
    return count_points(cards)


_add("play-31-limit", "the total pip value of the cards played by both players must not exceed 31 ... 4 successive 8s "
     "could not be played. After the third 8 (making the count 24), the next player would have to play a 7 or lower",
     (S0, S1, S2), "rule", "crib-stats peg 8 8 8 8", _limit, "31; 24; 7")


def _go_points(ctx: Context) -> Finding:
    at31 = _play("K J 2", "K A 3", "K K J A", "five-card")
    below = _play("K Q 9", "K Q 8", "K K Q", "five-card")
    ours = (at31["dealer"], below["pone"])
    # the seed's rule: 31 on a pair pegs 2 + 2 and no go point; a play ending at 30 pegs 1 for last card
    return _rule(ours, (4, 1), f"K K J A (five-card): the dealer pegs {at31['dealer']} for the pair and the 31 "
                 f"(2 + 2, no go point); K K Q ends at 30: the pone pegs {below['pone']} for last card")


_add("play-go-1-or-31-2", "If the play ends with a total lower than 31, whichever player was the last to play a card "
     "pegs 1 point for 'last card'. If the play ends at exactly 31 ... 2 points instead of 1 point. It is not possible "
     "to make both these scores at once.", (S0, S1, S2), "rule", "crib-stats peg --variant five-card --pone K J 2 "
     "--dealer K A 3 --play K K J A", _go_points, "1 / 2, never both")


def _next_leader(pone: str, dealer: str, seq: str) -> tuple[str, str]:
    """(who scored the first go, who leads the next count)."""
    from .pegging import play
    events = play(pone, dealer, seq).events
    i = next(k for k, e in enumerate(events) if e.kind == "go")
    return events[i].player, next(e.player for e in events[i + 1:] if e.kind == "card")


def _leader(claimed_same: bool):
    def check(ctx: Context) -> Finding:
        scorer, leader = _next_leader("7 7 4 4", "7 7 4 4", "7 7 7 7 4 4 4 4")
        ours = leader == scorer
        text = f"after the {scorer}'s go at 28 in 7 7 7 7 | 4 4 4 4 the {leader} leads"
        return _rule(ours, claimed_same, text, "the opponent of the player who played last leads the next count")
    return check


_add("restart-led-by-last-scorer", "a new count begins at zero, with the last scoring player laying the first card.",
     S1, "rule", "crib-stats peg --pone 7 7 4 4 --dealer 7 7 4 4 --play 7 7 7 7 4 4 4 4", _leader(True),
     "the last scorer leads")
_add("restart-led-by-opponent", "The count then restarts at zero with the cards left, led by the opponent of the "
     "player who played last, until all eight cards are played.", S2, "rule",
     "crib-stats peg --pone 7 7 4 4 --dealer 7 7 4 4 --play 7 7 7 7 4 4 4 4", _leader(False), "the opponent leads")


def _five_card_once(ctx: Context) -> Finding:
    from .pegging import play
    r = play("K Q J", "K Q J", "K K Q", "five-card")
    unplayed = 6 - len(r.sequence)
    return _rule(unplayed > 0, True, f"K K Q: the five-card play stops at the first go (count 30) with {unplayed} "
                 "cards unplayed")


_add("five-card-play-once", "Five Card Cribbage is different: you only play up to 31 once and one or both players "
     "may have unplayed cards at the end of the play.", S0, "rule",
     "crib-stats peg --variant five-card --pone K Q J --dealer K Q J --play K K Q", _five_card_once, "once")

# ---- rules of the show ----------------------------------------------------------------------


def _pips() -> tuple[int, ...]:
    from .kernels.constants import pip
    return tuple(int(pip(r)) for r in range(13))


def _shows(*cases) -> tuple[int, ...]:
    """One part of several shows: (hand, starter, part, crib, variant) each."""
    return tuple(getattr(_score(h, s, crib=c, variant=v), part) for h, s, part, c, v in cases)


_add("pips", "Ace = 1; 2 to 10 = face value; jack = 10; queen = 10; king = 10.", (S0, S1, S2), "rule", "",
     lambda ctx: _rule(_pips(), (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), "A..9: 1..9; 10 J Q K: 10"),
     "1 .. 10, 10, 10, 10")
_add("show-pairs-6-12", "Three cards of the same rank contain 3 different pairs and thus score a total of 6 points for "
     "'pair Royal'. Four of a kind contain 6 pairs and so score 12 points.", (S0, S1, S2), "rule",
     _cmd("7c 7d 7h 7s", "2c"),
     lambda ctx: _rule(_shows(("7c 7d 2h 9s", "kc", "pairs", False, "six-card"),
                              ("7c 7d 7h 9s", "kc", "pairs", False, "six-card"),
                              ("7c 7d 7h 7s", "kc", "pairs", False, "six-card")), (2, 6, 12), "2, 6, 12"), "2 / 6 / 12")
_add("flush-hand", "If the four cards in your hand are of the same suit, you score four for a flush ... If the starter "
     "card is also of the same suit, you score five.", (S1, S2), "rule", _cmd("2c 4c 6c 8c", "kd"),
     lambda ctx: _rule(_shows(("2c 4c 6c 8c", "kd", "flush", False, "six-card"),
                              ("2c 4c 6c 8c", "kc", "flush", False, "six-card")), (4, 5), "4, 5"), "4 / 5")
_add("flush-crib", "in the crib you cannot score a four-card flush; all five must be the same suit ... the flush "
     "scores 5 points", (S0, S1, S2), "rule", _cmd("2c 4c 6c 8c", "kd", " --crib"),
     lambda ctx: _rule(_shows(("2c 4c 6c 8c", "kd", "flush", True, "six-card"),
                              ("2c 4c 6c 8c", "kc", "flush", True, "six-card")), (0, 5), "0 without the starter, 5"),
     "0 / 5")
_add("flush-five-card", "If all three cards of the hand are the same suit, 3 points are scored for flush. If the start "
     "card is the same suit as well, the flush is worth 4 points. There is no score for having 2 hand cards and the "
     "starter all the same suit.", S0, "rule", _cmd("2c 4c 6c", "kd", " --variant five-card"),
     lambda ctx: _rule(_shows(("2c 4c 6c", "kd", "flush", False, "five-card"), ("2c 4c 6c", "kc", "flush", False, "five-card"),
                              ("2c 4c 6d", "kc", "flush", False, "five-card")), (3, 4, 0), "3, 4, 0"), "3 / 4 / 0")
_add("crib-run-of-five", "it is now possible to have a run of five cards, which scores just 5 points.", S0, "rule",
     _cmd("3c 4d 5h 6s", "7c", " --crib"),
     lambda ctx: _rule(_shows(("3c 4d 5h 6s", "7c", "runs", True, "six-card")), (5,), "5"), "5")
_add("nobs-1", "If the hand contains the jack of the same suit as the start card, score 1 extra point ... (a jack "
     "turned as the starter is his heels, not nobs)", (S0, S1, S2), "rule", _cmd("jc 2d 4h 6s", "8c"),
     lambda ctx: _rule(_shows(("jc 2d 4h 6s", "8c", "nobs", False, "six-card"), ("jc 2d 4h 6s", "8d", "nobs", False, "six-card"),
                              ("5c 2d 4h 6s", "jc", "nobs", False, "six-card")), (1, 0, 0), "1; 0 off suit; 0 for a jack turned"),
     "1")


def _heels(ctx: Context) -> Finding:
    from .rules import POINTS_HEELS
    return _rule(POINTS_HEELS, 2, str(POINTS_HEELS), "pegged by the dealer at once, never part of a hand score "
                 "(the maxima above report it separately)")


_add("heels-2", "If the start card is a jack, the dealer immediately pegs 2 points - this is called 'two for his "
     "heels'.", (S0, S2), "rule", "", _heels, "2")

# ---- the variants ---------------------------------------------------------------------------


def _v(name: str, fields: tuple[str, ...], claimed: tuple, note: str = ""):
    def check(ctx: Context) -> Finding:
        v = _variant(name)
        crib = v.players * v.throw + v.crib_from_deck  # the crib as the table builds it
        ours = tuple(crib if f == "crib" else getattr(v, f) for f in fields)
        text = ", ".join(f"{f} {x}" for f, x in zip(fields, ours))
        return _rule(ours, claimed, f"{name}: {text}", note)
    return check


_add("six-card-deal", "The dealer gives six cards to each player ... Each keeps four and gives two to the crib.", S2,
     "rule", "", _v("six-card", ("dealt", "throw", "kept", "crib"), (6, 2, 4, 4)), "6 / 2 / 4 / 4")
_add("game-121", "The first player to reach 121 points wins, whether by pegging during play, counting a hand, or "
     "scoring two for heels.", S2, "rule", "", _v("six-card", ("game",), (121,)), "121")
_add("five-card-deal", "dealer deals 5 cards to each player ... Each player must choose two cards to discard face down "
     "to form the 'crib'. These four cards ...", S0, "rule", "", _v("five-card", ("dealt", "throw", "kept", "crib"), (5, 2, 3, 4)),
     "5 / 2 / 3 / 4")
_add("five-card-game-61", "To be the first to score 61 points ... Five-card Cribbage. The older British game: five "
     "cards each, two to the crib, played to 61.", (S0, S2), "rule", "", _v("five-card", ("game",), (61,)), "61")
_add("five-card-last-3", "The player cutting the lower card deals, and the other player immediately pegs 3 points for "
     "'last' as compensation. This is scored on the first deal only.", S0, "rule", "",
     _v("five-card", ("first_deal_last",), (3,)), "3")
_add("four-players", "Two partnerships, five cards each, everyone gives one card to the crib.", S2, "rule", "",
     _v("four-player", ("dealt", "throw", "partners", "crib"), (5, 1, True, 4)), "5 / 1 / 4")
_add("three-players", "Five cards each plus one dealt straight to the crib; each player discards one.", S2, "rule", "",
     _v("three-player", ("dealt", "throw", "crib_from_deck", "crib"), (5, 1, 1, 4)), "5 / 1 / 1 / 4")


def _lead_low(ctx: Context) -> Finding:
    from .kernels.constants import pip
    risky = sorted({pip(r) for r in range(13) if any(pip(r) + pip(s) == 15 for s in range(13))})
    return _rule(min(risky), 5, f"one card makes 15 on a lead of {min(risky)}..{max(risky)}; "
                 f"on 5 with any of the {sum(4 for r in range(13) if pip(4) + pip(r) == 15)} ten-count cards",
                 "so a lead of 4 or lower is safe from a fifteen, and a 5 makes 15 with every ten-count card")


_add("lead-4-or-lower", "Lead a 4 or lower: your opponent cannot make 15 in one card. Avoid leading a 5 ... fives make "
     "fifteens with every ten-count card.", S2, "rule", "", _lead_low, "4 or lower")
_add("game-61-short", "A shorter game is played to 61.", S2, "rule", "",
     lambda ctx: _not_modelled("a game length; the code scores deals, not games (the five-card game's 61 is in the "
                               "variant table)"), "61")
_add("game-91", "91-point game. Common around Manchester: once up, down and up a 30-hole board.", S2, "rule", "",
     lambda ctx: _not_modelled(), "91")
_add("skunk-91", "Skunk. If the loser has not reached 91 (Bicycle: 61), the winner records a double game.", S2, "rule",
     "", lambda ctx: _not_modelled(), "91 (Bicycle: 61)")
_add("muggins", "Muggins. If a player undercounts their hand, the opponent may call \"muggins\" and peg the missed "
     "points.", (S0, S2), "rule", "", lambda ctx: _not_modelled(), "the missed points")


def registry() -> tuple[Claim, ...]:
    """Every claim, in the order of the report (lists fast: nothing is computed)."""
    return tuple(REGISTRY)


def get(claim_id: str) -> Claim:
    for c in REGISTRY:
        if c.id == claim_id:
            return c
    raise ClaimError(f"no claim {claim_id!r}; ids: {', '.join(c.id for c in REGISTRY)}")


def evaluate(ids: Iterable[str] | None = None, ctx: Context | None = None) -> list[Entry]:
    """Compute the findings of the given claims (all by default)."""
    ctx = ctx or Context()
    claims = REGISTRY if ids is None else [get(i) for i in ids]
    return [Entry(c, c.check(ctx)) for c in claims]


# ---------------------------------------------------------------------------------------------
# Output: text for people, a dict for JSON, markdown for docs/claims.md
# ---------------------------------------------------------------------------------------------


def maxima_json(results: dict | None = None) -> str:
    """The text of data/claims_maxima.json (written with :func:`crib_stats.io.write_text`)."""
    return json.dumps(maxima_results() if results is None else results, indent=1, ensure_ascii=False) + "\n"


def as_dict(entries: list[Entry]) -> dict:
    """One JSON-able object: the verdict counts and every entry."""
    tally = {v: sum(e.finding.verdict == v for e in entries) for v in VERDICTS}
    return {"claims": [e.as_dict() for e in entries], "verdicts": tally, "framings": FRAMINGS,
            "seeds": {"000": S0, "001": S1, "002": S2}}


def render_text(entries: list[Entry]) -> str:
    """A readable listing: one block per claim."""
    out = []
    for e in entries:
        c, f = e.claim, e.finding
        out.append(f"[{f.verdict}] {c.id}  ({', '.join(x[:3] for x in c.files)}; {c.framing})")
        out.append(f"  claim:   {c.quote}")
        if c.claimed:
            out.append(f"  seed:    {c.claimed}")
        out.append(f"  ours:    {f.ours}")
        if f.note:
            out.append(f"  note:    {f.note}")
        out.append(f"  command: {c.command}")
    tally = as_dict(entries)["verdicts"]
    out.append(", ".join(f"{n} {v}" for v, n in tally.items() if n))
    return "\n".join(out)


def _md(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_markdown(entries: list[Entry]) -> str:
    """The report kept at docs/claims.md: a summary table, then the claims found wrong or framing-dependent."""
    tally = as_dict(entries)["verdicts"]
    lines = [
        "# The seeds' claims, checked",
        "",
        "Generated by `crib_stats.claims.render_markdown` (`crib-stats claims --markdown docs/claims.md`); do not edit.",
        "Every value in the *ours* column is computed by the code; the seed files are in `shared/seeds/` "
        f"(000 = `{S0}`, 001 = `{S1}`, 002 = `{S2}`).",
        "",
        "Verdicts: " + ", ".join(f"{v} {n}" for v, n in tally.items() if n) + ".",
        "",
        "Framings: " + "; ".join(f"*{k}*: {v}" for k, v in FRAMINGS.items()) + ".",
        "",
    ]
    flagged = [e for e in entries if e.finding.verdict in ("wrong", "depends on framing")]
    if flagged:
        lines += ["## Wrong or framing-dependent", ""]
        for e in flagged:
            lines.append(f"- **{e.claim.id}** ({e.finding.verdict}): \"{_md(e.claim.quote)}\" Ours: {_md(e.finding.ours)}."
                         + (f" {_md(e.finding.note)}." if e.finding.note else ""))
        lines.append("")
    lines += ["## Every claim", "", "| id | seed | claim | framing | seed says | ours | verdict | reproduce |",
              "|---|---|---|---|---|---|---|---|"]
    for e in entries:
        c, f = e.claim, e.finding
        ours = f.ours + (f" ({f.note})" if f.note else "")
        lines.append(f"| {c.id} | {', '.join(x[:3] for x in c.files)} | {_md(c.quote)} | {c.framing} | "
                     f"{_md(c.claimed)} | {_md(ours)} | {f.verdict} | `{_md(c.command)}` |")
    return "\n".join(lines) + "\n"


__all__ = ["Claim", "ClaimError", "Context", "Entry", "Finding", "FRAMINGS", "VERDICTS", "as_dict", "evaluate", "get",
           "maxima_json", "maxima_results", "register_model", "registry", "render_markdown", "render_text"]
