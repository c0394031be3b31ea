"""What the players that decide by the toolkit's advisors share (:mod:`.points`, :mod:`.engine`,
and the review of a game, :mod:`crib_stats.match.review`, which asks the same questions at every
decision of a record): the advisors read the seat's view themselves
(:func:`crib_stats.game.advise.advise_view`, :func:`crib_stats.game.throws.throws_view`); here
are the card a piece of advice names, the line a record keeps when the advisor's posterior
widened, and the sampling seed of a decision. Every function is pure.

When the opponent's play fits no hand their modelled throw could have kept (they did not throw
by the objective), the advisor is asked to widen its posterior to every hand consistent with the
play (``when_no_hand="widen"``); :func:`widened` says so in a line for the record.
"""

from __future__ import annotations

import hashlib
import json

from crib_stats.core.cards import Card
from crib_stats.model.view import View


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
    from crib_stats.game.advise import advise_view

    advice = advise_view(view, score)
    return card_of(view, advice.plays[0].card), advice, widened(advice)


def decision_seed(base, view: View) -> int:
    """A sampling seed for a decision: a digest of ``base`` (a player's seed, a review's) and the
    decision's position (:meth:`View.position`), so the same decision always draws the same
    sample, and two decisions never share one by accident. Below 2**63."""
    position = json.dumps(view.position(), sort_keys=True, separators=(",", ":"))
    text = f"crib-stats decision/{base}/{view.seat}/{view.deal}/{position}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") >> 1
