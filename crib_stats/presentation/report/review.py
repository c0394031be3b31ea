"""``crib-stats review``: the text and the JSON of a game's review (:mod:`crib_stats.match.review`)."""

from __future__ import annotations

from crib_stats.core.cards import parse
from crib_stats.presentation.report.base import header, wrap

TIMING = ("milliseconds",)  # the figures that change from run to run
HEAD = f"{'deal':>4} {'score':<7} {'D':<1}  {'decision':<10} {'made':<7} {'best':<7} {'P(win) made':<15}  given up"


def _cards(texts) -> str:
    return " ".join(str(c) for c in parse(list(texts)))


def _what(d) -> str:
    if d.kind in ("count", "muggins"):
        return "claim" if d.kind == "count" else "call"
    return "throw" if d.kind == "discard" else ("lead" if d.count == 0 else f"play at {d.count}")


def _p(x: float, se: float) -> str:
    return f"{x:.4f}" + (f" ± {se:.4f}" if se else "        ")


def _flag(d) -> str:
    if not d.forced:
        return ""
    return " (only card)" if d.choices == 1 else " (one rank fits)"


def _deal(d) -> int:
    """The deal's number for people, from 1 (the record's and the JSON's ``deal`` index from 0)."""
    return d.deal + 1


def _row(d) -> str:
    made = " ".join(d.made) if d.points_missed is not None else _cards(d.made)
    head = f"{_deal(d):>4} {d.scores[0]:>3}-{d.scores[1]:<3} {'D' if d.dealer else 'P'}  {_what(d):<10} {made:<7} "
    if d.refused is not None:
        return wrap(head + f"not measured: {d.refused}", indent=5)
    if d.points_missed is not None:
        return head + f"{' '.join(d.best) if d.differs else '':<7} " + (
            f"missed {d.points_missed} point{'s' if d.points_missed != 1 else ''}" if d.points_missed else "right")
    if d.p_win_made is None:
        return head + "not valued"
    best = "" if not d.differs else _cards(d.best)
    return (head + f"{best:<7} {_p(d.p_win_made, d.p_win_made_se)}  {d.given_up:.4f}"
            + (f" ± {d.given_up_se:.4f}" if d.given_up_se else "") + _flag(d))


def _costly(n: int, d) -> str:
    return wrap(f"  {n}. deal {_deal(d)} at {d.scores[0]}-{d.scores[1]}, {_what(d)}: {_cards(d.made)} instead of "
                f"{_cards(d.best)} gave up {d.given_up:.4f}" + (f" ± {d.given_up_se:.4f}" if d.given_up_se else "")
                + f" (P(win) {d.p_win_made:.4f} against {d.p_win_best:.4f})", indent=5)


def _result(r: dict | None, players: dict) -> str:
    if r is None:
        return "the game goes on"
    scores = r["scores"]
    win = r["winner"]
    rest = "-".join(str(n) for side, n in scores.items() if side != win)
    how = " (a forfeit)" if r["forfeit"] else (" with a skunk" if r.get("skunk") or r.get("skunked") else "")
    who = f" ({players[win]})" if win in players else ""
    return f"{win}{who} won {scores[win]}-{rest}{how}"


def review_text(rv, source: str = "", timing: bool = True) -> str:
    where = f"game {rv.game} of {source}" if rv.game is not None and source else "the game"
    packs = "" if rv.seed is None else f", seed {rv.seed}, deck {rv.deck}"
    seats = " against ".join(f"{s} ({n})" for s, n in rv.players.items())
    lines = [wrap(f"review: {where} ({rv.variant}{packs}): {seats}; {_result(rv.result, rv.players)}")]
    for s in rv.seats:
        differs = sum(d.differs for d in s.decisions if d.points_missed is None)
        counts = [d for d in s.decisions if d.points_missed is not None]
        counting = (f"; counting (muggins): {sum(d.points_missed == 0 for d in counts)} of {len(counts)} claims and "
                    f"calls right, {sum(d.points_missed for d in counts)} points missed" if counts else "")
        lines += ["", wrap(f"{s.seat} ({s.player}): {len(s.decisions)} decisions, {differs} not the engine's; P(win) "
                           f"given up in the game {s.given_up:.4f} ± {s.given_up_se:.4f}"
                           + (" (at most: a bound)" if s.se_bound else "") + counting)]
        if not s.decisions:
            continue
        lines += ["", HEAD, "-" * len(HEAD)] + [_row(d) for d in s.decisions]
        why = next((d.method for d in s.decisions if d.p_win_made is None and d.points_missed is None
                    and not d.forced and d.refused is None), None)
        if why:
            lines.append(wrap(why.replace("not valued: ", "not valued: ", 1)))
        worst = s.costliest
        lines.append("costliest:" + (" none (every decision was the engine's, or as good)" if not worst else ""))
        lines += [_costly(n, d) for n, d in enumerate(worst, 1)]
    if timing:
        lines += ["", f"reviewed in {rv.seconds:.1f} s"]
    lines += ["", wrap("deal: from 1 (the JSON's deal is the record's index, from 0); best: the engine's "
                       "decision at that position (blank: the one made); D/P: the seat dealt or was the pone; "
                       "score: the seat's then the opponent's, before the decision."),
              wrap("throws: discard --score's P(win) (sampled, ± one standard error, seed a digest of review "
                   f"seed {rv.review_seed} and the position; given up within its ± is noise); plays: advise "
                   "--score's P(win) (exact under its model: the opponent threw by the objective, or any hand "
                   "when none fits; both greedy after the card; the committed board after the deal). The "
                   "game's total is the sum of its decisions'.")]
    return "\n".join(lines)


def review_json(rv, timing: bool = True) -> dict:
    body = {k: v for k, v in rv.as_dict().items() if timing or k not in TIMING}
    if not timing:
        for s in body["seats"]:
            for d in s["decisions"]:
                d.pop("milliseconds", None)
    return header("review", rv.variant) | body
