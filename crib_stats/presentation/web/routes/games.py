"""``/api/games``: a whole game against a player of the toolkit, played by the referee on the
server and kept in SQLite (:mod:`..games_live`, :mod:`..games_store`), with a hint for the
decision now and the review of every decision once its deal is over.

Cards are ASCII strings as the record writes them (``"10d"``, ``"js"``); a request may spell
them any way the command line reads. A decision the game does not take now (out of turn,
illegal, already made) is 409 with one line and changes nothing; an unknown game is 404."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StringConstraints

from crib_stats.presentation.web import api, games_figures, params
from crib_stats.presentation.web.games_live import Conflict, GameNotFound, Games
from crib_stats.presentation.web.games_store import StoreError
from crib_stats.referee.deck import MAX_SEED

from . import discard, play

router = api.router()

WAIT_MAX = 30.0
GAME_ERRORS = {404: {"model": api.ErrorBody, "description": "no game of that id"},
               503: {"model": api.ErrorBody, "description": "the games database could not be read or written "
                                                            "(nothing changed)"}}
DECISION_ERRORS = GAME_ERRORS | {409: {"model": api.ErrorBody, "description": "a decision the game does not take "
                                       "now (out of turn, illegal, already made): nothing changed"}}
WAIT_DOC = ("seconds to wait, at most 30, for the opponent to decide: the answer comes once you are to decide "
            "again, the game is over, or the time is up (then thinking is true)")
Card = Annotated[str, StringConstraints(max_length=12)]


class NewGame(BaseModel):
    """A new game: the variant, its target, muggins, the computer players, the seed of the packs
    and your seat (each optional)."""

    model_config = ConfigDict(extra="forbid")
    opponent: str | None = Field(None, max_length=40, description="two players: engine, points, greedy, random, "
                                 "sloppy, search or search-points (the players registered by name); default engine")
    opponents: list[Annotated[str, StringConstraints(max_length=40)]] | None = Field(
        None, max_length=3, description="three or four players: the computer seats' players, clockwise from yours: "
        "three-player [your left, your right]; four-player [the opponent on your left, your partner, the opponent on "
        "your right]; default engine each")
    variant: str = Field("six-card", max_length=40, description="six-card (to 121, 91 or 61), five-card (to 61), "
                         "three-player (to 121 or 61) or four-player (partners, to 121)")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="the packs' seed (default: drawn at random, "
                             "and told only with the record at the end)")
    seat: str | None = Field(None, max_length=20, description="your seat, which says who deals first (the first "
                             "dealer's seat is first_dealer, or north with four players); two players first_dealer or "
                             "first_pone; three first_dealer, first_left or first_right; four north, east, south or "
                             "west; default: cut for it (at random; from the seed when one is given)")
    target: StrictInt | None = Field(None, description="the points to win: six-card 121 (the default), 91 or 61; "
                                     "five-card 61; three-player 121 or 61; four-player 121; any other is 400")
    muggins: StrictBool = Field(False, description="true: you claim each of your shows (your hand's, and your "
                                "crib's when you deal) before it is counted, POST /api/games/{id}/count; what you "
                                "miss the opponent pegs (its player calls every point missed); a claim above the "
                                "count is cut to it")


class Discard(BaseModel):
    """Your throw to the crib."""

    model_config = ConfigDict(extra="forbid")
    cards: list[Card] = Field(..., max_length=8, description="the cards you throw (2 in both games)")
    decision: int | None = Field(None, ge=0, description="the view's decision number this answers: a decision "
                                 "sent again (or after another) is refused, never applied twice")


class Count(BaseModel):
    """Muggins: your claim of the show asked (to_act count), or your call of the points the
    opponent's claim missed (to_act muggins)."""

    model_config = ConfigDict(extra="forbid")
    points: StrictInt = Field(..., ge=0, le=29, description="a whole number of points, 0 to 29")
    decision: int | None = Field(None, ge=0, description="the view's decision number this answers (as for discard)")


class Play(BaseModel):
    """The card you play."""

    model_config = ConfigDict(extra="forbid")
    card: Card = Field(..., description="one of the view's choices.cards")
    decision: int | None = Field(None, ge=0, description="the view's decision number this answers (as for discard)")


def service(request: Request) -> Games:
    """The app's games (made on the first request: the store is opened then)."""
    state = request.app.state
    if getattr(state, "games", None) is None:
        state.games = Games(getattr(state, "games_db", None), state.heavy,
                            {"discard": discard.board_throws, "points": discard.points_throws, "play": play.advice})
    return state.games


async def shutdown(app) -> None:
    """Stop the games' tasks and close the store (the app's lifespan ends)."""
    games = getattr(app.state, "games", None)
    if games is not None:
        await games.close()
        app.state.games = None


def strict(request: Request, *allowed: str) -> None:
    """The games' paths hold an id, so the strict check of the query string is made here: an
    unknown or repeated parameter is 422 (as :class:`.params.StrictQuery` says it)."""
    seen = set()
    for name, _ in request.query_params.multi_items():
        where = params.endpoint(request.url.path)
        if name not in allowed:
            takes = ", ".join(sorted(allowed)) or "no parameters"
            raise params.Refused(f"{where}: unknown parameter {name[:30]!r} (it takes {takes})")
        if name in seen:
            raise params.Refused(f"{where}: parameter {name} given twice: give it once")
        seen.add(name)


def _error(exc: Exception) -> Response:
    status = 404 if isinstance(exc, GameNotFound) else 409 if isinstance(exc, Conflict) else 503
    return api.error_answer(status, str(exc).splitlines()[0])


def json_response(obj: dict, status: int = 200) -> Response:
    """``obj`` as the games' and the drill's JSON answer: never cached."""
    return api.json_answer(obj, status, no_store=True)


async def _answer(work, status: int = 200) -> Response:
    """The object ``await work()`` gives as the answer; a game's error as its status, one line."""
    try:
        return json_response(await work(), status)
    except (GameNotFound, Conflict, StoreError) as exc:
        return _error(exc)


VIEW_DOC = ("The answer (every game endpoint but the list): id, opponent (the computer players in words), table "
            "(every seat from yours clockwise: {seat, who (you, opponent; three or four players left, right, partner), "
            "side, side_who (the side's word: us or them with partners, else who), player}), variant, target, seat "
            "(yours), turn (the who of the seat to decide, null once over), decision "
            "(the number of decisions made: send it back with yours), skunk (the loser below it is skunked), muggins "
            "(true: you claim your shows), to_act "
            "(discard, play, count (muggins: your claim is due), muggins (your call on the opponent's undercount) "
            "or null), thinking (the opponent is deciding), problem (why it could not, or null), choices ({throw, "
            "cards} for a discard, {cards} for a play, {whose, cards, starter} of the show to count (never its "
            "breakdown before your claim), {whose, what, cards, starter, claimed} of the show to call on), view (what your seat sees: dealt, hand, discard, starter once cut, "
            "played, count, sequence, legal, shows, scores; two players told from your side, you and opponent; three "
            "or four by the seats' names, with seats and teams), events (the public log from events_from: every "
            "card played with its points and why, go, 31, last card, his heels, each show with its breakdown (with "
            "muggins also claimed, points pegged, and on an undercount missed: {points, items} the combinations "
            "past the claim in the order they are counted, each with what is said, \"fifteen 6\"), muggins (the "
            "points mugged), game_over; by: its seat's who; side and score: the side that scored and its score "
            "after), event_count, result (winner and scores by side_who, skunk, game_points, forfeit; "
            "null until the end), counting (muggins: your counting so far, {shows, right, points_missed, "
            "points_overclaimed}; null without muggins). No card of the opponent's hand, the crib or the pack is in it before the rules "
            "show it.")


@router.post("/api/games", status_code=201, responses=GAME_ERRORS,
             summary="a new game against a player of the toolkit: its id and your view", description=VIEW_DOC)
async def new_game(request: Request, body: NewGame,
                   wait: float = Query(10.0, ge=0, le=WAIT_MAX, description=WAIT_DOC)):
    strict(request, "wait")
    games = service(request)

    async def work():
        live = await games.create(body.opponent, body.variant, body.seed, body.seat, body.target, body.muggins,
                                  body.opponents)
        await games.wait(live, wait)
        return games.view(live)

    return await _answer(work, 201)


@router.get("/api/games", responses=GAME_ERRORS,
            summary="your games (latest first) with the running figures: games won, P(win) given up per decision, "
                    "per throw and per card (the decisions reviewed so far)")
async def list_games(request: Request):
    strict(request)

    async def work():
        return games_figures.listing(service(request))

    return await _answer(work)


@router.get("/api/games/{game_id}", responses=GAME_ERRORS, summary="the game now, as your seat sees it",
            description=VIEW_DOC)
async def get_game(request: Request, game_id: str,
                   since: int | None = Query(None, ge=0, description="the events from this index of the log "
                                             "(default: from your last decision)"),
                   wait: float = Query(0.0, ge=0, le=WAIT_MAX, description=WAIT_DOC)):
    strict(request, "since", "wait")
    games = service(request)

    async def work():
        live = games.get(game_id)
        await games.wait(live, wait)
        return games.view(live, since)

    return await _answer(work)


async def _decide(request: Request, game_id: str, kind: str, choice, token, wait: float) -> Response:
    strict(request, "wait")
    games = service(request)

    async def work():
        live = games.get(game_id)
        await games.decide(live, kind, choice, token)
        await games.wait(live, wait)
        return games.view(live)

    return await _answer(work)


@router.post("/api/games/{game_id}/discard", responses=DECISION_ERRORS,
             summary="throw to the crib; the answer is the game once the opponent has answered (or wait is up)",
             description=VIEW_DOC)
async def discard_(request: Request, game_id: str, body: Discard,
                   wait: float = Query(10.0, ge=0, le=WAIT_MAX, description=WAIT_DOC)):
    return await _decide(request, game_id, "discard", list(body.cards), body.decision, wait)


@router.post("/api/games/{game_id}/play", responses=DECISION_ERRORS,
             summary="play a card; the answer is the game once the opponent has answered (or wait is up)",
             description=VIEW_DOC)
async def play_(request: Request, game_id: str, body: Play,
                wait: float = Query(10.0, ge=0, le=WAIT_MAX, description=WAIT_DOC)):
    return await _decide(request, game_id, "play", body.card, body.decision, wait)


@router.post("/api/games/{game_id}/count", responses=DECISION_ERRORS,
             summary="muggins: claim your show's points (to_act count); the answer is the game with the show "
                     "counted (its breakdown; what you missed and the opponent mugged, named) once the opponent "
                     "has answered (or wait is up)",
             description=VIEW_DOC)
async def count_(request: Request, game_id: str, body: Count,
                 wait: float = Query(10.0, ge=0, le=WAIT_MAX, description=WAIT_DOC)):
    return await _decide(request, game_id, "count", body.points, body.decision, wait)


@router.post("/api/games/{game_id}/muggins", responses=DECISION_ERRORS,
             summary="muggins: call the points the opponent's claim missed (to_act muggins; only an opponent that "
                     "undercounts, sloppy, asks it)",
             description=VIEW_DOC)
async def muggins_(request: Request, game_id: str, body: Count,
                   wait: float = Query(10.0, ge=0, le=WAIT_MAX, description=WAIT_DOC)):
    return await _decide(request, game_id, "muggins", body.points, body.decision, wait)


@router.get("/api/games/{game_id}/hint", responses=DECISION_ERRORS | api.HEAVY_ERRORS,
            summary="the engine's ranking of your decision now: what discard --score (the score before the deal) "
                    "or advise --score (the score now) prints for your view, its cards in ASCII")
async def hint(request: Request, game_id: str):
    strict(request)
    games = service(request)
    return await _answer(lambda: games.hint(games.get(game_id)))


@router.get("/api/games/{game_id}/review", responses=GAME_ERRORS,
            summary="the review of your decisions in the deals that are over: each with the engine's best and the "
                    "P(win) given up, each deal's totals and the game's, the costliest; computed once, kept")
async def review(request: Request, game_id: str,
                 wait: float = Query(0.0, ge=0, le=WAIT_MAX, description="seconds to wait, at most 30, for the "
                                     "decisions not yet reviewed (pending)")):
    strict(request, "wait")
    games = service(request)
    return await _answer(lambda: games_figures.review(games, games.get(game_id), wait))


@router.get("/api/games/{game_id}/record", responses=DECISION_ERRORS,
            summary="the game's record (crib-stats-game/1, as crib-stats review reads it) once the game is over; "
                    "409 before")
async def record(request: Request, game_id: str):
    strict(request)
    games = service(request)

    async def work():
        return games.record(games.get(game_id))

    return await _answer(work)


def warm() -> None:
    """The quick players' kernels (greedy's throw and play, both variants) in the server."""
    from crib_stats.presentation.web.games_opponent import opponent_move
    from crib_stats.referee import Game

    for variant in ("six-card", "five-card"):
        g = Game(variant, seed=0, deck=0)
        for _ in range(3):  # both throws, then the pone's lead
            turn = g.to_act()
            g.apply(turn.seat, json.loads(opponent_move("greedy", 0, 0, g.view(turn.seat)))["choice"])


def warm_heavy() -> None:
    """In each heavy worker: the engine's first decision (its tables read), once it is installed."""
    from crib_stats.presentation.web.games_opponent import opponent_move, opponents
    from crib_stats.referee import Game

    if "engine" in opponents():
        g = Game("six-card", seed=0, deck=0)
        opponent_move("engine", 0, 0, g.view(g.to_act().seat))
