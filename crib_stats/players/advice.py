"""A seat's view put to the toolkit's advisors: the play advisor (:func:`crib_stats.game.advise.
advise`, by E[points] or by P(win)) and the throws by P(win) (:func:`crib_stats.game.throws.
score_throws`), for the players that decide by them (:mod:`.points`, :mod:`.engine`) and for the
review of a game (:mod:`crib_stats.match.review`), which asks the same questions at every
decision of a record.

Only the view is read: the seat's dealt cards, its throw, the starter, the cards played and by
whom, the scores. Every function is pure (its answer depends on its arguments alone) and keeps
nothing between calls but the advisors' own per-process tables.

When the opponent's play fits no hand their modelled throw could have kept (they did not throw
by the objective), the advisor is asked to widen its posterior to every hand consistent with the
play (``when_no_hand="widen"``); :func:`widened` says so in a line for the record.
"""

from __future__ import annotations

import hashlib
import json

from crib_stats.core.cards import Card
from crib_stats.model.view import View


def role_of(view: View) -> str:
    return "dealer" if view.dealer else "pone"


def play_advice(view: View, score: bool):
    """The advisor's :class:`~crib_stats.game.advise.Advice` at a play decision of ``view``:
    every legal card by E[points] (``score`` False) or by P(win) at the view's scores (True),
    best first."""
    from crib_stats.game.advise import advise

    return advise(view.dealt, view.discard, (view.starter,), role_of(view), [p.card for p in view.played],
                  score=(view.score, view.opponent_score) if score else None, variant=view.variant,
                  when_no_hand="widen")


def widened(advice) -> str:
    """A line for the record when the advice's posterior is not the policy's (empty otherwise)."""
    if advice.posterior == "policy":
        return ""
    return (f"the posterior widened to every hand consistent with the play: no hand thrown by the "
            f"{advice.policy} policy fits the opponent's play")


def card_of(view: View, text: str) -> Card:
    """The card of ``view.hand`` the advisor names (``str(card)``)."""
    return next(c for c in view.hand if str(c) == text)


def advised_card(view: View, score: bool) -> tuple[Card, object, str]:
    """(the advisor's best card, its advice, :func:`widened`'s line)."""
    advice = play_advice(view, score)
    return card_of(view, advice.plays[0].card), advice, widened(advice)


def decision_seed(base, view: View) -> int:
    """A sampling seed for a decision: a digest of ``base`` (a player's seed, a review's) and the
    decision's position (:meth:`View.position`), so the same decision always draws the same
    sample, and two decisions never share one by accident. Below 2**63."""
    position = json.dumps(view.position(), sort_keys=True, separators=(",", ":"))
    text = f"crib-stats decision/{base}/{view.seat}/{view.deal}/{position}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1


def throw_analysis(view: View, seed: int):
    """Every throw of ``view.hand`` by P(win) at the view's scores (``discard --score``'s
    ranking, :func:`crib_stats.game.throws.score_throws` at its default accuracy), best first."""
    from crib_stats.game.throws import score_throws

    return score_throws(view.hand, role_of(view), view.score, view.opponent_score, view.variant, seed=seed)
