"""``discard --score``: every throw by its chance of winning the game; text table, CSV and JSON.

A sampled figure ``x`` comes with its standard error ``x_se`` (no ``x_exact``: it is not exact);
the points figures of the discard analysis keep their exact twins.
"""

from __future__ import annotations

from crib_stats.game.board import skunk_name
from crib_stats.presentation.report.base import cards, exact, header, with_exact, wrap

ERROR_COVERS = ("the standard error of the sampling of this deal's opponent hands (the seed and the number of hands "
                "are given); the committed board's own error is not in it: it adds at most table_se (the mean of the "
                "board's jackknife error over the positions reached) and mostly cancels between throws")


def _cards(cs) -> str:
    return " ".join(cards(cs))


SEAT_WORDS = {"dealer": "the dealer", "partner": "the dealer's partner", "left": "the dealer's left, who leads",
              "right": "the dealer's right"}  # four players: where you sit
SEAT_DEALS = {"dealer": "you deal", "partner": "your partner deals", "left": "the player on your right deals",
              "right": "the player on your left deals"}


THREE_DEALS = {"dealer": "me", "left": "the player on my right", "right": "the player on my left"}  # three players


def _three(a) -> bool:
    return a.right is not None


def _position(a) -> str:
    if _three(a):
        deals = "you deal" if a.seat == "dealer" else f"the player on your {'right' if a.seat == 'left' else 'left'} deals"
        return f"you {a.mine}, on your left {a.theirs}, on your right {a.right} (to {a.target}), {deals}"
    if a.seat is not None:
        return f"your side {a.mine}, theirs {a.theirs} (to {a.target}), {SEAT_DEALS[a.seat]}"
    deals = "you deal" if a.role == "dealer" else "the opponent deals"
    return f"you {a.mine}, opponent {a.theirs} (to {a.target}), {deals}"


def board_title(a) -> str:
    if _three(a):
        whose = "your crib" if a.role == "dealer" else "the dealer's crib"
        return f"{a.variant}, you sit: {SEAT_WORDS[a.seat]} ({whose}), to the board at {_position(a)}: " \
               f"{_cards(a.dealt)}"
    if a.seat is not None:
        whose = "your side's crib" if a.role == "dealer" else "their side's crib"
        return f"{a.variant}, you sit: {SEAT_WORDS[a.seat]} ({whose}), to the board at {_position(a)}: " \
               f"{_cards(a.dealt)}"
    whose = "your crib" if a.role == "dealer" else "opponent's crib"
    return f"{a.variant}, {a.role} ({whose}), to the board at {_position(a)}: {_cards(a.dealt)}"


def board_verdict(a) -> str:
    """One line: the best throw for the board against the best for points."""
    best, pts = a.best, a.points
    if not a.differs:
        return (f"the board agrees with points: throw {_cards(best.throw)} (P(win) {best.p_win:.4f} ± "
                f"{best.p_win_se:.4f}) is the best for both")
    return (f"the board changes the throw: {_cards(best.throw)} wins {best.vs_points:+.4f} ± {best.vs_points_se:.4f} "
            f"more often than {_cards(pts.throw)}, the best for points (net {float(pts.net):.3f} against "
            f"{float(best.net):.3f})")


def board_text(a) -> str:
    best = a.best
    word = skunk_name(a.variant)
    throw_w = max(5, max(len(_cards(t.throw)) for t in a.throws))
    keep_w = max(4, max(len(_cards(t.keep)) for t in a.throws))
    sign = "+" if a.role == "dealer" else "-"
    three = _three(a)
    sk_head = f"P({word}ed)" if three else f"P({word})"
    sk_w = max(8, len(sk_head))
    others = (f"P(you are {word}ed) {best.p_skunk:.4f}" if three
              else f"P(win with a {word}) {best.p_skunk:.4f}, game points {best.game_points:.3f}")
    lines = [
        wrap(board_title(a)),
        wrap(f"best for the board: throw {_cards(best.throw)}, keep {_cards(best.keep)}: P(win) {best.p_win:.4f} ± "
             f"{best.p_win_se:.4f}, {others}"),
        wrap(board_verdict(a)),
        wrap(f"P(win): this deal played out under the game model ({a.short}); {a.method}; ± is one standard error "
             f"of that sampling; the board's own error adds at most {max(t.table_se for t in a.throws):.5f}"),
        wrap(f"vs points: P(win) minus the points throw's (*, the game model's own throw), paired; net = hand {sign} "
             "crib (random crib model), as discard ranks them"),
        "",
        f"{'throw':<{throw_w}}  {'keep':<{keep_w}} {'P(win)':>6} {'±':>6} {'vs points':>9} {sk_head:>{sk_w}} "
        + ("" if three else f"{'game pts':>8} ") + f"{'net':>6}",
    ]
    for t in a.throws:
        vs = "" if t.points_throw else f"{t.vs_points:+.4f}"
        lines.append(f"{_cards(t.throw):<{throw_w}}  {_cards(t.keep):<{keep_w}} {t.p_win:>6.4f} {t.p_win_se:>6.4f} "
                     f"{vs:>9} {t.p_skunk:>{sk_w}.4f} " + ("" if three else f"{t.game_points:>8.3f} ")
                     + f"{float(t.net):>6.3f}" + (" *" if t.points_throw else ""))
    if a.hidden_points is not None:
        pts = a.hidden_points
        lines.append(wrap(f"* the points throw {_cards(pts.throw)} (keep {_cards(pts.keep)}) is not among the best "
                          f"{len(a.throws)}: it ranks {a.points_rank} of {a.ranked}, P(win) {pts.p_win:.4f} ± "
                          f"{pts.p_win_se:.4f}, net {float(pts.net):.3f}"))
    return "\n".join(lines)


def _throw_item(t, three: bool = False) -> dict:
    item = {"throw": cards(t.throw), "keep": cards(t.keep)}
    item |= with_exact("hand_ev", t.hand_ev) | with_exact("crib_ev", t.crib_ev) | with_exact("net_ev", t.net)
    item |= {"points_throw": t.points_throw, "p_win": t.p_win, "p_win_se": t.p_win_se, "p_win_skunk": t.p_skunk,
             "p_win_skunk_se": t.p_skunk_se, "game_points": t.game_points, "game_points_se": t.game_points_se,
             "vs_points": t.vs_points, "vs_points_se": t.vs_points_se, "table_se": t.table_se}
    if three:  # three players: the skunk figure is your own, and no game points
        item |= {"p_win_skunk": None, "p_win_skunk_se": None, "p_skunked": t.p_skunk, "p_skunked_se": t.p_skunk_se,
                 "game_points": None, "game_points_se": None}
    return item


def model_json(a) -> dict:
    """The model in the shape every command's JSON gives it: name, policies, what it assumes,
    and the board of later deals (what made it)."""
    b = a.board_model
    return {"name": f"board/{b['discard']}/{b['play']}", "discard_policy": b["discard"], "play_policy": b["play"],
            "board": {"deals": b["deals"], "seed": b["seed"], "groups": b["groups"]}, "assumes": dict(a.assumes),
            "description": "; ".join(a.assumes.values())}


def board_json(a) -> dict:
    best, pts = a.best, a.points
    return header("discard", a.variant) | {
        "dealt": cards(a.dealt),
        "role": a.role,
        "crib_model": "random",
        "starter": None,
        "need": None,
        "rank_by": "board",
        "pegging": None,
        "score": {"mine": a.mine, "theirs": a.theirs, "target": a.target, "skunk_below": a.skunk,
                  "skunk_name": skunk_name(a.variant),
                  "deals": "me" if a.role == "dealer" else "opponent"}
                 | ({} if a.seat is None or _three(a) else {"deals": "my side" if a.role == "dealer" else "their side",
                                                             "seat": a.seat, "seat_words": SEAT_WORDS[a.seat]})
                 | ({} if not _three(a) else {"left": a.theirs, "right": a.right, "theirs": None,
                                              "deals": THREE_DEALS[a.seat], "seat": a.seat,
                                              "seat_words": SEAT_WORDS[a.seat]}),
        "model": model_json(a),
        "method": a.method,
        "seed": a.seed,
        "opponent_hands": a.hands,
        "starters_per_hand": a.starters,
        "target_se": a.accuracy,
        "reached_se": a.reached_se,
        "target_reached": a.capped is None,
        "stopped_by": a.capped,
        "error_covers": ERROR_COVERS,
        "best_for_board": {"throw": cards(best.throw), "keep": cards(best.keep)},
        "best_for_points": _throw_item(pts, _three(a)) | {"rank": a.points_rank, "shown": a.hidden_points is None},
        "throws_ranked": a.ranked,
        "board_differs": a.differs,
        "p_win_gain": best.vs_points,
        "p_win_gain_se": best.vs_points_se,
        "throws": [_throw_item(t, _three(a)) for t in a.throws],
    }


CSV_COLUMNS = ["throw", "keep", "points_throw", "p_win", "p_win_se", "vs_points", "vs_points_se", "p_win_skunk",
               "p_win_skunk_se", "game_points", "game_points_se", "table_se", "hand_ev", "crib_ev", "net_ev",
               "hand_ev_exact", "crib_ev_exact", "net_ev_exact", "mine", "theirs", "role", "seed", "opponent_hands",
               "variant", "target", "discard", "play", "board_deals", "board_seed",  # board_*: what made the board
               "seat",  # three or four players' seat (dealer, partner, left, right), empty for two
               "right",  # three players: the score of the player on your right (theirs: on your left), else empty
               "p_skunked", "p_skunked_se"]  # three players: P(you are skunked) (p_win_skunk, game_points empty)


def board_csv(a) -> str:
    rows = [",".join(CSV_COLUMNS)]
    three = _three(a)
    for t in a.throws:
        win_skunk = ["", "", "", ""] if three else [repr(t.p_skunk), repr(t.p_skunk_se), repr(t.game_points),
                                                     repr(t.game_points_se)]
        vals = [_cards(t.throw), _cards(t.keep), str(t.points_throw).lower(), repr(t.p_win), repr(t.p_win_se),
                repr(t.vs_points), repr(t.vs_points_se), *win_skunk, repr(t.table_se), repr(float(t.hand_ev)), repr(float(t.crib_ev)),
                repr(float(t.net)), exact(t.hand_ev), exact(t.crib_ev), exact(t.net), str(a.mine), str(a.theirs),
                a.role, str(a.seed), str(a.hands), a.variant, str(a.target), a.board_model["discard"],
                a.board_model["play"], str(a.board_model["deals"]), str(a.board_model["seed"]), a.seat or "",
                "" if a.right is None else str(a.right)] + ([repr(t.p_skunk), repr(t.p_skunk_se)] if three else ["", ""])
        rows.append(",".join(vals))
    return "\n".join(rows)


# ---------------------------------------------------------------------------------------------
# game --board-play: what playing to the board is worth
# ---------------------------------------------------------------------------------------------


def _pct(x, se) -> str:
    return f"{100 * x:.2f}% ± {100 * se:.2f}"


def board_play_text(s: dict) -> str:
    lines = [
        wrap(f"what playing to the board is worth ({s['variant']}): {s['games']:,} whole games, seed {s['seed']}"),
        wrap(f"A throws for the board from a score of {s['board_from']} (either player's): the best P(win) over "
             f"{s['n_hands']:,} random opponent hands, taken when it beats the points throw by more than {s['z']} "
             "paired standard errors; B throws by points (the game model's throw); both play greedy; each deals "
             "first in half the games"),
        "",
        f"A's win rate   {_pct(s['win_rate'], s['win_rate_se'])}  (1/2 + mean(X - C), C: the same games with A",
        "               throwing by points too; ± one standard error)",
        f"  raw          {_pct(s['win_rate_raw'], s['win_rate_raw_se'])}  (A's wins in X alone; control "
        f"{_pct(s['control_win_rate'], s['control_win_rate_se'])})",
        wrap(f"games in which A threw otherwise at least once: {s['games_board_differs']:,}; their outcome changed: "
             f"{s['games_outcome_changed']:,}; A's skunks {100 * s['skunk_rate']:.2f}% (control "
             f"{100 * s['control_skunk_rate']:.2f}%); {s['deals_mean']:.2f} deals a game"),
        "",
        "higher score  decisions  thrown otherwise  P(win) added (a game)  a change",
    ]
    for b in s["bands"]:
        share = "" if b["differs_share"] is None else f"{100 * b['differs_share']:.1f}%"
        per = "" if b["p_win_added_per_change"] is None else f"{b['p_win_added_per_change']:+.3f}"
        lines.append(f"{b['band']:>12}  {b['decisions']:>9,}  {b['differs']:>7,} {share:>7}  "
                     f"{100 * b['p_win_added']:>+8.2f}% ± {100 * b['p_win_added_se']:.2f}  {per:>9}")
    lines.append(wrap("P(win) added: the games whose first board throw other than the points throw came in the band, "
                      "their wins in X minus in C, over every game; a change: per such game"))
    return "\n".join(lines)


def board_play_json(s: dict) -> dict:
    return header("game", s["variant"]) | {"board_play": s}
