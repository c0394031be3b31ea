"""``/api/drill``: the counting drill (:mod:`..drill`), a hand or crib dealt with its starter, the
player's count checked against the scorer's and timed, the figures kept in the games' SQLite
database (:mod:`..games_store`, table ``drills``).

Cards are ASCII strings as the games' record writes them (``"10d"``, ``"js"``). A drill's deal is
sent only to the request that dealt it, its true count only in the answer; an unknown drill is
404 and a second answer to one drill 409 (nothing changes)."""

from __future__ import annotations

import secrets
import time
from typing import Literal

from fastapi import Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from crib_stats.core.cards import card_text, text_cards
from crib_stats.model.variants import variant as get_variant
from crib_stats.presentation.web import api, drill
from crib_stats.presentation.web.games_store import StoreError
from crib_stats.referee.events import breakdown_dict
from crib_stats.show.scoring import score

from .games import json_response, service, strict

router = api.router()

MAX_POINTS = 99  # an answer above it is refused (no show scores over 29)
STORE_ERRORS = {503: {"model": api.ErrorBody, "description": "the games database could not be read or written "
                                                             "(nothing changed)"}}
HARD_DOC = (f"deal a hard {{what}}: drawn again until it scores at least {drill.HARD_TOTAL}, or has at least "
            f"{drill.HARD_FIFTEENS} fifteens, or at least {drill.HARD_RUNS} runs (a double run or more)")


class NewDrill(BaseModel):
    """A hand or crib to count."""

    model_config = ConfigDict(extra="forbid")
    what: Literal["hand", "crib"] = Field(..., description="hand: as many cards as the variant keeps; crib: 4 cards")
    variant: str = Field("six-card", max_length=40, description=api.VARIANT_DOC + " (the hand's size follows it)")
    hard: bool = Field(False, description=HARD_DOC.format(what="deal"))


class Count(BaseModel):
    """Your count of the drill's hand or crib with its starter."""

    model_config = ConfigDict(extra="forbid")
    points: int = Field(..., ge=0, le=MAX_POINTS, description="the points you count")


def _figures(counts: dict) -> dict:
    n, right = counts["answered"], counts["right"]
    return {"answered": n, "right": right, "accuracy": round(right / n, 4) if n else None,
            "mean_seconds": round(counts["seconds"] / n, 3) if n else None,
            "over": {"drills": counts["over"][0], "points": counts["over"][1]},
            "missed": {k: {"drills": d, "points": p} for k, (d, p) in counts["missed"].items()}}


def _store_error(exc: StoreError) -> Response:
    return api.error_answer(503, str(exc).splitlines()[0])


@router.post("/api/drill", status_code=201, responses=STORE_ERRORS,
             summary="deal a counting drill: a hand or crib and the starter (never their count)",
             description="The answer: id (send your count to /api/drill/{id}), what, variant, hard, cards (ASCII, as "
                         "the games write them), starter. " + HARD_DOC.format(what="hand or crib") + ", by rejection "
                         "from a generator seeded at random (about 8.5 % ± 0.2 % of four-card hands and cribs are "
                         "hard, 1.6 % ± 0.1 % of five-card hands: 20,000 deals sampled, seed 1).")
async def new_drill(request: Request, body: NewDrill):
    strict(request)
    v = get_variant(body.variant)  # an unknown variant: 400 with the command line's line
    seed = secrets.randbits(63)
    b = drill.deal(body.what, v.name, body.hard, seed)
    drill_id = secrets.token_hex(8)
    cards, starter = text_cards(b.cards), card_text(b.starter)
    try:
        service(request).store.create_drill(drill_id, body.what, v.name, body.hard, seed, cards, starter, b.total,
                                            time.time())
    except StoreError as exc:
        return _store_error(exc)
    return json_response({"id": drill_id, "what": body.what, "variant": v.name, "hard": body.hard, "cards": cards,
                  "starter": starter}, 201)


@router.post("/api/drill/{drill_id}", responses=STORE_ERRORS | {
                 404: {"model": api.ErrorBody, "description": "no drill of that id (or one left unanswered a day)"},
                 409: {"model": api.ErrorBody, "description": "the drill is answered already: nothing changed"}},
             summary="your count of a drill: right or not, the true count itemised, the seconds since the deal",
             description="The answer: id, right, points (the true count), answered (your count), seconds (from the "
                         "deal to your answer, measured by the server), breakdown (the scorer's itemised count, as a "
                         "game's show has it: fifteens, pairs, runs, flush, nobs, total, say, and items in the order the "
                         "rules count them, each {kind, cards, points}), missed ({fifteens, pairs, runs, flush, nobs, "
                         "other}: points; a short count is taken as the fewest combinations that make up the "
                         "shortfall, those counted last first; other: a shortfall no combinations make up), and the "
                         "drill's what, variant, cards and starter.")
async def answer_drill(request: Request, drill_id: str, body: Count):
    strict(request)
    try:
        store = service(request).store
        row = store.load_drill(drill_id) if len(drill_id) <= 32 else None
        if row is None:
            return api.error_answer(404, f"drill {drill_id[:32]!r} not found (unknown, or dealt over a day ago "
                                         "and never answered)")
        if row["answer"] is not None:
            return api.error_answer(409, f"drill {drill_id} is answered already ({row['answer']})")
        seconds = round(max(0.0, time.time() - row["dealt_at"]), 3)
        b = score(row["cards"], row["starter"], crib=row["what"] == "crib", variant=row["variant"])
        missed = drill.missed(b, body.points)
        if not store.answer_drill(drill_id, body.points, seconds, missed):
            return api.error_answer(409, f"drill {drill_id} is answered already")
    except StoreError as exc:
        return _store_error(exc)
    return json_response({"id": drill_id, "right": body.points == b.total, "points": b.total, "answered": body.points,
                  "seconds": seconds, "breakdown": breakdown_dict(b), "missed": missed, "what": row["what"],
                  "variant": row["variant"], "cards": row["cards"], "starter": row["starter"]})


@router.get("/api/drill", responses=STORE_ERRORS,
            summary="your drill figures: drills answered, right, accuracy, mean seconds, and what the wrong counts "
                    "missed by kind",
            description="answered, right, accuracy (right / answered, 4 decimals; null before the first), mean_seconds "
                        "(null before the first), over ({drills, points}: counts over the true count), missed ({kind: "
                        "{drills, points}} for fifteens, pairs, runs, flush, nobs and other: the drills whose count "
                        "missed points of that kind, and the points missed, as each answer's missed says).")
async def figures(request: Request):
    strict(request)
    try:
        return json_response(_figures(service(request).store.drill_counts()))
    except StoreError as exc:
        return _store_error(exc)


def warm() -> None:
    drill.deal("hand", "six-card", True, 0)
