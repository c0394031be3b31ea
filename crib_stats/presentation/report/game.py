"""Presentation of ``crib-stats game``: the headline figures, one position, the whole table
(text, JSON, CSV) and the heat map of P(win) over the board."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from crib_stats.game.board import skunk_name
from crib_stats.presentation.report.base import exact, header

# published figures beside the computed ones, each with its source (the manual's game page,
# docs/commands/game.md, says more; none is in the seed documents)
PUBLISHED = {
    "six-card": [
        ("first dealer wins, Cribbage Pro's online games, all players (its blog, October 2012)", 0.555,
         "first_dealer_win"),
        ("first dealer wins, the same games, its strongest players (the same blog post)", 0.560, "first_dealer_win"),
        ("first dealer wins (DeLynn Colvert, as cited in Cribbage World, May 2009)", 0.56, "first_dealer_win"),
        ("deals a game (DeLynn Colvert)", 9, "deals_mean"),
        ("dealer at 35, pone at 37 before the deal: dealer wins (a Monte Carlo study, game-theoretic play)", 0.51,
         "cell_35_37"),
    ],
    "five-card": [
        ("dealer wants 3, opponent 4: 5 to 4 on the dealer (a 19th-century odds table)", 5 / 9, "cell_58_57"),
    ],
}
PUBLISHED_HEAD = "published figures (other people's; their sources: the manual, crib-stats game)"
DISCARD_TEXT = {"objective": "objective (dealer max E[hand] + E[crib], pone max E[hand] - E[crib], random crib, "
                             "exact, the sweep's tie rule)",
                "equilibrium": "equilibrium (the thrown ranks by the solved discard game's purified strategy for "
                               "each seat; the cards of those ranks by the objective and its tie rule)"}
ORDER = "his heels, the play point by point, the pone's hand, the dealer's hand, the crib"
ORDER_PARTNERS = ("his heels, the play point by point, the hands from the dealer's left (the pone's side), his partner "
                  "(the dealer's side), the dealer's right (the pone's side), the dealer, then the crib")
PARTNER_DISCARDS = ("; four players throw one card each, the dealer and his partner as the dealer, the other side "
                    "as the pone")
SEAT_ROWS = [("peg_dealer", "the play, dealer"), ("peg_pone", "the play, pone"), ("hand_dealer", "hand, dealer"),
             ("hand_pone", "hand, pone"), ("crib", "crib"), ("heels", "his heels"),
             ("total_dealer", "total, dealer"), ("total_pone", "total, pone")]
SIDE_ROWS = [("peg_dealer", "the play, dealer's side"), ("peg_pone", "the play, pone's side"),
             ("hand_dealer", "two hands, dealer's side"), ("hand_pone", "two hands, pone's side"), ("crib", "crib"),
             ("heels", "his heels"), ("total_dealer", "total, dealer's side"), ("total_pone", "total, pone's side")]


def seat_rows(board) -> list:
    """:data:`SEAT_ROWS`, or in four players' words (:data:`SIDE_ROWS`)."""
    return SIDE_ROWS if board.partners else SEAT_ROWS


FIGURES = ["p_win", "p_win_se", "p_win_skunk", "p_win_skunk_se", "p_skunked", "p_skunked_se", "game_points",
           "game_points_se", "deals_left", "deals_left_se"]
MODEL_COLUMNS = ["variant", "target", "discard", "play", "deals", "seed"]  # what made the table, on every row
CSV_COLUMNS = ["mine", "theirs", "deals_next", *FIGURES, *MODEL_COLUMNS]


def words(board) -> dict:
    """The board's words for its sides: a player each, or (four players) a partnership each."""
    if board.partners:
        return {"first": "first dealing side", "first_s": "first dealing side's", "me": "your side",
                "they": "their side", "mine_s": "your side's", "theirs_s": "their side's", "dealer": "dealer's side",
                "pone": "pone's side", "reaches": "a side", "players": "every player", "deals": "deals",
                "win": "your side wins"}
    return {"first": "first dealer", "first_s": "first dealer's", "me": "you", "they": "the opponent",
            "mine_s": "your", "theirs_s": "opponent's", "dealer": "dealer", "pone": "pone", "reaches": "a player",
            "players": "both players", "deals": "deal", "win": "you win"}


def assumes(board) -> dict:
    """What the board's model assumes, clause by clause (the JSON's ``model.assumes``)."""
    from crib_stats.model.variants import variant

    m = board.meta
    v = variant(board.variant)
    w = words(board)
    if board.double:
        skunk = f"skunk: the loser below {board.skunk} (double skunk below {board.double})"
    elif board.start[1]:  # the five-card game
        skunk = (f"a lurch: the loser below {board.skunk}; the play stops at the first go or 31; the first deal's "
                 "pone pegs 3 for last")
    else:
        skunk = f"skunk: the loser below {board.skunk} (no double skunk to {board.target})"
    cards = f"four hands of {v.dealt}" if board.partners else "twelve cards"
    return {"deals": f"{m['deals']:,} random deals (seed {m['seed']}) of {cards} and a starter, each played out "
                     "exactly",
            "discard": DISCARD_TEXT[m["discard"]] + (PARTNER_DISCARDS if board.partners else ""),
            "pegging": f"{m['play']} ({w['players']})", "order": ORDER_PARTNERS if board.partners else ORDER,
            "end": f"the game ends the moment {w['reaches']} reaches {board.target}", "skunk": skunk,
            "game_points": f"a win 2, a {skunk_name(board.variant)} 3"}


def model_text(board) -> str:
    a = assumes(board)
    return (f"discards: {a['discard']}; play: {a['pegging']}; order in a deal: {a['order']}; {a['end']}; {a['skunk']}; "
            f"game points: {a['game_points']}")


def _pm(x: float, se: float, pct: bool = True) -> str:
    if pct:
        return f"{100 * x:7.3f}% ± {100 * se:.3f}"
    return f"{x:8.4f} ± {se:.4f}"


def at_default_target(board) -> bool:
    """Whether ``board`` is its variant's game at the default target (six-card 121, five-card
    61), where the published figures (:data:`PUBLISHED`) and their cells apply."""
    from crib_stats.model.variants import variant

    return board.target == variant(board.variant).target


def headline_figures(board) -> dict:
    h = board.headline()
    if not at_default_target(board) or board.partners:  # the published cells: two players, the default target
        return h
    if board.variant == "six-card":
        p = board.position(35, 37, "dealer")
        h["cell_35_37"] = (p["p_win"], p["p_win_se"])
    else:
        p = board.position(58, 57, "dealer")
        h["cell_58_57"] = (p["p_win"], p["p_win_se"])
    return h


def published(board) -> list:
    """The published figures beside ``board``'s (:data:`PUBLISHED`): none at a target other
    than the variant's default, which nobody has published."""
    return PUBLISHED.get(board.variant, []) if at_default_target(board) else []


def _words(board) -> tuple[str, str, str, str]:
    """(wins with a skunk, is skunked, P(win with a skunk), P(skunked)): a lurch in the five-card game."""
    w = skunk_name(board.variant)
    return skunk_name(board.variant, plural=True), f"is {w}ed", f"P(win with a {w})", f"P({w}ed)"


def headline_text(board) -> str:
    h = headline_figures(board)
    w = _words(board)
    f = words(board)["first"]
    m = board.meta
    from crib_stats.presentation.report.base import wrap

    lines = [f"== crib-stats game: {board.variant}, to {board.target}",
             wrap(f"model: {m['deals']:,} random deals (seed {m['seed']}) played out exactly; "
                  + model_text(board), indent=7),
             f"± (same units): one standard error; jackknife over {m['groups']} groups of the deals", "",
             ("from the start of a game (the side that deals first"
              if board.partners else "from the start of a game (the first dealer's side")
             + (f"; the pone starts at {board.start[1]})" if board.start[1] else ")")]
    rows = [(f"{f} wins", h["first_dealer_win"]), (f"{f} {w[0]}", h["first_dealer_skunks"]),
            (f"{f} {w[1]}", h["first_dealer_skunked"])]
    if board.double:
        rows += [(f"{f} double-skunks", h["first_dealer_double_skunks"]),
                 (f"{f} double-skunked", h["first_dealer_double_skunked"])]
    width = max(29, max(len(label) + 1 for label, _ in rows))
    lines += [f"  {label:<{width}}{_pm(*fig)}" for label, fig in rows]
    lines += [f"  {'decided by one point':<{width}}{_pm(*h['one_point'])}  (the loser ends at {board.target - 1})",
              f"  {'deals a game, mean':<{width}}{_pm(*h['deals_mean'], pct=False)}",
              f"  {'deals a game, median':<{width}}{h['deals_median']:3d}",
              f"  {words(board)['first_s'] + ' game points':<{width}}"
              f"{_pm(*h['game_points_first_dealer'], pct=False)}"]
    if "cell_35_37" in h:
        lines.append(f"  dealer 35, pone 37: dealer   {_pm(*h['cell_35_37'])}")
    elif "cell_58_57" in h:
        lines.append(f"  dealer 58, pone 57: dealer   {_pm(*h['cell_58_57'])}")
    lines += ["", "points a deal (mean ± se over the model's deals)"]
    for key, label in seat_rows(board):
        mean, se = board.seats[key]
        lines.append(f"  {label:<26} {_pm(float(mean), se, pct=False)}")
    lines += ["", PUBLISHED_HEAD] if published(board) else []
    for label, value, key in published(board):
        ours = h[key][0]
        shown = f"{100 * value:.1f}%" if value < 1 else f"{value:g}"
        mine = f"{100 * ours:.2f}%" if value < 1 else f"{ours:.2f}"
        lines.append(wrap(f"  {label}: {shown}; here {mine}", indent=4))
    return "\n".join(lines)


def position_text(board, pos: dict) -> str:
    w = words(board)
    who = f"{w['me'] if pos['deals_next'] == 'me' else w['they']} {w['deals']} next"
    game = board.variant + ("" if at_default_target(board) else f" to {board.target}")
    lines = [f"== crib-stats game: {game}, {w['me']} at {pos['mine']}, {w['they']} at {pos['theirs']}, {who}",
             f"  P(win)                  {_pm(pos['p_win'], pos['p_win_se'])}",
             f"  {_words(board)[2]:<24}{_pm(pos['p_win_skunk'], pos['p_win_skunk_se'])}",
             f"  {_words(board)[3]:<24}{_pm(pos['p_skunked'], pos['p_skunked_se'])}",
             f"  expected game points    {_pm(pos['game_points'], pos['game_points_se'], pct=False)}",
             f"  deals left (this one)   {_pm(pos['deals_left'], pos['deals_left_se'], pct=False)}"]
    m = board.meta
    from crib_stats.presentation.report.base import wrap

    lines.append(wrap(f"model: {m['deals']:,} random deals (seed {m['seed']}); " + model_text(board), indent=7))
    return "\n".join(lines)


def _model_json(board) -> dict:
    m = board.meta
    return {"name": f"game/{m['discard']}/{m['play']}", "discard_policy": m["discard"], "play_policy": m["play"],
            "deals": m["deals"], "seed": m["seed"], "groups": m["groups"], "target": board.target,
            "skunk_below": board.skunk,
            "double_skunk_below": board.double or None, "skunk_name": skunk_name(board.variant),
            "game_points": {"win": 2, "skunk": 3}, "assumes": assumes(board),
            "error": "jackknife over the groups of deals", "description": model_text(board)}


def _seats_json(board) -> dict:
    out = {}
    for key, _ in seat_rows(board):
        mean, se = board.seats[key]
        out[key] = {key: float(mean), f"{key}_exact": exact(Fraction(mean)), "se": se}
    return out


def headline_json(board) -> dict:
    h = headline_figures(board)
    figures = {}
    for key, val in h.items():
        if isinstance(val, tuple):
            figures[key] = {key: val[0], "se": val[1]}
        else:
            figures[key] = {key: val}
    return {**header("game", board.variant), "model": _model_json(board), "figures": figures,
            "points_a_deal": _seats_json(board),
            "published": [{"figure": label, "value": value, "computed": h[key][0]}
                          for label, value, key in published(board)],
            "deals_distribution": [float(x) for x in board.length]}


def position_json(board, pos: dict) -> dict:
    figs = {k: {k: pos[k], "se": pos[f"{k}_se"]} for k in ("p_win", "p_win_skunk", "p_skunked", "game_points",
                                                           "deals_left")}
    return {**header("game", board.variant), "model": _model_json(board),
            "at": {"mine": pos["mine"], "theirs": pos["theirs"], "deals_next": pos["deals_next"]}, "figures": figs}


def table_rows(board):
    """Every position: mine, theirs, who deals next, the figures of :meth:`Board.position`."""
    T = board.target
    for mine in range(T):
        for theirs in range(T):
            for role in ("dealer", "pone"):
                yield board.position(mine, theirs, role)


def _model_cells(board) -> list:
    m = board.meta
    return [board.variant, board.target, m["discard"], m["play"], m["deals"], m["seed"]]


def csv_text(board, positions) -> str:
    """``positions`` (of :meth:`Board.position`) as CSV, :data:`CSV_COLUMNS`: each figure as the
    shortest decimal that reads back as the same float (as in the JSON), and on every row the
    model that made it."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    model = _model_cells(board)
    for pos in positions:
        w.writerow([pos["mine"], pos["theirs"], pos["deals_next"], *(repr(pos[c]) for c in FIGURES), *model])
    return buf.getvalue()


def table_csv(board) -> str:
    return csv_text(board, table_rows(board))


def board_figure(board):
    """Two heat maps of P(win) over the board: you deal next, the opponent deals next."""
    import numpy as np
    from matplotlib.figure import Figure

    T = board.target
    win = board.values[board.row("win")]
    w = words(board)
    fig = Figure(figsize=(12, 5.4))
    axes = fig.subplots(1, 2)
    panels = [(win, f"{w['me']} {w['deals']} next"), (1.0 - win.T, f"{w['they']} {w['deals']} next")]
    for ax, (m, title) in zip(axes, panels):
        im = ax.imshow(m, origin="lower", cmap="RdBu", vmin=0, vmax=1, extent=(-0.5, T - 0.5, -0.5, T - 0.5))
        lines = ax.contour(np.arange(T), np.arange(T), m, levels=[0.25, 0.5, 0.75], colors="k", linewidths=0.6)
        ax.clabel(lines, fmt="%.2f", fontsize=8)
        ax.set_xlabel(f"{w['theirs_s']} score")
        ax.set_ylabel(f"{w['mine_s']} score")
        ax.set_title(f"P({w['win']}), {title}")
    fig.colorbar(im, ax=list(axes), shrink=0.85, label="P(win)")
    fig.suptitle(figure_title(board))
    return fig


def figure_title(board) -> str:
    """What made the board, for its chart: variant, discards, play, deals and seed."""
    m = board.meta
    return (f"crib-stats game ({board.variant} to {board.target}; {m['discard']} discards, {m['play']} play; "
            f"{m['deals']:,} deals, seed {m['seed']})")
