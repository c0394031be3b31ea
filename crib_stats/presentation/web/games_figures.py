"""What the server says about the player's play: the review of a game's decisions (computed in
the heavy pool, kept in the store) and the list of games with the running figures.

A decision is reviewed once its deal is over, by ``crib-stats review``'s
:func:`crib_stats.match.review.review_view` at the view the record's replay rebuilds, with the
page's arguments (:mod:`.games_review`), in the pool (:func:`review_job`), one decision at a time
for each game: the opponent's own decisions keep a worker of the pool. A forced play needs no
advisor and is reviewed here. Each review is written to the store as it is made (with its method:
one by another method is computed again, not served), so a review asked again, by this server or
another on the same file, computes nothing.
"""

from __future__ import annotations

import asyncio
import json

from crib_stats.match.review import decision_views, one_rank, review_view
from crib_stats.match.reviewed import DecisionReview
from crib_stats.referee.deck import check_played

from . import pool
from .games_live import VARIANTS, Games, Live
from .games_opponent import default_opponent, opponents, opponents_by_players
from .games_counting import counting
from .games_table import ROUND, in_order, of_variant
from .games_review import METHOD, REVIEW, seat_decisions, summary, unvalued


@pool.job
def review_job(view, made: tuple, deal: int, index: int) -> str:
    """One decision's review (:meth:`DecisionReview.as_dict`'s JSON), the page's way."""
    return json.dumps(review_view(view, made, deal=deal, index=index, **REVIEW).as_dict())


def _entries(games: Games, live: Live) -> tuple[list[tuple[int, DecisionReview]], int]:
    """The reviews kept of the player's decisions in the deals over, and how many are missing."""
    todo = seat_decisions(live.game.record(), live.human)
    done = games.store.reviews(live.id, METHOD)
    kept = [(n, DecisionReview.from_dict(done[n])) for n, _, _ in todo if n in done]
    return kept, len(todo) - len(kept)


async def review(games: Games, live: Live, wait: float = 0.0) -> dict:
    """The review of the player's decisions in the deals that are over: each decision, each
    deal's and the game's totals, the costliest; ``pending`` the decisions not yet reviewed
    (being computed; ``wait``: seconds to wait for them)."""
    kept, pending = _entries(games, live)
    if pending:
        if live.review_task is None or live.review_task.done():
            live.review_task = asyncio.get_running_loop().create_task(_review(games, live))
        if wait > 0:
            try:
                await asyncio.wait_for(asyncio.shield(live.review_task), wait)
            except asyncio.TimeoutError:
                pass
            kept, pending = _entries(games, live)
    over = live.game.deal.index + (1 if live.game.over else 0)
    return {"id": live.id, "method": METHOD, "decision": live.saved, "deals_over": over, **summary(kept),
            "pending": pending, "complete": pending == 0, "over": live.game.over,
            "counting": counting(live.game.record(), live.human)}


async def _review(games: Games, live: Live) -> None:
    record = live.game.record()
    done = games.store.reviews(live.id, METHOD)
    todo = [(n, j, d) for n, j, d in seat_decisions(record, live.human) if n not in done]
    if not todo:
        return
    views = decision_views(record)  # every decision of both seats, in the order made: decision number n is views[n]
    for n, j, d in todo:
        deal, index, _, view = views[n]
        made = tuple(d["cards"]) if d["kind"] == "discard" else (d["card"],)
        if one_rank(view):
            r = review_view(view, made, deal=deal, index=index, **REVIEW)
        else:
            try:
                r = DecisionReview.from_dict(json.loads(await games.pooled(review_job, view=view, made=made, deal=deal,
                                                                          index=index)))
            except pool.Failed:
                return  # asked again with the next review request
        games.store.save_review(live.id, n, j, d["kind"], r.forced, None if unvalued(r) else r.given_up, METHOD,
                                r.as_dict())


def _per(n: int, total: float) -> float | None:
    return total / n if n else None


def listing(games: Games) -> dict:
    """The player's games (latest first) and the running figures: games finished and won, the
    P(win) given up per decision reviewed with a choice, per throw and per card, and the
    counting of the games played with muggins."""
    games.here()
    store = games.store
    lost = store.lost_by_game(METHOD)
    rows = []
    for r in store.games():
        n, total = lost.get(r.id, (0, 0.0))
        t = of_variant(r.variant, r.seat)
        rows.append({"id": r.id, "created": r.created, "updated": r.updated, "opponent": r.opponent,
                     "variant": r.variant, "seat": r.seat, "decisions": r.decisions, "over": r.finished,
                     "scores": in_order({t.side_who(side): score for side, score in r.scores.items()}),
                     "winner": None if r.winner is None else t.side_who(r.winner),
                     "reviewed": n, "p_win_lost": total})
    counts = store.counts()
    won = sum(of_variant(variant, seat).won(winner) for variant, seat, winner in store.outcomes())
    kinds = store.lost_by_kind(METHOD)
    n_all, lost_all = sum(n for n, _ in kinds.values()), sum(t for _, t in kinds.values())
    throws, cards = kinds.get("discard", (0, 0.0)), kinds.get("play", (0, 0.0))
    figures = {"games": counts["games"], "finished": counts["finished"], "won": won,
               "win_rate": _per(counts["finished"], won),
               "decisions_reviewed": n_all, "p_win_lost_per_decision": _per(n_all, lost_all),
               "throws_reviewed": throws[0], "p_win_lost_per_throw": _per(*throws),
               "cards_reviewed": cards[0], "p_win_lost_per_card": _per(*cards), "method": METHOD,
               "counting": counting_figures(store.muggins_records())}
    return {"games": rows, "figures": figures, "opponents": opponents(), "default_opponent": default_opponent(),
            "seat_opponents": opponents_by_players(),  # by players in the game: search plays two only
            "variants": list(VARIANTS), "targets": {name: list(check_played(name).targets) for name in VARIANTS},
            "seats": {name: list(ROUND[check_played(name).players]) for name in VARIANTS}}


def counting_figures(records) -> dict:
    """The player's counting over its muggins games (``records``: (seat, record) each): games,
    shows counted, right, points missed and overclaimed, and the share right (None before the
    first show)."""
    out = {"games": 0, "shows": 0, "right": 0, "points_missed": 0, "points_overclaimed": 0}
    for seat, record in records:
        c = counting(record, seat)
        out["games"] += 1
        for k in ("shows", "right", "points_missed", "points_overclaimed"):
            out[k] += c[k]
    out["accuracy"] = _per(out["shows"], out["right"])
    return out
