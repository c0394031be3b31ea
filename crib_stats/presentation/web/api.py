"""What every route module of the API shares: the error body, the JSON answer, card-list
parameters and the parameter documentation.

A route module (:mod:`.routes`) holds one domain's endpoints on an :class:`fastapi.APIRouter`
made by :func:`router`; :mod:`.app` includes every router listed in :data:`.routes.ROUTERS`.
"""

from __future__ import annotations

import json

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel

from crib_stats.core.errors import UsageError

VARIANT_DOC = "six-card (default), five-card, three-player or four-player"
CARDS_DOC = "cards separated by spaces or commas, as on the command line: 5h 6h 7c jd qs kd, 5♥, 10h or Th"


class ErrorBody(BaseModel):
    """What a request the server will not run gets: the command line's one-line message."""

    error: str


ERRORS = {400: {"model": ErrorBody, "description": "bad input: the command line's one-line message"},
          422: {"model": ErrorBody, "description": "a parameter the endpoint does not take, given twice, missing, "
                                                   "or malformed (not a number, not one of its choices, too long)"}}
# the endpoints whose answers are computed in the heavy pool (pool.py)
HEAVY_ERRORS = {429: {"model": ErrorBody, "description": "every worker is busy and the waiting line is full: "
                                                         "try again after Retry-After seconds"},
                503: {"model": ErrorBody, "description": "the computation did not finish in time"}}


def router() -> APIRouter:
    """The router of one domain's endpoints (every error answered as :class:`ErrorBody`)."""
    return APIRouter(responses=ERRORS)


def json_answer(obj: dict, status: int = 200, *, no_store: bool = False) -> Response:
    """The object as the command line prints it (``json.dumps(..., ensure_ascii=False)``);
    ``no_store``: never cached (a game's or a drill's answer, which changes as it is played)."""
    return Response(json.dumps(obj, ensure_ascii=False), status_code=status, media_type="application/json",
                    headers={"Cache-Control": "no-store"} if no_store else None)


def error_answer(status: int, message: str, headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers={"Cache-Control": "no-store", **(headers or {})})


async def heavy_answer(request, fn, **kwargs) -> Response:
    """The JSON text ``fn(**kwargs)`` returns (a :func:`.pool.job`), computed in the app's heavy
    pool off the event loop."""
    text = await request.app.state.heavy.run(fn, **kwargs)
    return Response(text, media_type="application/json")


def one_line(exc: Exception) -> str:
    """What ``crib-stats`` prints after ``crib-stats: error:`` for this error."""
    return str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__


def tokens(text: str | None) -> list[str]:
    """A card list as the shell would split it (commas are read by the card parser)."""
    return [] if text is None else text.split()


def required_cards(text: str | None, command: str, what: str) -> list[str]:
    """The tokens of a card list the command cannot go without (argparse's line when empty)."""
    got = tokens(text)
    if not got:
        raise UsageError(f"{command}: the following arguments are required: {what}")
    return got
