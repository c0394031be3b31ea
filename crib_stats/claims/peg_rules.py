"""The play's rules of thumb (seed 001, "Cribbage strategy"), each measured over real situations
with the advisor (:mod:`crib_stats.game.peg_rules`): read from the committed measurement
(data/pegging_rules.npz), or with ``--recompute`` from a reduced one of
:data:`~.core.PEG_RULES_RECOMPUTE_DEALS` deals a rule."""

from __future__ import annotations

from .core import S1, Context, Finding, add

# the order of the seed's text
IDS = {"six-on-four": "peg-rule-six-on-four", "high-first": "peg-rule-high-cards-first",
       "save-aces": "peg-rule-save-aces", "lone-ace": "peg-rule-lone-aces", "no-pair": "peg-rule-no-pair",
       "pair-lead": "peg-rule-pair-lead", "five-lead": "peg-rule-five-lead", "no-run": "peg-rule-no-run"}
CLAIMED = {"six-on-four": "never", "high-first": "first", "save-aces": "save", "lone-ace": "get rid of",
           "no-pair": "do not", "pair-lead": "should", "five-lead": "lead one of them", "no-run": "don't"}


def _check(rule: str):
    def check(ctx: Context) -> Finding:
        from crib_stats.game import peg_rules as pr

        s = ctx.peg_rules[rule]
        w = s["worst"]
        reduced = ", a reduced measurement recomputed" if s.get("reduced") else ""
        ours = (f"following is right in {100 * s['right_share']:.1f}% of {s['situations']:,} situations "
                f"({s['deals']:,} deals{reduced}; {s['ties']:,} ties); following - breaking "
                f"{s['mean']:+.3f} ± {s['mean_se']:.3f} points")
        worst = (f"worst case: deal {w['deal']}, the {w['seat']} dealt {w['dealt']} throwing {w['throw']}, starter "
                 f"{w['starter']}, played {w['played'] or 'nothing'}: {w['follow']} (follows) {w['follow_ev']:+.3f}, "
                 f"{w['breaks']} (breaks) {w['breaks_ev']:+.3f}; `{w['command']}`") if w else "no situation"
        note = (f"read: {pr.READINGS[rule]}; each situation from a real deal (objective discards, greedy play), every "
                f"legal card valued by crib-stats advise from the mover's seat; right = the best following card is "
                f"worth at least the best breaking one; {pr.VERDICT_TEXT}; {worst}")
        exact = {k: s[k] for k in ("deals", "situations", "right", "ties", "mean", "mean_se")}
        return Finding(ours, s["verdict"], note, exact)
    return check


def _register() -> None:
    from crib_stats.game.peg_rules import QUOTES, RULES

    for rule in RULES:
        add(IDS[rule], QUOTES[rule], S1, "advised play", "", _check(rule), CLAIMED[rule])


_register()
