"""Presentation: every text table, CSV and JSON object the command line prints.

The library returns result objects (:class:`~crib_stats.scoring.Breakdown`,
:class:`~crib_stats.enumeration.Summary`, :class:`~crib_stats.deals.Odds`,
:class:`~crib_stats.discard.DiscardAnalysis`, :class:`~crib_stats.pegging.PlayResult`,
:class:`~crib_stats.pegging.Extremes`); this module turns them into what people and machines
read. Text stays within 80 columns.

One JSON schema for every command (``SCHEMA_VERSION``): every object has ``schema_version``,
``command`` and ``variant``; cards are always lists of strings; an exact value ``x`` is a float
under ``x`` and the exact fraction as a "p/q" string under ``x_exact``; keys use the names of
the command line (``five-card``, ``three-four-player-deal``).

>>> exact(Fraction(60759, 12740))
'60759/12740'
>>> wrap("said: " + "fifteen two, " * 8, indent=8).count("\\n")
1
"""

from __future__ import annotations

import math
import textwrap
from fractions import Fraction
from typing import Iterable

SCHEMA_VERSION = 1
WIDTH = 80


def exact(f: Fraction | int) -> str:
    f = Fraction(f)
    return f"{f.numerator}/{f.denominator}"


def with_exact(key: str, f: Fraction) -> dict:
    """``{key: float, key_exact: "p/q"}``."""
    return {key: float(f), f"{key}_exact": exact(f)}


def header(command: str, variant: str | None) -> dict:
    return {"schema_version": SCHEMA_VERSION, "command": command, "variant": variant}


def wrap(text: str, indent: int = 2, width: int = WIDTH) -> str:
    """Wrap one long line at ``width``, continuation lines indented."""
    return textwrap.fill(text, width=width, subsequent_indent=" " * indent, break_on_hyphens=False)


def wrap_items(prefix: str, items: Iterable[str], indent: int, sep: str = ", ") -> str:
    """``prefix`` then the items joined by ``sep``, wrapped at 80 columns between items only.

    >>> print(wrap_items("said: ", ["fifteen two (5♥ 5♣ 5♠)"] * 4, indent=6))
    said: fifteen two (5♥ 5♣ 5♠), fifteen two (5♥ 5♣ 5♠), fifteen two (5♥ 5♣ 5♠),
          fifteen two (5♥ 5♣ 5♠)
    """
    glued = [item.replace(" ", "\xa0") for item in items]
    return wrap(prefix + sep.join(glued), indent=indent).replace("\xa0", " ")


def cards(cs: Iterable) -> list[str]:
    return [str(c) for c in cs]


def plural(n: int, one: str, many: str | None = None) -> str:
    """'1 pair', '3 pairs' (with thousands separators)."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


# ---------------------------------------------------------------------------------------------
# score
# ---------------------------------------------------------------------------------------------


def score_json(b, variant: str) -> dict:
    return header("score", variant) | {
        "hand": cards(b.cards),
        "starter": str(b.starter),
        "crib": b.crib,
        "fifteens": b.fifteens,
        "pairs": b.pairs,
        "runs": b.runs,
        "flush": b.flush,
        "nobs": b.nobs,
        "total": b.total,
        "fifteen_sets": [cards(s) for s in b.fifteen_sets],
        "pair_sets": [cards(s) for s in b.pair_sets],
        "run_sets": [cards(s) for s in b.run_sets],
    }


def score_text(b) -> str:
    """One category a line, the cards behind each, then the count as players say it."""
    kind = "crib" if b.crib else "hand"
    lines = [f"{kind} {' '.join(cards(b.cards))}  starter {b.starter}"]
    for name, pts, sets in (("fifteens", b.fifteens, b.fifteen_sets), ("pairs", b.pairs, b.pair_sets),
                            ("runs", b.runs, b.run_sets)):
        head = f"  {name:<9}{pts:>3}"
        lines.append(wrap_items(head + "  ", [" ".join(cards(s)) for s in sets], indent=16) if sets else head)
    for name, pts in (("flush", b.flush), ("nobs", b.nobs), ("total", b.total)):
        lines.append(f"  {name:<9}{pts:>3}")
    lines.append(wrap_items("  said: ", b.say().split(", "), indent=8))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# enumerate
# ---------------------------------------------------------------------------------------------

# odds framings shown with each table (a deal framing belongs to the hand size it keeps)
ODDS_FOR_TABLE = {
    "hand": ("random-hand", "six-card-deal", "three-four-player-deal"),
    "crib": ("random-crib",),
    "five-card": ("five-card-deal",),
}
TABLE_VARIANT = {"hand": "six-card", "crib": "six-card", "five-card": "five-card"}


def odds_for(tables: Iterable[str], odds: list) -> list:
    keys = [k for t in tables for k in ODDS_FOR_TABLE[t]]
    return [o for o in odds if o.key in keys]


def summary_json(s) -> dict:
    return {
        "description": s.description,
        "variant": TABLE_VARIANT[s.table],
        "counts": list(s.counts),
        "combinations": s.combinations,
        **with_exact("mean", s.mean),
        **with_exact("variance", s.variance),
        "sd": s.sd,
        "max": s.max_score,
        "n_max": s.n_max,
        "impossible_scores": list(s.impossible),
    }


def odds_json(o, n: int = 5) -> dict:
    return {
        "framing": o.framing,
        "combinations": o.combinations,
        "counts": list(o.counts),
        "top": [{"score": s, "count": c, **with_exact("one_in", f)} for s, c, f in o.top(n)],
    }


def enumerate_json(summaries, odds, method: str) -> dict:
    variants = {TABLE_VARIANT[s.table] for s in summaries}
    return header("enumerate", variants.pop() if len(variants) == 1 else None) | {
        "method": method,
        "tables": {s.table: summary_json(s) for s in summaries},
        "odds": {o.key: odds_json(o) for o in odds},
    }


def _at_least(counts) -> list[int]:
    out, run = [], 0
    for c in reversed(counts):
        run += c
        out.append(run)
    return out[::-1]


def enumerate_text(summaries, odds, method: str) -> str:
    from .deals import format_one_in

    out: list[str] = []
    for s in summaries:
        out.append(wrap(f"== {s.table}: {s.description} (method {method})"))
        out.append(f"combinations  {s.combinations:,}")
        out.append(f"mean          {exact(s.mean)} = {float(s.mean):.6f}")
        out.append(f"sd            {s.sd:.6f}")
        out.append(f"max           {s.max_score} ({plural(s.n_max, 'combination')})")
        out.append(f"impossible    {', '.join(str(x) for x in s.impossible) or 'none'}")
        out.append(f"{'score':>5} {'count':>11} {'probability':>12} {'P(>=score)':>12}")
        for score, (c, a) in enumerate(zip(s.counts, _at_least(s.counts))):
            out.append(f"{score:>5} {c:>11,} {c / s.combinations:>12.8f} {a / s.combinations:>12.8f}")
        out.append("")
    if odds:
        out.append("== odds of the top hands")
        for o in odds:
            out.append(wrap(f"{o.framing}:"))
            for score, c, f in o.top(5):
                out.append(f"  {score:>2} points: {c:>12,}  {format_one_in(f)}")
    return "\n".join(out).rstrip("\n")


CSV_COLUMNS = "table,score,count,combinations,probability,p_at_least,one_in"


def enumerate_csv(summaries, odds) -> str:
    """One long CSV: every score of every table, then every score of every deal framing."""
    rows = [CSV_COLUMNS]
    hists = [(s.table, s.counts, s.combinations) for s in summaries]
    hists += [(o.key, o.counts, o.combinations) for o in odds if not o.key.startswith("random-")]
    for name, counts, total in hists:
        for score, (c, a) in enumerate(zip(counts, _at_least(counts))):
            one_in = repr(total / c) if c else ""
            rows.append(f"{name},{score},{c},{total},{c / total!r},{a / total!r},{one_in}")
    return "\n".join(rows)


def table_csv(s) -> str:
    """The per-table CSV written by ``--out``: score, count, probability, p_at_least."""
    rows = ["score,count,probability,p_at_least"]
    for score, (c, a) in enumerate(zip(s.counts, _at_least(s.counts))):
        rows.append(f"{score},{c},{c / s.combinations!r},{a / s.combinations!r}")
    return "\n".join(rows) + "\n"


def odds_csv(odds) -> str:
    """Every reachable score of every framing: framing, score, count, combinations, one_in."""
    rows = ["framing,score,count,combinations,one_in"]
    for o in odds:
        for score, c in enumerate(o.counts):
            if c:
                rows.append(f"{o.key},{score},{c},{o.combinations},{o.combinations / c!r}")
    return "\n".join(rows) + "\n"


# ---------------------------------------------------------------------------------------------
# discard
# ---------------------------------------------------------------------------------------------


def _need_words(a) -> str:
    return "your hand + crib" if a.crib_is_yours else "your hand alone (the pone counts first)"


def discard_json(a) -> dict:
    throws = []
    for r in a.throws:
        item = {"throw": cards(r.throw), "keep": cards(r.keep)}
        item |= with_exact("hand_ev", r.hand_ev) | with_exact("crib_ev", r.crib_ev) | with_exact("net_ev", r.net_ev)
        item |= {"sd": r.sd, "min": r.min, "max": r.max}
        if r.peg_ev is not None:
            item |= with_exact("peg_ev", r.peg_ev)
        p = a.p_need(r)
        if p is not None:
            item |= with_exact("p_need", p)
        elif a.need is not None:
            item |= {"p_need": None, "p_need_exact": None}
        throws.append(item)
    return header("discard", a.variant) | {
        "dealt": cards(a.dealt),
        "role": a.role,
        "crib_model": a.crib_model,
        "starter": None if a.starter is None else str(a.starter),
        "need": a.need,
        "rank_by": a.rank_by,
        "pegging": a.pegging,
        "outcomes_per_throw": a.outcomes_per_throw,
        "throws": throws,
    }


def discard_csv(a) -> str:
    cols = ["throw", "keep", "hand_ev", "crib_ev", "net_ev", "sd", "min", "max",
            "hand_ev_exact", "crib_ev_exact", "net_ev_exact"]
    if a.pegging is not None:
        cols += ["peg_ev", "peg_ev_exact"]
    if a.need is not None:
        cols += [f"p_need_{a.need}", f"p_need_{a.need}_exact"]
    rows = [",".join(cols)]
    for r in a.throws:
        vals = [" ".join(cards(r.throw)), " ".join(cards(r.keep)), repr(float(r.hand_ev)), repr(float(r.crib_ev)),
                repr(float(r.net_ev)), repr(r.sd), str(r.min), str(r.max), exact(r.hand_ev), exact(r.crib_ev),
                exact(r.net_ev)]
        if r.peg_ev is not None:
            vals += [repr(float(r.peg_ev)), exact(r.peg_ev)]
        if r.mean_only:
            vals[5:8] = ["", "", ""]
        p = a.p_need(r)
        if p is not None:
            vals += [repr(float(p)), exact(p)]
        elif a.need is not None:
            vals += ["", ""]
        rows.append(",".join(vals))
    return "\n".join(rows)


def discard_title(a) -> str:
    """What the analysis is: variant, role, crib model, starter, and the cards."""
    whose = "your crib" if a.crib_is_yours else "opponent's crib"
    return (f"{a.variant}, {a.role} ({whose}), crib model {a.crib_model}"
            + (f", play {a.pegging}" if a.pegging else "")
            + (f", starter {a.starter}" if a.starter else "") + f": {' '.join(cards(a.dealt))}")


def discard_text(a) -> str:
    best = a.best
    sign = "+" if a.crib_is_yours else "-"
    peg = a.pegging is not None
    peg_part = f" + E[peg] {float(best.peg_ev):.3f}" if peg else ""
    throw_w = max(5, max(len(" ".join(cards(r.throw))) for r in a.throws))
    keep_w = max(4, max(len(" ".join(cards(r.keep))) for r in a.throws))
    lines = [
        wrap(discard_title(a)),
        wrap(f"best: throw {' '.join(cards(best.throw))}, keep {' '.join(cards(best.keep))}: "
             f"E[hand] {float(best.hand_ev):.3f} {sign} E[crib] {float(best.crib_ev):.3f}{peg_part} = net "
             f"{float(best.net_ev):.3f}"),
        wrap(f"net = hand {sign} crib{' + peg' if peg else ''}, over {a.outcomes_per_throw:,} equally likely "
             "outcomes per throw (other crib cards, starter)") if not a.mean_only else
        wrap(f"net = hand {sign} crib{' + peg' if peg else ''}: E[hand] over every starter; E[crib] is the "
             f"{a.crib_model} table's value for the thrown ranks and your role ({a.crib_model_description}), "
             "a mean without a spread"),
    ]
    if peg:
        lines.append(wrap(f"E[peg]: your play points minus the opponent's when both play {a.pegging} and the "
                          "opponent's four cards are any of those you have not seen; sd and min..max are the "
                          "show's"))
    if a.rank_by == "need":
        lines.append(wrap(f"ranked by P(>={a.need}), the chance of making at least {a.need} points, then by net"))
    lines.append("")
    head = (f"{'throw':<{throw_w}}  {'keep':<{keep_w}} {'E[hand]':>7} {'E[crib]':>7}" + (f" {'E[peg]':>6}" if peg else "")
            + f" {'net':>7} {'sd':>5} {'min..max':>8}")
    if a.need is not None:
        head += f" {'P(>=' + str(a.need) + ')':>8}"
    lines.append(head)
    for r in a.throws:
        line = (f"{' '.join(cards(r.throw)):<{throw_w}}  {' '.join(cards(r.keep)):<{keep_w}} "
                f"{float(r.hand_ev):>7.3f} {float(r.crib_ev):>7.3f}" + (f" {float(r.peg_ev):>6.3f}" if peg else "")
                + (f" {float(r.net_ev):>7.3f} {r.sd:>5.2f} {str(r.min) + '..' + str(r.max):>8}" if not r.mean_only
                   else f" {float(r.net_ev):>7.3f} {'-':>5} {'-':>8}"))
        p = a.p_need(r)
        if p is not None:
            line += f" {float(p):>8.4f}"
        elif a.need is not None:
            line += f" {'-':>8}"
        lines.append(line)
    if a.need is not None:
        lines.append(wrap(f"P(>={a.need}): the chance that {_need_words(a)} makes at least {a.need} points"))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# peg
# ---------------------------------------------------------------------------------------------


def count_json(events, variant: str) -> dict:
    return header("peg", variant) | {"mode": "count", "events": [e.as_dict() for e in events],
                                      "total": sum(e.points for e in events)}


def count_text(events) -> str:
    lines = [f"{'#':>2} {'card':<5} {'count':>5} {'points':>6}  why"]
    for i, e in enumerate(events, 1):
        lines.append(f"{i:>2} {e.card:<5} {e.count:>5} {e.points:>6}  {e.why}".rstrip())
    lines.append(f"total {sum(e.points for e in events)}")
    return "\n".join(lines)


def play_json(result, mode: str, side: str | None = None, policy: str | None = None) -> dict:
    out = header("peg", result.variant) | {"mode": mode, "side": side} | result.as_dict()
    if policy is not None:
        out |= {"policy": policy}
        if policy == "minimax":
            out |= {"value": result.points["dealer"] - result.points["pone"]}
    return out


def policy_title(result, policy: str) -> str:
    if policy == "greedy":
        return "both players play greedy"
    value = result.points["dealer"] - result.points["pone"]
    return (f"minimax: the play's value (dealer - pone) is {value}; one optimal line, the lowest "
            "optimal rank at each turn")


def play_text(result, title: str) -> str:
    lines = [wrap(f"{result.variant} game: {title}"),
             f"pone {' '.join(result.pone)}; dealer {' '.join(result.dealer)}", "",
             f"{'player':<7} {'card':<5} {'count':>5} {'points':>6}  why"]
    for e in result.events:
        card = e.card if e.card else "-"
        lines.append(f"{e.player:<7} {card:<5} {e.count:>5} {e.points:>6}  {e.why}".rstrip())
    lines.append("")
    lines.append(f"pone {result.points['pone']}, dealer {result.points['dealer']}")
    return "\n".join(lines)


def play_table_text(table, policy: str) -> str:
    """What a play table holds: pairs, and the mean over pairs of each seat's points (greedy) or
    of the value (minimax), as exact fractions (pairs of multisets, unweighted)."""
    import numpy as np

    from .playvalue import INVALID

    if policy == "greedy":
        valid = table[:, :, 0] != INVALID
        pairs = int(valid.sum())
        pone, dealer = (int(table[:, :, i][valid].astype(np.int64).sum()) for i in (0, 1))
        means = [f"pone {float(Fraction(pone, pairs)):.4f}", f"dealer {float(Fraction(dealer, pairs)):.4f}"]
    else:
        valid = table != INVALID
        pairs = int(valid.sum())
        value = int(table[valid].astype(np.int64).sum())
        means = [f"dealer - pone {exact(Fraction(value, pairs))} = {float(Fraction(value, pairs)):.4f}"]
    return "\n".join([
        wrap(f"six-card play under the {policy} policy: all {pairs:,} pairs of 4-card rank multisets that fit "
             "in one pack"),
        wrap("mean over the pairs (each pair once, not weighted by how often it is dealt): " + ", ".join(means)),
    ])


def extremes_json(result) -> dict:
    return header("peg", result.variant) | {"mode": "extremes"} | result.as_dict()


def extremes_text(result) -> str:
    lines = [wrap(f"{result.variant} play: every legal play of all {result.hand_pairs:,} pairs of "
                  f"{result.hand_size}-card hands (ranks; at most four of a rank in both hands)"), ""]
    for e in result.extremes:
        reach = "pair of hands reaches it" if e.pairs_reaching_it == 1 else "pairs of hands reach it"
        lines.append(wrap(f"{e.description}: {e.points}  ({e.pairs_reaching_it:,} {reach})"))
        p = e.play.points
        lines.append(wrap(f"  pone {' '.join(e.pone)}; dealer {' '.join(e.dealer)}; play "
                          f"{' '.join(e.play.sequence)} -> pone {p['pone']}, dealer {p['dealer']}", indent=4))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# sweep
# ---------------------------------------------------------------------------------------------


def sweep_json(result) -> dict:
    return header("sweep", result.variant) | {k: v for k, v in result.as_dict().items() if k != "variant"}


def sweep_text(result, top: int = 5) -> str:
    """The summary of a sweep: per policy the exact means, how often it departs from the
    hand-only choice, what that gains, ties; then the most thrown rank pairs."""
    from .cards import RANK_NAMES
    from .sweep import FULL_DECK, OBJECTIVES, ROLE_LABELS, ROLES, TIE_RULE

    r = result
    deck = "" if r.deck_ranks == FULL_DECK else " (deck of " + " ".join(RANK_NAMES[x] for x in r.deck_ranks) + ")"
    lines = [
        wrap(f"{r.variant} sweep, crib model {r.crib_model}{deck}: {r.deals:,} deals ({r.classes:,} suit classes), "
             f"{r.unseen} starters x {r.per_starter:,} crib sets each, all exact"),
        "",
        f"{'policy':<10} {'E[hand]':>8} {'E[crib]':>8} {'value':>8} {'gives up':>9} {'gain':>7} {'trade':>7} {'ties':>7}",
    ]
    for name in ROLES:
        s = r.role(name)
        lines.append(f"{ROLE_LABELS[name]:<10} {float(s.mean_hand):8.4f} {float(s.mean_crib):8.4f} "
                     f"{float(s.mean_objective):8.4f} {s.differs / r.deals:9.2%} {float(s.mean_gain):7.4f} "
                     f"{float(s.mean_gain_trade):7.4f} {s.ties / r.deals:7.2%}")
    lines.append("")
    for text in (
        "value: the policy's objective: " + "; ".join(f"{ROLE_LABELS[n]} {OBJECTIVES[n]}" for n in ROLES),
        "gives up: deals where the policy keeps less than the best E[hand]; gain: mean value over the "
        "hand-only policy's throw; trade: over the hand-optimal throw best for the role (no tie rule involved)",
        f"ties: deals where two or more throws share the best value; broken by: {TIE_RULE}",
    ):
        lines.append(wrap(text))
    lines += ["", "exact means (E[hand] over deals x starters; the rest also over crib sets):"]
    for name in ROLES:
        s = r.role(name)
        lines.append(wrap_items(f"  {ROLE_LABELS[name]}: ", [f"E[hand] {exact(s.mean_hand)}", f"E[crib] {exact(s.mean_crib)}",
                                                           f"value {exact(s.mean_objective)}", f"gain {exact(s.mean_gain)}"],
                                indent=4))
    lines.append("")
    th = r.tables()["throws"]
    for name in ROLES:
        sub = th[th["role"] == name].sort_values(["deals", "throw"], ascending=[False, True]).head(top)
        items = []
        for row in sub.itertuples():
            kind = "" if row.suited is None or row.low == row.high else (" suited" if row.suited else " offsuit")
            items.append(f"{row.throw}{kind} {row.share:.2%} (E[crib] {row.mean_crib:.3f})")
        lines.append(wrap_items(f"most thrown, {ROLE_LABELS[name]}: ", items, indent=2, sep="; "))
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# the whole hand per seat
# ---------------------------------------------------------------------------------------------


def seats_json(result, sample=None) -> dict:
    return {"seats": result.as_dict()} | ({"sample": sample.as_dict()} if sample is not None else {})


def _seat_num(x, width: int = 7) -> str:
    return f"{float(x):{width}.3f}" if x is not None else f"{'-':>{width}}"


_SEAT_ROWS = [("dealer: play", "peg_dealer"), ("        hand", "hand_dealer"), ("        crib", "crib"),
         ("        crib, additive", "crib_additive"), ("        his heels", "heels"),
         ("        total", "total_dealer"), ("pone:   play", "peg_pone"), ("        hand", "hand_pone"),
         ("        total", "total_pone"), ("dealer - pone: play", "peg_value"), ("               deal", "value")]


def seats_text(result, sample=None) -> str:
    """Plain text, at most 80 columns: the per-seat means of ``result`` beside the seeds'
    real-play figures and, when given, a sample's means (+- one standard error) and the
    spread of its points a deal.

    >>> from crib_stats.seats import per_seat
    >>> print(seats_text(per_seat("random", "minimax")).splitlines()[0])
    six-card game per seat: play minimax, crib model random, keeps paired by removal
    """
    import numpy as np

    from .seats import SEED_FIGURES

    s = sample.estimates if sample is not None else {}
    lines = [f"six-card game per seat: play {result.policy}, crib model {result.crib_model}, keeps paired by "
             f"{result.pairing}", "", f"{'mean points a deal':22}{'model':>8}{'seeds':>8}"
             + (f"{'sample':>9}{'+-se':>7}" if s else "")]
    for label, name in _SEAT_ROWS:
        line = f"{label:22}{_seat_num(getattr(result, name), 8)}{_seat_num(SEED_FIGURES.get(name), 8)}"
        lines.append((line + (f"{_seat_num(s[name].mean, 9)}{s[name].se:7.3f}" if name in s else "")).rstrip())
    notes = [f"crib: the dealer's E[crib] with the pone's two cards random; additive: + the pone's view "
             f"({float(result.crib_pone_view):.3f}) - a random crib ({float(result.crib_random):.3f})",
             f"his heels: 2 x P(the starter is a jack) = 2 x 4/52 = {exact(result.heels)} = {float(result.heels):.4f}"]
    if result.peg_dealer is None:
        notes.append("minimax: only the play's dealer - pone is defined, not each seat's points")
    if sample is not None:
        notes.append(f"sample: {sample.n:,} random deals (seed {sample.seed}), each player keeping by its sweep "
                     "objective; the play of the two actual keeps, the actual crib, every starter")
        lines += ["", f"{'points a deal (sampled)':26}{'sd':>6}{'10%':>6}{'25%':>6}{'50%':>6}{'75%':>6}{'90%':>6}"]
        for seat, dist in sample.distribution.items():
            pts = np.array(sorted(dist))
            share = np.array([dist[p] for p in pts]) / sum(dist.values())
            sd = math.sqrt((pts ** 2 * share).sum() - (pts * share).sum() ** 2)
            qs = "".join(f"{int(pts[np.searchsorted(np.cumsum(share), q)]):6d}" for q in (0.1, 0.25, 0.5, 0.75, 0.9))
            lines.append(f"{seat if seat != 'value' else 'dealer - pone':26}{sd:6.2f}{qs}")
    for note in notes:
        lines.extend(textwrap.wrap(note, WIDTH, subsequent_indent="  "))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# --out: the index of what the tool wrote
# ---------------------------------------------------------------------------------------------

INDEX_NAME = "crib-stats-index.md"
_INDEX_HEAD = [
    "# Tables written by crib-stats",
    "",
    "Every file listed here was produced by crib-stats; regenerate one with the command beside it",
    "(or all of them with `make data`). Do not edit them by hand; files not listed are not the tool's.",
    "",
    "| file | command | contents |",
    "| --- | --- | --- |",
]


def parse_index(text: str) -> dict[str, tuple[str, str]]:
    """Rows of an index written by :func:`index_text`: file -> (command, contents)."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("| `") and line.count("|") >= 4:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[cells[0].strip("`")] = (cells[1].strip("`"), cells[2])
    return rows


def index_text(rows: dict[str, tuple[str, str]]) -> str:
    lines = list(_INDEX_HEAD)
    for name in sorted(rows):
        command, description = rows[name]
        lines.append(f"| `{name}` | `{command}` | {description} |")
    return "\n".join(lines) + "\n"
