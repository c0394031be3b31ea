"""The play advisor's report: every legal card with its exact expectation (and P(win))."""

from __future__ import annotations

from crib_stats.presentation.report.base import exact, header, wrap


def advise_json(a) -> dict:
    return header("advise", a.variant) | a.as_dict()


def _signed(x) -> str:
    return f"{float(x):+.4f}"


def advise_text(a) -> str:
    you = "dealer (your crib)" if a.role == "dealer" else "pone (the opponent's crib)"
    lines = [f"advise: {a.variant}, you are the {you}",
             f"  hand {' '.join(a.hand)} (threw {' '.join(a.throw)}), starter {a.starter}"]
    if a.played:
        shown = " ".join(f"{c}{'*' if who == 'you' else ''}" for c, who in a.played)
        legend = " (* yours)" if any(who == "you" for _, who in a.played) else ""
        lines.append(wrap(f"  played so far: {shown}{legend}; the count is {a.count}", indent=4))
    else:
        lines.append("  nothing played yet: you lead")
    lines.append(wrap(f"  opponent hands still possible: {a.hands_consistent:,} of {a.hands_total:,} "
                      "(dealt from the cards you have not seen, " +
                      (f"thrown by the {a.policy} policy)" if a.posterior == "policy" else "any throw)"), indent=4))
    if a.posterior == "widened":
        lines.append(wrap(f"  widened: no hand the {a.policy} policy throws fits the play, so every hand that "
                          "fits, every throw of it, counts the same", indent=4))
    if a.score is not None:
        lines.append(f"  score: you {a.score[0]}, the opponent {a.score[1]} (to {a.target})")
    lines.append("")
    board = a.score is not None
    head = f"{'card':<5} {'E[you - them]':>14} {'gives up':>9}" + (f" {'P(win)':>8} {'±':>7}" if board else "")
    lines += [head + "  exact", "-" * min(80, len(head) + 20)]
    for p in a.plays:
        row = f"{p.card:<5} {_signed(p.ev):>14} {float(p.gives_up):>9.4f}"
        if board:
            row += f" {p.p_win:>8.4f} {p.p_win_bound:>7.4f}"
        lines.append(f"{row}  {exact(p.ev)}")
    lines.append("")
    if a.plays:
        best = a.plays[0]
        lines.append(f"best: {best.card}" + (" (by P(win))" if board else "") +
                     f"; greedy would play {a.greedy}" +
                     (" too" if best.card.rstrip() and _same_rank(best.card, a.greedy) else ""))
        if board and a.best_for_points and not _same_rank(a.best_for_points, best.card):
            pts = next(p for p in a.plays if p.card == a.best_for_points)
            lines.append(wrap(f"the board changes the card: {a.best_for_points} pegs most on average, but "
                              f"{best.card} wins {best.p_win - pts.p_win:+.4f} more often", indent=2))
    lines.append(wrap("model: E[your play points from now on - theirs], this card's included; " + a.summary()
                      + ("; both play greedy after this card" if a.rest == "greedy" else
                         "; both play the rest optimally, both hands visible") + ("; P(win): the rest of this deal, then the committed "
                                                  "board; ± adds the board's errors in one direction" if board
                                                  else ""), indent=2))
    return "\n".join(lines)


def _same_rank(x: str, y: str) -> bool:
    return x[:-1] == y[:-1]
