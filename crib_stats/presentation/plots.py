"""Matplotlib figures for the CLI's --plot options and the notebooks.

Every function builds and returns a new Figure (no pyplot global state is touched), so they
work headless and in notebooks alike. Save with :func:`crib_stats.core.io.save_figure`.
"""

from __future__ import annotations

from typing import Sequence

from matplotlib.figure import Figure
from crib_stats.core.cards import RANK_NAMES, SUIT_SYMBOLS
from crib_stats.presentation.report import discard_title

_COLOURS = {"hand": "#1f77b4", "crib": "#d62728", "five-card": "#2ca02c"}


def distribution_figure(summaries: Sequence, scale: str = "both", title: str | None = None) -> Figure:
    """Bar chart of one or more score distributions (Summary objects), as probabilities.

    ``scale`` is "linear", "log" or "both" (two panels, the log one showing the rare top
    hands). Impossible scores (zero counts below the maximum) are marked with an x at the
    bar's place on the axis; the exact mean of each table is drawn as a dashed line.
    """
    if scale not in ("linear", "log", "both"):
        raise ValueError(f"scale must be linear, log or both, got {scale!r}")
    scales = ["linear", "log"] if scale == "both" else [scale]
    fig = Figure(figsize=(10, 4.2 * len(scales)))
    axes = fig.subplots(len(scales), 1, squeeze=False)[:, 0]
    n = len(summaries)
    width = 0.8 / max(n, 1)
    top = max(s.max_score for s in summaries)
    for ax, sc in zip(axes, scales):
        for i, s in enumerate(summaries):
            colour = _COLOURS.get(s.table, None)
            shift = (i - (n - 1) / 2) * width
            xs = [x + shift for x in range(len(s.counts))]
            probs = [c / s.combinations for c in s.counts]
            ax.bar(xs, probs, width=width, color=colour, label=f"{s.table} (mean {float(s.mean):.4f})")
            ax.axvline(float(s.mean), color=colour, linestyle="--", linewidth=1)
            if s.impossible:
                ax.plot([x + shift for x in s.impossible], [0 if sc == "linear" else 1e-9] * len(s.impossible),
                        "x", color=colour, markersize=7, mew=2, clip_on=False)
        ax.set_xticks(range(top + 1))
        ax.set_xlim(-0.7, top + 0.7)
        if sc == "log":
            ax.set_yscale("log")
            ax.set_ylim(1e-9, 1)
        ax.set_ylabel("probability" + (" (log scale)" if sc == "log" else ""))
        ax.grid(axis="y", alpha=0.3)
    axes[-1].set_xlabel("points (x on the axis: impossible score; dashed line: exact mean)")
    axes[0].set_title(title or "Cribbage show scores over every hand + starter")
    axes[0].legend()
    fig.tight_layout()
    return fig


def discard_figure(analysis, title: str | None = None) -> Figure:
    """Throws of one discard analysis (:class:`~crib_stats.discard.analysis.DiscardAnalysis`), best first:
    every term the net adds up as a bar of its own sign, stacked from zero (E[hand], E[crib]
    yours or -E[crib] the opponent's, E[peg] when the play is counted), so the net dot sits where
    the bars sum; the net's standard deviation when there is one; P(>= need) in a column of its
    own inside the axes; the legend below the axes, never over a bar. The title names the cards,
    variant, role and starter, and the need when one was given."""
    rows = analysis.throws
    fig = Figure(figsize=(10, 0.45 * len(rows) + 2.4))
    ax = fig.add_subplot()
    fmt = lambda cs: " ".join(str(c) for c in cs)  # noqa: E731
    labels = [f"throw {fmt(r.throw)}  keep {fmt(r.keep)}" for r in rows]
    ys = list(range(len(rows)))[::-1]
    sign = 1 if analysis.crib_is_yours else -1
    terms = [("E[hand]", "#1f77b4", [float(r.hand_ev) for r in rows]),
             ("E[crib] (yours)" if sign > 0 else "-E[crib] (opponent's)", "#ff9896" if sign > 0 else "#d62728",
              [sign * float(r.crib_ev) for r in rows])]
    if any(r.peg_ev is not None for r in rows):
        terms.append(("E[peg] (your play - theirs)", "#2ca02c",
                      [float(r.peg_ev) if r.peg_ev is not None else 0.0 for r in rows]))
    right = [0.0] * len(rows)
    left = [0.0] * len(rows)
    for label, colour, values in terms:
        base = [right[i] if v >= 0 else left[i] for i, v in enumerate(values)]
        ax.barh(ys, values, left=base, color=colour, label=label, height=0.7)
        for i, v in enumerate(values):
            if v >= 0:
                right[i] += v
            else:
                left[i] += v
    net = [float(r.net_ev) for r in rows]
    sd = None if analysis.mean_only else [r.sd for r in rows]
    ax.errorbar(net, ys, xerr=sd, fmt="o", color="black", capsize=3, zorder=3,
                label="net (the sum of the bars)" + ("" if sd is None else " ± sd"))
    hi = max(max(right), max(n + (s or 0) for n, s in zip(net, sd or [0] * len(net))))
    lo = min(0.0, min(left), min(n - (s or 0) for n, s in zip(net, sd or [0] * len(net))))
    span = hi - lo or 1.0
    if analysis.need is not None:
        column = hi + 0.04 * span  # P(>= need) in its own column, inside the axes
        ax.set_xlim(lo - 0.03 * span, column + 0.3 * span)
        ax.text(column, max(ys) + 0.75, f"P(>={analysis.need})", fontsize=9, va="center", fontweight="bold")
        for y, r in zip(ys, rows):
            p = analysis.p_need(r)
            if p is not None:
                ax.text(column, y, f"{float(p):.3f}", fontsize=9, va="center")
        ax.set_ylim(min(ys) - 0.6, max(ys) + 1.3)
    else:
        ax.set_xlim(lo - 0.03 * span, hi + 0.05 * span)
        ax.set_ylim(min(ys) - 0.6, max(ys) + 0.6)
    ax.set_yticks(ys)
    ax.set_yticklabels(labels, fontfamily="DejaVu Sans")
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("expected points")
    default = discard_title(analysis) + (f"; need {analysis.need}" if analysis.need is not None else "")
    ax.set_title(title or default, fontsize=10)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.5 / (0.45 * len(rows) + 2.4) - 0.08),
              ncol=len(terms) + 1, fontsize=9, frameon=False)
    ax.grid(axis="x", alpha=0.3)
    return fig


def net_distribution_figure(results: Sequence, crib_is_yours: bool, title: str | None = None) -> Figure:
    """Probability of each net points value for a few throws (ThrowResult objects), side by side."""
    fig = Figure(figsize=(10, 4.2))
    ax = fig.add_subplot()
    n = len(results)
    width = 0.8 / max(n, 1)
    for i, r in enumerate(results):
        xs = sorted(r.net_counts)
        shift = (i - (n - 1) / 2) * width
        ax.bar([x + shift for x in xs], [r.net_counts[x] / r.outcomes for x in xs], width=width,
               label=f"throw {' '.join(map(str, r.throw))} (mean {float(r.net_ev):.3f}, sd {r.sd:.2f})")
        ax.axvline(float(r.net_ev), color=f"C{i}", linestyle="--", linewidth=1)
    sign = "+" if crib_is_yours else "-"
    ax.set_xlabel(f"net points (hand {sign} crib); dashed: exact mean")
    ax.set_ylabel("probability")
    ax.set_title(title or "Distribution of the net points over every outcome")
    ax.legend()
    ax.grid(axis="y", alpha=0.3)
    return fig


def starter_figure(result, title: str | None = None) -> Figure:
    """Starter by starter for one throw: hand points (bars) and E[crib | starter] (dots)."""
    cards = sorted(result.hand_by_starter)
    fig = Figure(figsize=(12, 4.2))
    ax = fig.add_subplot()
    xs = range(len(cards))
    ax.bar(xs, [result.hand_by_starter[c] for c in cards], color="#1f77b4", label="hand points")
    ax.plot(xs, [float(result.crib_ev_by_starter[c]) for c in cards], "o", color="#d62728",
            label="E[crib | starter]")
    ax.axhline(float(result.hand_ev), color="#1f77b4", linestyle="--", linewidth=1, label="E[hand]")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([RANK_NAMES[c.rank] + SUIT_SYMBOLS[c.suit] for c in cards], rotation=90, fontsize=8)
    ax.set_xlabel("starter")
    ax.set_ylabel("points")
    keep = " ".join(map(str, result.keep))
    ax.set_title(title or f"Keep {keep}: points for each starter")
    ax.legend()
    ax.grid(axis="y", alpha=0.3)
    return fig


def heatmap_figure(matrix, labels: Sequence[str], title: str, note: str = "") -> Figure:
    """An annotated square heatmap (e.g. expected crib value of each pair of ranks thrown)."""
    import numpy as np

    m = np.asarray(matrix, dtype=float)
    fig = Figure(figsize=(9, 8))
    ax = fig.add_subplot()
    im = ax.imshow(m, cmap="viridis", origin="upper")
    ax.set_xticks(range(len(labels)))
    ax.set_yticks(range(len(labels)))
    ax.set_xticklabels(labels)
    ax.set_yticklabels(labels)
    mid = np.nanmean(m)
    for i in range(m.shape[0]):
        for j in range(m.shape[1]):
            if not np.isnan(m[i, j]):
                ax.text(j, i, f"{m[i, j]:.2f}", ha="center", va="center", fontsize=7,
                        color="white" if m[i, j] < mid else "black")
    fig.colorbar(im, ax=ax, shrink=0.8, label="expected crib points")
    ax.set_title(title)
    if note:
        ax.set_xlabel(note)
    return fig

