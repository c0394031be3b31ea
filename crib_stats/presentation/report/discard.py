"""The discard analysis: text table, CSV and JSON."""

from __future__ import annotations

from crib_stats.presentation.report.base import cards, exact, header, with_exact, wrap


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
        **({"peg_opponent": a.peg_opponent, "peg_opponent_assumes": a.peg_opponent_assumes}
           if a.peg_opponent is not None else {}),
        "outcomes_per_throw": a.outcomes_per_throw,
        "throws": throws,
    }


def discard_csv(a) -> str:
    cols = ["throw", "keep", "hand_ev", "crib_ev", "net_ev", "sd", "min", "max",
            "hand_ev_exact", "crib_ev_exact", "net_ev_exact"]
    if a.pegging is not None:
        cols += ["peg_ev", "peg_ev_exact"]
    if a.peg_opponent is not None:  # the model and what it assumes (one line without commas)
        cols += ["peg_opponent", "peg_opponent_assumes"]
    if a.need is not None:
        cols += [f"p_need_{a.need}", f"p_need_{a.need}_exact"]
    rows = [",".join(cols)]
    for r in a.throws:
        vals = [" ".join(cards(r.throw)), " ".join(cards(r.keep)), repr(float(r.hand_ev)), repr(float(r.crib_ev)),
                repr(float(r.net_ev)), repr(r.sd), str(r.min), str(r.max), exact(r.hand_ev), exact(r.crib_ev),
                exact(r.net_ev)]
        if r.peg_ev is not None:
            vals += [repr(float(r.peg_ev)), exact(r.peg_ev)]
        if a.peg_opponent is not None:
            vals += [a.peg_opponent, a.peg_opponent_assumes]
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
            + (f" against opponent model {a.peg_opponent}" if a.peg_opponent else "")
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
    if peg and a.peg_opponent is None:
        lines.append(wrap(f"E[peg]: your play points minus the opponent's when both play {a.pegging} and the "
                          "opponent's four cards are any of those you have not seen; sd and min..max are the "
                          "show's"))
    elif peg:
        lines.append(wrap(f"E[peg]: your play points minus the opponent's when both play {a.pegging}; opponent "
                          f"model {a.peg_opponent}: {a.peg_opponent_assumes} (the play's opponent only: the crib "
                          f"follows crib model {a.crib_model}); sd and min..max are the show's"))
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
