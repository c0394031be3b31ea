"""The page's review of the player's decisions: which decisions it reviews, how it numbers them
for the store, and the JSON the page's script reads (``static/games_tables.js``). The review
itself is ``crib-stats review``'s (:mod:`crib_stats.match.review`): each decision put to the
engine's advisors at the view it was made from (the record replayed), with two choices of the
page's:

- the throws are sampled on ``score_throws``' own default seed (``seed=None``), so a throw's
  figures are exactly those ``discard --score`` prints for the player's view, and the hint's;
- a forced play (every card that fits has one rank) is not computed (``value_forced=False``):
  it gives up exactly nothing.

The hint's ranking (:func:`hint_question`) is the page's too: the keyword arguments of the
web's ``discard --score`` and ``advise --score`` jobs for the player's view now. Cards are
written in the record's ASCII (``"10d"``, ``"js"``).
"""

from __future__ import annotations

import re

from crib_stats.core.cards import DECK, card_text, parse, text_cards
from crib_stats.match.reviewed import DecisionReview, VERSION, costliest, totals

# the method a kept review was computed by: a review by another method is computed again
METHOD = (f"crib-stats review {VERSION}: throws by discard --score (seed 0, accuracy 0.002), cards by advise "
          "--score (objective)")
THROW_SEED, THROW_ACCURACY = 0, 0.002  # crib_stats.game.throws.DEFAULT_SEED, DEFAULT_ACCURACY (a test holds them)
REVIEW = dict(seed=None, value_forced=False)  # review_view's arguments for the page (the module docstring)

_ASCII = {str(c): card_text(c) for c in DECK}
_CARD = re.compile(r"(?:A|[2-9]|10|J|Q|K)[♣♦♥♠]")


def ascii_cards(x):
    """``x`` (JSON-compatible) with every card the command line's JSON writes (``"10♦"``) in the
    record's ASCII (``"10d"``); nothing else changes.

    >>> ascii_cards({"throw": ["5♥", "J♦"], "model": "5♥ stays", "card": "10♣"})
    {'throw': ['5h', 'jd'], 'model': '5♥ stays', 'card': '10c'}
    """
    if isinstance(x, str):
        return _ASCII[x] if _CARD.fullmatch(x) else x
    if isinstance(x, list):
        return [ascii_cards(v) for v in x]
    if isinstance(x, dict):
        return {k: ascii_cards(v) for k, v in x.items()}
    return x


def hint_question(view) -> tuple[str, dict]:
    """The hint's ranking at the player's ``view`` (two players: told from its side, version 1)
    now: ("discard", the keyword arguments of the web's ``board_throws`` job: ``discard
    --score``, with ``--seat`` for three and four players), ("points", those of its
    ``points_throws`` job: ``discard`` by points, a game with no board to throw to), ("play", those of its ``advice``
    job: ``advise --score``), or ("points-now", the view: a card with three or four players,
    :func:`points_now`)."""
    from crib_stats.game.board import has_board, has_throw_board
    from crib_stats.game.throws import view_position
    from crib_stats.model.variants import variant as get_variant

    rules = get_variant(view.variant, view.target)
    hand = tuple(text_cards(view.hand))
    if view.to_act == "discard":
        if not has_throw_board(rules):
            return "points", dict(cards=hand, role=view.role, variant=view.variant)
        return "discard", dict(cards=hand, role=view.role, variant=view.variant, seed=THROW_SEED,
                               accuracy=THROW_ACCURACY, top=None, **view_position(view))
    if not has_board(rules):
        return "points-now", dict(view=view)
    position = view.position()
    scores = position["scores"]
    mine = [p["card"] for p in position["played"] if p["by"] == "you"]
    dealt = list(position["hand"]) + list(position["discard"]) + mine
    return "play", dict(dealt=tuple(dealt), throw=tuple(position["discard"]), starter=position["starter"],
                        role=view.role, played=tuple(p["card"] for p in position["played"]), discard_policy="objective",
                        score=(scores["you"], scores["opponent"]), variant=view.variant, when_no_hand="widen")


RULE_NOW = ("no board for the play with three or four players: the engine plays greedy's card, the one that pegs most "
            "now (ties to a count off 5, 10 and 21, then the higher rank)")


def points_now(view) -> dict:
    """Three or four players' card: every card that fits with the points it pegs now (what the
    engine plays by: greedy's rule, :data:`RULE_NOW`), the engine's card first."""
    from crib_stats.model.play import card_points
    from crib_stats.players.greedy import greedy_rank

    ranks = [c.rank for c in view.sequence]
    best = greedy_rank(view)
    engine = min((c for c in view.legal if c.rank == best), key=lambda c: c.suit)  # as greedy plays it
    plays = []
    for c in view.legal:
        points, why = card_points(ranks + [c.rank])
        plays.append({"card": card_text(c), "points": points, "why": why, "engine": c == engine})
    plays.sort(key=lambda p: (not p["engine"], -p["points"], p["card"]))
    return {"plays": plays, "count": view.count, "model": RULE_NOW}


def seat_decisions(record: dict, seat: str, finished_only: bool = True) -> list[tuple[int, int, dict]]:
    """(the decision's number in the game from 0, its deal, the entry) for every throw and card
    of ``seat`` (a muggins count is not reviewed here: :mod:`.games_counting`); with ``finished_only``, those of deals that are over (every deal before the last,
    and the last once the game is over). The number keys the store's reviews; it is the
    decision's place in :func:`crib_stats.match.review.decision_views` of both seats."""
    out, n = [], 0
    deals = record["deals"]
    for j, deal in enumerate(deals):
        done = j < len(deals) - 1 or record["result"] is not None
        for d in deal["decisions"]:
            if d["seat"] == seat and d["kind"] in ("discard", "play") and (done or not finished_only):
                out.append((n, j, d))
            n += 1
    return out


def unvalued(r: DecisionReview) -> str | None:
    """Why a decision has no P(win) given up: the advisor's refusal, or no figures for it (a card
    with three or four players: the review's ``method`` says so); None when it has one (a forced
    play gives up nothing)."""
    if r.refused is not None:
        return r.refused
    if r.p_win_made is None and not r.forced:
        return r.method
    return None


def entry(r: DecisionReview, number: int) -> dict:
    """One decision's review as the page reads it: the decision made (``made``, a play's one
    card), the engine's best (``None`` when refused), the P(win)s and ``p_win_lost`` (``None``
    when refused), ``rank`` of ``choices``, ``forced``, ``error`` (the refusal's line), its
    ``decision`` number and ``deal``."""
    one = (lambda cards: list(cards)) if r.kind == "discard" else (lambda cards: cards[0])
    why = unvalued(r)
    out = {"kind": r.kind, "made": one(r.made), "scores": {"you": r.scores[0], "opponent": r.scores[1]},
           "dealer": r.dealer, "hand": list(r.hand), "forced": r.forced, "error": why,
           "best": None if why else one(r.best), "p_win_made": r.p_win_made, "p_win_best": r.p_win_best,
           "p_win_lost": None if why else r.given_up, "rank": None if why else r.rank,
           "choices": None if why else r.choices, "decision": number, "deal": r.deal}
    if r.kind == "play":
        out |= {"count": r.count, "sequence": list(r.sequence), "ev_made": r.ev_made, "ev_best": r.ev_best,
                "p_win_error_bound": r.p_win_error_bound}
    elif r.refused is None:
        out |= {"p_win_se": r.p_win_made_se, "best_se": r.p_win_best_se}
    return out


def summary(reviewed: list[tuple[int, DecisionReview]]) -> dict:
    """The page's review of ``reviewed`` ((decision number, review), in order): each decision's
    :func:`entry`, each deal's totals and the game's (:func:`crib_stats.match.review.totals`),
    the costliest three (their decision numbers)."""
    number = {id(r): n for n, r in reviewed}
    reviews = [r for _, r in reviewed]
    deals = sorted({r.deal for r in reviews})
    return {"decisions": [entry(r, n) for n, r in reviewed],
            "deals": [{"deal": j, **totals(r for r in reviews if r.deal == j)} for j in deals],
            "game": totals(reviews), "costliest": [number[id(r)] for r in costliest(reviews)]}


__all__ = ["METHOD", "REVIEW", "THROW_SEED", "THROW_ACCURACY", "ascii_cards", "unvalued", "hint_question", "points_now", "RULE_NOW", "seat_decisions",
           "entry", "summary"]
