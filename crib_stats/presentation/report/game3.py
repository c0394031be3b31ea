"""Presentation of ``crib-stats game --variant three-player``: the start of a game, one position
(the three seats' scores and who deals), the whole table (text, JSON, CSV) and the heat maps of a
slice of the board (one per dealer)."""

from __future__ import annotations

import io

import numpy as np

from crib_stats.game.board3 import SEATS
from crib_stats.presentation.report.base import header, wrap
from crib_stats.presentation.report.game import _pm

ORDER3 = ("his heels, the play point by point, the hands from the dealer's left round to the dealer, then the crib "
          "(three throws and a card from the pack)")
SEAT_ROWS3 = [("peg_left", "the play, dealer's left"), ("peg_right", "the play, dealer's right"),
              ("peg_dealer", "the play, dealer"), ("hand_left", "hand, dealer's left"),
              ("hand_right", "hand, dealer's right"), ("hand_dealer", "hand, dealer"), ("crib", "crib"),
              ("heels", "his heels"), ("total_left", "total, dealer's left"), ("total_right", "total, dealer's right"),
              ("total_dealer", "total, dealer")]


def assumes3(board) -> dict:
    """What the three-player board's model assumes, clause by clause (the JSON's ``model.assumes``)."""
    m = board.meta
    return {"deals": f"{m['deals']:,} random deals (seed {m['seed']}) of three hands of five, a crib card from the "
                     "pack and a starter, each played out exactly",
            "discard": "objective: the dealer throws for max E[hand] + E[crib], the other two for max E[hand] - "
                       "E[crib] (random crib, exact, the sweep's tie rule)",
            "pegging": f"{m['play']} (every player), round the table from the dealer's left",
            "order": ORDER3,
            "end": f"the game ends the moment a player reaches {board.target}",
            "skunk": f"skunked: a loser below {board.skunk} when the game ends (both losers may be)",
            "induction": "exact on the model; the errors (±) are the jackknife of the product form (a deal that does "
                         "not end the game moves the three scores by independent per-seat totals) over the groups "
                         "of deals"} | ({"stored": f"the committed board, stored rounded: {m['stored']}"}
                                        if "stored" in m else {})


def _model_text(board) -> str:
    a = assumes3(board)
    return f"discards: {a['discard']}; play: {a['pegging']}; order in a deal: {a['order']}; {a['end']}; {a['skunk']}"


def _lines(board, pos) -> list:
    out = [f"  {'seat':<13}{'score':>5}{'P(win)':>17}{'P(skunked)':>20}"]
    for i, seat in enumerate(SEATS):
        mark = " deals" if pos["dealer"] == seat else ""
        out.append(f"  {seat:<13}{pos['scores'][i]:>5} {_pm(pos['p_win'][i], pos['p_win_se'][i])}   "
                   f"{_pm(pos['p_skunked'][i], pos['p_skunked_se'][i])}{mark}")
    out.append(f"  deals left (this one)  {_pm(pos['deals_left'], pos['deals_left_se'], pct=False)}")
    return out


def _footer(board) -> list:
    m = board.meta
    return [wrap(f"model: {m['deals']:,} random deals (seed {m['seed']}) played out exactly; " + _model_text(board),
                 indent=7),
            wrap(f"± (same units): one standard error; jackknife over {m['groups']} groups of the deals (of the "
                 "product form: see the manual)" + ("; the committed board is stored rounded (P(win) and P(skunked) "
                                                    "to 1/65535)" if "stored" in m else ""), indent=2)]


def headline_text(board) -> str:
    pos = board.headline()
    lines = [f"== crib-stats game: three-player, to {board.target}",
             "from the start of a game (0-0-0: first_dealer deals, then first_left)"]
    lines += _lines(board, pos)
    lines += ["", "points a deal (mean ± se over the model's deals)"]
    for key, label in SEAT_ROWS3:
        mean, se = board.seats[key]
        lines.append(f"  {label:<26} {_pm(float(mean), se, pct=False)}")
    return "\n".join(lines + [""] + _footer(board))


def position_text(board, pos: dict) -> str:
    scores = "-".join(str(x) for x in pos["scores"])
    lines = [f"== crib-stats game: three-player to {board.target}, at {scores}, {pos['dealer']} deals next"]
    return "\n".join(lines + _lines(board, pos) + _footer(board))


def _model_json(board) -> dict:
    m = board.meta
    return {"name": f"game/{m['discard']}/{m['play']}", "discard_policy": m["discard"], "play_policy": m["play"],
            "deals": m["deals"], "seed": m["seed"], "groups": m["groups"], "target": board.target,
            "skunk_below": board.skunk, "assumes": assumes3(board),
            "error": "jackknife over the groups of deals (product form)", "description": _model_text(board)}


def position_json(board, pos: dict) -> dict:
    seats = {seat: {"score": pos["scores"][i], "p_win": pos["p_win"][i], "p_win_se": pos["p_win_se"][i],
                    "p_skunked": pos["p_skunked"][i], "p_skunked_se": pos["p_skunked_se"][i]}
             for i, seat in enumerate(SEATS)}
    return {**header("game", board.variant), "model": _model_json(board),
            "at": {"scores": {s: pos["scores"][i] for i, s in enumerate(SEATS)}, "dealer": pos["dealer"]},
            "seats": seats, "deals_left": {"deals_left": pos["deals_left"], "se": pos["deals_left_se"]}}


def headline_json(board) -> dict:
    out = position_json(board, board.headline())
    out["points_a_deal"] = {key: {key: float(board.seats[key][0]), "se": board.seats[key][1]}
                            for key, _ in SEAT_ROWS3}
    return out


CSV_COLUMNS3 = ["first_dealer", "first_left", "first_right", "dealer",
                *(f"{f}_{s}" for s in SEATS for f in ("p_win", "p_win_se", "p_skunked", "p_skunked_se")),
                "deals_left", "deals_left_se", "variant", "target", "deals", "seed"]


def csv_text(board, positions) -> str:
    """``positions`` (of :meth:`Board3.position`) as CSV, :data:`CSV_COLUMNS3`, the figures as the
    shortest decimals that read back as the same float."""
    m = board.meta
    rows = [",".join(CSV_COLUMNS3)]
    for p in positions:
        figs = [repr(p[k][i]) for i in range(3) for k in ("p_win", "p_win_se", "p_skunked", "p_skunked_se")]
        rows.append(",".join([*map(str, p["scores"]), p["dealer"], *figs, repr(p["deals_left"]),
                              repr(p["deals_left_se"]), board.variant, str(board.target), str(m["deals"]),
                              str(m["seed"])]))
    return "\n".join(rows) + "\n"


TABLE_COLUMNS3 = ["left", "right", "dealer",
                  *(f"{f}_{t}" for f in ("p_win", "p_win_se", "p_skunked", "p_skunked_se")
                    for t in ("left", "right", "dealer")), "deals_left", "deals_left_se"]


def table_csv(board, out) -> None:
    """Every position by turn (the dealer's left's score, his right's, the dealer's: the seats
    are a rotation of it) onto the text stream ``out``, :data:`TABLE_COLUMNS3`, the figures to 7
    significant digits (the board's float32), T^3 rows."""
    from crib_stats.kernels.board3 import F3_DEALS, F3_SKUNKED, F3_WIN

    T = board.target
    v, s = board.values, board.se
    a0, a1, a2 = (x.ravel() for x in np.meshgrid(np.arange(T), np.arange(T), np.arange(T), indexing="ij"))
    cols = [a0, a1, a2]
    for arr, base in ((v, F3_WIN), (s, F3_WIN), (v, F3_SKUNKED), (s, F3_SKUNKED)):
        cols += [arr[base + t].ravel() for t in range(3)]
    cols += [v[F3_DEALS].ravel(), s[F3_DEALS].ravel()]
    out.write(",".join(TABLE_COLUMNS3) + "\n")
    table = np.column_stack(cols)
    buf = io.StringIO()
    np.savetxt(buf, table, fmt=["%d"] * 3 + ["%.7g"] * (len(cols) - 3), delimiter=",")
    out.write(buf.getvalue())


def board_figure(board, third: int):
    """Three heat maps of first_dealer's P(win) over first_dealer's and first_left's scores with
    first_right at ``third``: one for each seat dealing next."""
    from matplotlib.figure import Figure

    from crib_stats.kernels.board3 import F3_WIN
    from crib_stats.model.seats import seat_at, turn_of

    T = board.target
    fig = Figure(figsize=(16, 5.4))
    axes = fig.subplots(1, 3)
    x = np.arange(T)
    for d, ax in enumerate(axes):
        # seat scores (s0, s1, third) -> by turn: turn t holds seat seat_at(t, d)
        idx = []
        for t in range(3):
            seat = seat_at(t, d, 3)
            idx.append({0: "s0", 1: "s1", 2: "c"}[seat])
        s0, s1 = np.meshgrid(x, x, indexing="ij")
        c = np.full_like(s0, third)
        parts = {"s0": s0, "s1": s1, "c": c}
        grid = board.values[F3_WIN + turn_of(0, d, 3)][parts[idx[0]], parts[idx[1]], parts[idx[2]]]
        im = ax.imshow(grid, origin="lower", cmap="RdBu", vmin=0, vmax=1, extent=(-0.5, T - 0.5, -0.5, T - 0.5))
        lines = ax.contour(x, x, grid, levels=[0.25, 1 / 3, 0.5, 0.75], colors="k", linewidths=0.6)
        ax.clabel(lines, fmt="%.2f", fontsize=8)
        ax.set_xlabel("first_left's score")
        ax.set_ylabel("first_dealer's score")
        ax.set_title(f"{SEATS[d]} deals next")
    fig.colorbar(im, ax=list(axes), shrink=0.85, label="P(win)")
    m = board.meta
    fig.suptitle(f"P(first_dealer wins): crib-stats game (three-player to {board.target}, first_right at {third}; "
                 f"objective discards, greedy play; {m['deals']:,} deals, seed {m['seed']})")
    return fig
