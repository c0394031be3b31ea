"""``/api/score``: one hand or crib scored, itemised (``crib-stats score --json``)."""

from __future__ import annotations

from fastapi import Query

from crib_stats.model.variants import variant as get_variant
from crib_stats.presentation import report
from crib_stats.presentation.web import api
from crib_stats.show.scoring import score as score_hand

router = api.router()


@router.get("/api/score", summary="crib-stats score CARDS --starter S [--crib] --json")
async def score(
    cards: str = Query(..., max_length=200, description=api.CARDS_DOC + " (4 cards; 3 in the five-card game)"),
    starter: str = Query(..., max_length=20, description="the starter (turn-up) card"),
    crib: bool = Query(False, description="score as a crib (only a 5-card flush counts)"),
    variant: str = Query("six-card", max_length=40, description=api.VARIANT_DOC),
):
    v = get_variant(variant)
    b = score_hand(api.required_cards(cards, "score", "cards"), starter, crib=crib, variant=v)
    return api.json_answer(report.score_json(b, v.name))


def warm() -> None:
    score_hand(["5h", "5c", "5s", "jd"], "5d")
