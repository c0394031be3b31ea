"""Claims about winning the game to 121: read from the committed board (data/game_six-card.npz,
the deal model solved by backward induction, :mod:`crib_stats.game`)."""

from __future__ import annotations

from .core import S0, S2, Context, Finding, add

GAME_MODEL = ("game model: 4,000,000 random deals played out (objective discards, greedy play), the board solved "
              "by backward induction; ± one standard error (jackknife)")


def _board():
    from ..game.board import committed

    return committed("six-card")


def _first_deal(ctx: Context) -> Finding:
    b = _board()
    h = b.headline()
    w, se = h["first_dealer_win"]
    note = (f"the rule as the code plays it (the deal alternates from the first); {GAME_MODEL}; published: Cribbage Pro's online games 55.5% (56.0% between "
            f"its strongest players; its blog, October 2012), DeLynn Colvert 56% (as cited in Cribbage World, May 2009); the model's mean game lasts {h['deals_mean'][0]:.2f} deals "
            f"(Colvert: nine)")
    return Finding(f"{100 * w:.2f}% ± {100 * se:.3f} of games won by the first dealer", "rule", note,
                   {"first_dealer_win": w, "se": se})


def _heels(ctx: Context) -> Finding:
    b = _board()
    h = b.headline()
    r = b.row("win")
    # a dealer 2 short (at 119) against a pone at 119 or 120: his heels win at once 1 time in 13
    cells = {f"dealer 119, pone {p}": float(b.values[r, 119, p]) for p in (100, 119, 120)}
    text = (f"the 2 for his heels win the game when the dealer starts a deal 1 or 2 short: a jack is turned 1 time in "
            f"13 (7.7%); {100 * h['won_on_heels']:.2f}% of games end on his heels (no ± computed)")
    note = (f"{GAME_MODEL}; the rules here let his heels win the game the moment they are pegged (the seed notes some "
            "do not); P(win) of a dealer at 119: " + ", ".join(f"{k}: {100 * v:.1f}%" for k, v in cells.items())
            + ": not 'usually' because of the jack, which turns 1 time in 13")
    return Finding(text, "rule", note, {"won_on_heels": h["won_on_heels"], **cells})


add("game-first-deal-advantage", "Cut for deal; lower card deals, and the deal then alternates. [what winning the "
    "cut is worth: the first dealer's chance of winning the game]", S2, "real play", "crib-stats game", _first_deal,
    "published: 55.5% / 56% (Cribbage Pro's blog, 2012; DeLynn Colvert)")
add("game-heels-win", "A player can usually win the game with the 2 points from cutting a jack. Some will not allow "
    "this, depending on the rules used.", S0, "rule", "crib-stats game --at 119 119 --dealer", _heels)
