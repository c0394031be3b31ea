"""The show: a scored hand, and the exhaustive distributions with the odds of the top hands."""

from __future__ import annotations

from typing import Iterable

from crib_stats.presentation.report.base import cards, exact, header, plural, with_exact, wrap, wrap_items


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
        from crib_stats.show.deals import format_one_in  # lazy: score's report needs none of show.deals

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
