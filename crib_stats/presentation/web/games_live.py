"""The page's games as the server plays them: the referee's :class:`~crib_stats.referee.Game`
for each, the opponent deciding on the server, a lock a game, and the store.

Every game is played by the referee (nothing here has rules of its own): the page's player
sends a decision, the referee applies it (or refuses it, changing nothing: HTTP 409), the
record is written (:mod:`.games_store`, one transaction), and then the opponent decides, from
its seat's view only, one decision after another until the player is to decide again or the
game is over, each written as it is made. The opponent is made afresh for every decision
(:func:`crib_stats.players.make_player` with the decision's number in the game as its seed,
and the referee's private seed of its seat for ``new_game``), so a game is a function of its
seed and the player's decisions: a server restarted mid-game (the record read back and
replayed) makes the decision it would have made. The ``greedy`` and ``random`` players decide
in a millisecond or two, on the event loop; every other (``engine``, ``points``) decides in the
heavy pool's worker processes (:mod:`.pool`), so the server answers other requests meanwhile,
and the player's view says the opponent is thinking.

Concurrency: the event loop is the only thread that touches a game, and each game has an
:class:`asyncio.Lock` held from the check of a decision to its record written, so two
decisions for one game, concurrent or replayed, are applied once (the second is refused: it is
out of turn, or names a decision already made); the store's row is rewritten only from the
number of decisions its writer read, so even two servers on one file cannot both apply one.
A game a different event loop asks for (a test client starting its own) is read back from the
store, as after a restart.

Hidden information: what the page is sent is the player's :class:`~crib_stats.referee.View`
(never a card the rules have not shown that seat), the public event log, the hint and the
review (both computed from the player's own positions), and the record once the game is over.
The seed (from which every pack follows) is never sent before the end.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
import secrets
import time
from collections import OrderedDict

from crib_stats.core.cards import quote, text_cards
from crib_stats.core.errors import CribStatsError
from crib_stats.model.variants import VariantError
from crib_stats.model.seats import names as seat_names
from crib_stats.referee import Game, IllegalDecision, RecordError, player_seed
from crib_stats.referee.deck import MAX_SEED, check_played
from crib_stats.referee.loop import Decision, settle

from . import pool
from .games_counting import counting, told
from .games_opponent import QUICK, computer_players, opponent_move
from .games_review import ascii_cards, hint_question, points_now
from .games_store import GameStore, StoreError, decisions_in
from .games_table import SAID, THEIRS, Table, your_words

HUMAN = "human"  # the page's player's name in the record
ID = re.compile(r"[0-9a-f]{16}")
KEEP = 64  # games kept in memory (the others are read back from the store when asked for)
RETRY = 5.0  # seconds before an opponent that could not decide is asked again
VARIANTS = ("six-card", "five-card", "three-player", "four-player")


class GameNotFound(CribStatsError):
    """No game of that id (HTTP 404)."""


class Conflict(CribStatsError):
    """A decision the game does not take now: out of turn, illegal, already made (HTTP 409)."""


class Live:
    """One game in memory: the referee's game, the player's seat, the computer seats' players
    ({seat: name}), the lock."""

    def __init__(self, game_id: str, game: Game, human: str, created: str, since: int):
        self.id, self.game, self.human, self.created = game_id, game, human, created
        self.table = Table(game.seats, game.teams, human)
        self.players = {s: game.players[s] for s in self.table.around()}  # the record's names
        self.since = since  # the event log's length before the player's last decision
        self.saved = decisions_in_game(game)  # decisions in the stored row
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.review_task: asyncio.Task | None = None
        self.problem: str | None = None  # why the opponent could not decide (asked again later)
        self.problem_at = 0.0
        self.turn_started: float | None = time.monotonic()  # when the player's decision was asked
        self.waits: list[float] = []  # seconds from asking the opponent to its decision written

    @property
    def opponent(self) -> str:
        """The computer seats' players in a word: the opponent's name (two players), else each
        seat's from the player's left ("left engine, right greedy")."""
        if len(self.players) == 1:
            return next(iter(self.players.values()))
        return ", ".join(f"{self.table.who(s)} {name}" for s, name in self.players.items())

    @property
    def thinking(self) -> bool:
        turn = self.game.to_act()
        return turn is not None and turn.seat != self.human


def told_from_your_side(view):
    """The view of a two-player game told from the player's side ("you", "opponent", the dealer
    true or false) whatever its target and muggins, as the page reads every game (the record
    keeps its own version)."""
    return dataclasses.replace(view, version=1) if len(view.seats) == 2 else view


def decisions_in_game(game: Game) -> int:
    return sum(len(d.decisions) for d in game.deals)


class Games:
    """The server's games: ``path`` the store's file (None: the default), ``heavy`` the app's
    heavy pool, ``jobs`` {"discard": the pool job of ``discard --score``, "play": that of
    ``advise``} (a hint and a review are those answers), ``quick`` the players that decide on
    the event loop."""

    def __init__(self, path, heavy: pool.HeavyPool, jobs: dict, quick=QUICK):
        self.path, self.heavy, self.jobs, self.quick = path, heavy, jobs, frozenset(quick)
        self._store: GameStore | None = None
        self.live: OrderedDict[str, Live] = OrderedDict()
        self.loop: asyncio.AbstractEventLoop | None = None

    @property
    def store(self) -> GameStore:
        if self._store is None:
            self._store = GameStore(self.path)
        return self._store

    def here(self) -> None:
        """Games held for another event loop are dropped (read back from the store)."""
        loop = asyncio.get_running_loop()
        if loop is not self.loop:
            self.loop = loop
            self.live.clear()

    def _remember(self, live: Live) -> Live:
        self.live[live.id] = live
        self.live.move_to_end(live.id)
        for gid in list(self.live):
            if len(self.live) <= KEEP:
                break
            old = self.live[gid]
            if gid != live.id and not old.lock.locked() and (old.task is None or old.task.done()) and (
                    old.review_task is None or old.review_task.done()):
                del self.live[gid]
        return live

    def _forget(self, live: Live) -> None:
        if self.live.get(live.id) is live:
            del self.live[live.id]

    @staticmethod
    def _notify(live: Live) -> None:
        live.changed.set()
        live.changed = asyncio.Event()

    # -- games --------------------------------------------------------------------------------------

    async def create(self, opponent: str | None, variant: str, seed: int | None, seat: str | None,
                     target: int | None = None, muggins: bool = False, others: list | None = None) -> Live:
        """A new game: ``variant`` played to ``target`` (one of its targets; None: its default)
        with or without ``muggins``, against ``opponent`` (two players) or ``others`` (three or
        four players: the computer seats' players clockwise from the player's left; None: the
        default for each), the player in ``seat`` (None: cut for it)."""
        self.here()
        v = check_played(variant)
        try:
            v = v.playing(target, bool(muggins))
        except VariantError as exc:
            raise CribStatsError(f"games: {exc}") from None
        everyone = seat_names(v.players)
        if seat is not None and seat not in everyone:
            raise CribStatsError(f"games: {v.name} has no seat {quote(str(seat)[:40])}; its seats are "
                                 f"{', '.join(everyone)}")
        names = computer_players(v, opponent, others)
        if seat is None:  # the cut for the deal: from the seed when one is given (a game is a function of it)
            seat = secrets.choice(everyone) if seed is None else everyone[player_seed(seed, 0, "the cut") % len(everyone)]
        if seed is None:
            seed = secrets.randbelow(MAX_SEED + 1)
        human = seat
        table = Table(everyone, None, human)
        game = Game(v, seed, 0, players={human: HUMAN} | dict(zip(table.around(), names)))
        game_id = secrets.token_hex(8)
        live = Live(game_id, game, human, "", 0)
        row = self.store.create(game_id, live.opponent, human, game.record())
        live.created = row.created
        live = self._remember(live)
        self.ensure_opponent(live)
        return live

    def get(self, game_id: str) -> Live:
        """The game (read back from the store when it is not in memory, its opponent set going
        again if it was deciding)."""
        self.here()
        if not ID.fullmatch(game_id or ""):
            raise GameNotFound(f"no game {quote(str(game_id)[:40])}: a game's id is 16 hexadecimal digits")
        live = self.live.get(game_id)
        if live is None:
            row = self.store.load(game_id)
            if row is None:
                raise GameNotFound(f"no game {game_id}")
            since = [0]

            def each(d, g):
                if d["seat"] == row.seat:
                    since[0] = len(g.events)

            try:
                game = Game.from_record(row.record, each=each)
            except RecordError as exc:
                raise StoreError(f"game {game_id}: its stored record does not replay: {exc}") from None
            live = Live(game_id, game, row.seat, row.created, since[0])
            live.turn_started = None  # the player's time to decide is unknown across a restart
        self._remember(live)
        self.ensure_opponent(live)
        return live

    def _save(self, live: Live) -> None:
        record = live.game.record()
        try:
            self.store.save(live.id, record, live.saved)
        except StoreError:
            self._forget(live)  # the next request reads the stored game back: as it was
            raise
        live.saved = decisions_in(record)

    async def decide(self, live: Live, kind: str, choice, token: int | None) -> None:
        """The player's decision (``kind`` "discard", "play", or with muggins "count" (the claim
        of the player's show) or "muggins" (the call on the opponent's undercount), ``choice``
        the points); :class:`Conflict` and nothing
        changed when the game does not take it now."""
        async with live.lock:
            turn = live.game.to_act()
            if turn is None:
                raise Conflict("the game is over: no decision is asked")
            if token is not None and token != live.saved:
                raise Conflict(f"decision {token} is not the one asked: the game is at decision {live.saved} "
                               "(sent twice?)")
            if turn.seat != live.human:
                whose = THEIRS[live.table.who(turn.seat)]
                raise Conflict(f"it is {whose} turn to {turn.kind}: wait for it")
            if turn.kind != kind:
                raise Conflict(f"the decision asked is your {turn.kind}, not a {kind}")
            seconds = None if live.turn_started is None else round(time.monotonic() - live.turn_started, 3)
            start = len(live.game.events)
            try:
                live.game.apply(live.human, choice, seconds=seconds)
            except IllegalDecision as exc:
                raise Conflict(your_words(str(exc), live.table)) from None
            live.since = start
            self._save(live)
        self._notify(live)
        self.ensure_opponent(live)

    # -- the opponent -----------------------------------------------------------------------------

    def ensure_opponent(self, live: Live) -> None:
        """Set the opponent deciding when it is to decide and is not already."""
        if (live.task is not None and not live.task.done()) or not live.thinking:
            return
        if live.problem is not None and time.monotonic() - live.problem_at < RETRY:
            return
        live.task = asyncio.get_running_loop().create_task(self._opponent(live))

    async def pooled(self, fn, **kwargs) -> str:
        """A heavy job's answer, waiting for room while the pool is busy."""
        delay = 0.1
        while True:
            # its own task, shielded: a caller cancelled (the server stopping) leaves the call to end
            # on its own, its outcome read (never "a task's exception was never retrieved")
            call = asyncio.ensure_future(self.heavy.run(fn, **kwargs))
            call.add_done_callback(lambda t: t.cancelled() or t.exception())
            try:
                return await asyncio.shield(call)
            except pool.Busy:
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)

    async def _move(self, live: Live, view, number: int) -> dict:
        player = live.players[view.seat]
        kwargs = dict(player=player, number=number,
                      seed=player_seed(live.game.seed, live.game.deck, view.seat), view=view)
        if player in self.quick:
            return json.loads(opponent_move(**kwargs))
        return json.loads(await self.pooled(opponent_move, **kwargs))

    async def _opponent(self, live: Live) -> None:
        try:
            while live.thinking and self.live.get(live.id) is live:
                turn = live.game.to_act()
                number = live.saved
                asked = time.monotonic()
                try:
                    answer = await self._move(live, live.game.view(turn.seat), number)
                except (CribStatsError, pool.Failed) as exc:
                    who = SAID[live.table.who(turn.seat)]
                    live.problem = (f"{who} ({live.players[turn.seat]}) could not decide: "
                                    f"{str(exc).splitlines()[0]}")
                    live.problem_at = time.monotonic()
                    return
                async with live.lock:
                    if live.saved != number or live.game.to_act() != turn:
                        continue  # not the decision asked any more (it cannot be: only this task decides now)
                    settle(live.game, turn, live.players[turn.seat], Decision(**answer))
                    try:
                        self._save(live)
                    except StoreError as exc:
                        live.problem, live.problem_at = str(exc), time.monotonic()
                        return
                    live.problem = None
                    live.waits.append(time.monotonic() - asked)
                    if not live.thinking:
                        live.turn_started = time.monotonic()
                self._notify(live)
        finally:
            self._notify(live)

    async def wait(self, live: Live, seconds: float) -> None:
        """Until the player is to decide, the game is over or the opponent could not decide; at
        most ``seconds``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while live.thinking and live.problem is None:
            remaining = deadline - loop.time()
            if remaining <= 0:
                return
            try:
                await asyncio.wait_for(live.changed.wait(), remaining)
            except asyncio.TimeoutError:
                return

    # -- what the player is sent ------------------------------------------------------------------

    def view(self, live: Live, since: int | None = None) -> dict:
        """The player's view now, the choices asked, the events from ``since`` (default: from the
        player's last decision), the result once over."""
        g, t = live.game, live.table
        v = told_from_your_side(g.view(live.human))
        since = live.since if since is None else min(max(0, since), len(g.events))

        def event(e) -> dict:
            """An event with its seat told from the player's side (``by``), and the side that
            scored (``side``, ``us``/``them`` with partners) with its score after it."""
            out = e.as_dict()
            if e.seat is not None:
                scored = t.side_of(e.seat)
                out |= {"by": t.who(e.seat), "side": t.side_who(scored), "score": out["scores"][scored]}
            if "result" in out:
                out["result"] = t.result(out["result"])
            if e.kind == "muggins":  # the show's owner: the seat on the right of the one that mugs
                out["owner"] = t.who(t.seats[(t.seats.index(e.seat) - 1) % len(t.seats)])
            return told(out)

        choices = None
        if v.to_act == "discard":
            choices = {"throw": v.throw, "cards": text_cards(v.hand)}
        elif v.to_act == "play":
            choices = {"cards": text_cards(v.legal)}
        elif v.to_act in ("count", "muggins"):  # the show's cards (yours, or the opponent's once claimed)
            choices = dict(v.question)
        result = None if g.result is None else t.result(g.result)
        return {"id": live.id, "opponent": live.opponent, "table": t.describe(g.players), "variant": g.variant.name,
                "target": g.target,
                "skunk": g.variant.skunk, "muggins": g.variant.muggins, "seat": live.human, "created": live.created, "decision": live.saved, "to_act": v.to_act,
                "turn": None if g.to_act() is None else t.who(g.to_act().seat),
                "thinking": live.thinking and live.problem is None, "problem": live.problem, "choices": choices,
                "view": v.as_dict(), "events": [event(e) for e in g.events_since(since)],
                "events_from": since, "event_count": len(g.events), "result": result,
                "counting": counting(g.record(), live.human) if g.variant.muggins else None}

    def record(self, live: Live) -> dict:
        if not live.game.over:
            raise Conflict("the record is given once the game is over (it holds every card)")
        return live.game.record()

    async def hint(self, live: Live) -> dict:
        """The engine's ranking of the player's decision now, of the kind
        :func:`.games_review.hint_question` says (``discard --score``, ``advise --score``, or the
        points now for a card with three or four), its JSON with the cards in ASCII."""
        turn = live.game.to_act()
        if turn is None or turn.seat != live.human:
            raise Conflict("no decision of yours is asked now" + (": the game is over" if turn is None else
                                                                  f": {SAID[live.table.who(turn.seat)]} is to decide"))
        if turn.kind not in ("discard", "play"):
            raise Conflict(f"no hint for your {turn.kind}: counting is yours to do (the breakdown follows your claim)")
        number = live.saved
        kind, kwargs = hint_question(told_from_your_side(live.game.view(live.human)))
        if kind == "points-now":
            ranking = points_now(**kwargs)
        else:
            ranking = ascii_cards(json.loads(await self.heavy.run(self.jobs[kind], **kwargs)))
        return {"id": live.id, "decision": number, "kind": kind, "ranking": ranking}

    async def close(self) -> None:
        tasks = [t for live in self.live.values() for t in (live.task, live.review_task) if t and not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.live.clear()
        if self._store is not None:
            self._store.close()
            self._store = None
