"""``crib-stats match``: the text and the JSON of a match's figures (:mod:`crib_stats.match.summary`);
``crib-stats ladder``: the ladder's text (:mod:`crib_stats.match.ladder`)."""

from __future__ import annotations

from crib_stats.presentation.report.base import header, wrap

TIMING = ("speed", "milliseconds")  # the figures that change from run to run


def _pct(x, se) -> str:
    if x is None:
        return "-"
    return f"{100 * x:6.2f}%" + ("" if se is None else f" ± {100 * se:.2f}")


def _speed(p: dict) -> str:
    rate = p["decisions_per_second"]
    warm = f", its first {p['first_microseconds'] / 1e6:.2f} s" if p["first_microseconds"] >= 10_000 else ""
    return f"{p['player']} ({p['side']}) " + ("-" if rate is None else f"{rate:,} a second") + warm


def _game(s: dict) -> str:
    """The variant, with its target and muggins where they are not the variant's first game."""
    extra = "" if "target" not in s else f" to {s['target']}" + (" with muggins" if s["muggins"] else "")
    return s["variant"] + extra


def _three_text(s: dict, timing: bool) -> str:
    a, b, c = s["players"]
    lines = [wrap(f"match: {a} (A), {b} (B) and {c} (C), {_game(s)}, {s['games']:,} games ({s['decks']:,} decks, "
                  f"each in the three rotations of the players over the seats), seed {s['seed']}"), ""]
    lines.append("share of the wins, paired over the decks:")
    for p in s["by_player"]:
        lines.append(f"  {p['player']} ({p['side']}){'':<4}{_pct(p['win_rate'], p['win_rate_se'])}  "
                     f"{p['wins']:,} wins, {p['skunked']:,} times skunked")
    lines.append("share of the wins by seat (the cards' favour):")
    for seat in s["by_seat"]:
        lines.append(f"  {seat['seat']:<13}{_pct(seat['win_rate'], seat['win_rate_se'])}  {seat['wins']:,} wins")
    f = s["forfeits"]
    lines += [f"deals          {s['deals_mean']:.2f} a game" + ("" if s["deals_mean_se"] is None else
                                                               f" ± {s['deals_mean_se']:.2f}"),
              "game points    none (no standard game points exist for three players)",
              "forfeits       " + ("none" if not f["games"] else f"{f['games']:,} games")]
    for r in f["reasons"]:
        lines.append(wrap(f"  {r['games']:,} x {r['reason']}", indent=6))
    if timing:
        took = f" ({s['milliseconds'] / 1000:.1f} s, {s['shards_computed']:,} of {s['shards']:,} shards computed, the rest cached)"
        lines.append(wrap("decisions      " + "; ".join(_speed(p) for p in s["speed"]) + took, indent=15))
    lines += ["", wrap("model: " + s["model"]["description"]),
              wrap("± one standard error. Paired: each deck's share of a player's wins (0, 1/3, 2/3 or 1) "
                   "averaged over the decks, the luck of the cards shared by every player.")]
    return "\n".join(lines)


def match_text(s: dict, timing: bool = True) -> str:
    if "by_player" in s:
        return _three_text(s, timing)
    a, b = s["a"], s["b"]
    sk = s["skunks"]
    gp = s["game_points"]
    f = s["forfeits"]
    word = {"skunk": "skunks", "lurch": "lurches"}[sk["name"]]
    lines = [
        wrap(f"match: {a} (A) against {b} (B), {_game(s)}, {s['games']:,} games ({s['pairs']:,} deck pairs, the "
             f"seats swapped), seed {s['seed']}"),
        "",
        f"A's win rate   {_pct(s['win_rate'], s['win_rate_se'])}  paired: over the deck pairs",
        f"               {_pct(s['win_rate_raw'], s['win_rate_raw_se'])}  raw: over the games "
        f"(A {s['a_wins']:,}, B {s['b_wins']:,})",
        f"game points    A {gp['a']:.3f}, B {gp['b']:.3f} a game; A's margin {gp['margin']:+.3f}"
        + ("" if gp["margin_se"] is None else f" ± {gp['margin_se']:.3f}"),
        f"{word:<14} by A {sk['by_a']:,}, by B {sk['by_b']:,}" + (
            f" (double: by A {sk['double_by_a']:,}, by B {sk['double_by_b']:,})" if sk["name"] == "skunk" else ""),
        f"first dealer   {_pct(s['first_dealer_win_rate'], s['first_dealer_win_rate_se'])}  won by the player who "
        "dealt first (paired)",
        f"deals          {s['deals_mean']:.2f} a game" + ("" if s["deals_mean_se"] is None else f" ± {s['deals_mean_se']:.2f}"),
        "forfeits       " + ("none" if not f["by_a"] + f["by_b"] else f"by A {f['by_a']:,}, by B {f['by_b']:,}"),
    ]
    for r in f["reasons"]:
        lines.append(wrap(f"  {r['games']:,} x {r['reason']}", indent=6))
    if f["kinds"] > len(f["reasons"]):
        lines.append(f"  ... {f['kinds'] - len(f['reasons'])} other reasons (the records have every one)")
    if timing:
        took = f" ({s['milliseconds'] / 1000:.1f} s, {s['shards_computed']:,} of {s['shards']:,} shards computed, the rest cached)"
        lines.append(wrap("decisions      " + "; ".join(_speed(p) for p in s["speed"]) + took, indent=15))
    lines += ["", wrap("model: " + s["model"]["description"]), wrap("± one standard error. Paired: each deck pair's share of A's wins "
                                                   "(0, 1/2 or 1) averaged, the luck of the cards cancelled; raw: "
                                                   "every game as if independent.")]
    return "\n".join(lines)


def match_json(s: dict, timing: bool = True) -> dict:
    body = {k: v for k, v in s.items() if timing or k not in TIMING + ("shards_computed",)}
    return header("match", s["variant"]) | body


def ladder_json(lad) -> dict:
    """``crib-stats ladder --json``: the ladder's object (:meth:`crib_stats.match.ladder.Ladder.as_json`)."""
    return header("ladder", "six-card") | lad.as_json()


def ladder_text(lad) -> str:
    """The ladder: each player's rating (strongest first) and every pair's match against the model."""
    import math

    lines = [wrap(f"ladder: the built-in players, six-card to 121, from {len(lad.pairs)} committed duplicate "
                  "matches"),
             wrap("model: Bradley-Terry, P(i beats j) = g_i / (g_i + g_j) in any game, fitted to every game's "
                  "winner"),
             wrap(f"rating: Elo's scale, 400 log10(g / g_greedy), greedy 0; ± one standard error (a bootstrap of "
                  f"each match's deck pairs, {lad.boots:,} resamples, seed {lad.seed})"), "",
             f"  {'player':<11} {'rating':>7} {'±':>6}   {'ms a decision':>13}"]
    for i in lad.order():
        r, se, sec = lad.rating[i], lad.rating_se[i], lad.seconds[i]
        if math.isnan(r):
            lines.append(f"  {lad.players[i]:<11} {'-':>7} {'':>6}   {'-':>13}   (no committed match yet)")
            continue
        lines.append(f"  {lad.players[i]:<11} {r:7.0f} {se:6.0f}   {1000 * sec:13.3f}")
    lines += ["", wrap("every pair: A's paired win rate (± one standard error), the rate the ratings give, and "
                       "the gap in standard errors (z)"), ""]
    width = max((len(f"{p.a} vs {p.b}") for p in lad.pairs), default=10)
    for p in sorted(lad.pairs, key=lambda p: (-p.rate, p.key)):
        lines.append(f"  {p.a + ' vs ' + p.b:<{width}} {p.games:>6,} games  {_pct(p.rate, p.se)}   "
                     f"model {100 * p.model:6.2f}%   z {p.z:+5.2f}")
    for a, b in lad.missing:
        lines.append(f"  {a} vs {b}: no committed match yet")
    return "\n".join(lines)
