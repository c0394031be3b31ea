"""A game's review: every decision of a seat against the engine's best at that position
(``crib-stats review``).

Each decision of a record is rebuilt as the view it was made from
(:meth:`crib_stats.referee.Game.from_record` with ``each``) and put to the engine's advisors
(:mod:`crib_stats.players.advice`), the same questions the ``engine`` player asks:

- a throw: every throw by P(win) at the decision's scores (``discard --score``,
  :func:`crib_stats.game.throws.score_throws` at its default accuracy, 0.002), on a seed that is
  a digest of the review's seed and the position (so a decision is always reviewed alike), or,
  with ``seed=None``, on ``score_throws``' own default seed (``discard --score``'s figures
  exactly, as the page's hint shows them: the page reviews so); the
  throw made and the best each with its P(win) and standard error. The P(win) given up (best
  minus made) has ``score_throws``' paired error when either throw is the points throw, else
  the bound sd(a - b) <= sd(a) + sd(b) (``se_bound``). The best is chosen on the same sample that
  values it, so the figure given up is never negative and leans up by the selection: a gap
  within its ± is noise.
- a play: every legal card by P(win) (``advise --score``): exact under the advisor's model, so
  the P(win) given up has no sampling error (the board's own error, ``p_win_error_bound``, is carried
  one way and mostly cancels between two cards). When the opponent's play fits no hand of the
  advisor's posterior the posterior is widened (``posterior``, and ``note``). A play is
  ``forced`` when every card that fits has one rank (suits never change the play, and the kept
  hand is the same whichever is played): nothing is given up, exactly; its P(win) is still
  computed unless the caller says not to (``value_forced=False``: the page). A ranking the
  advisor refuses (no opponent hand it holds fits the play, before its posterior could widen)
  is kept as ``refused``, its one line, and counts in no total.

Each decision also carries its ``rank`` among the choices by P(win) (1: none better; equal
P(win)s share a rank) and the number of ``choices`` ranked.

Every variant's records are read. The engine's figures exist where there is a board (the
two-player games at every target, each valued on the board to its own target,
:func:`crib_stats.game.board.has_board`; muggins does not change them) and, for the throw, where
there is a board for it (three players, and four in partnership,
:func:`crib_stats.game.board.has_throw_board`: the seat's or the side's P(win) as ``discard --score
--seat`` ranks it): elsewhere (a card with three or four) a card is listed with what was made and is
not valued (``method`` says why), and counts in no total. With muggins a claim (``count``) is reviewed against the true count and a call
(``muggins``) against the points missed: what the seat left on the table, in points
(``points_missed``), never a P(win).

The total P(win) given up in a game is the sum over the seat's decisions (each a change of one
decision at the position the game reached: the difference of the two players' chances, to first
order, as the manual's "What the stand-in gives up" argues, docs/commands/discard-score.md); its
error adds the decisions' variances (their samples are independent), a bound when any decision's is.

Everything is a function of its arguments: nothing is kept between calls but the advisors' own
per-process tables, so the page may review one decision (:func:`review_decision`), a game's
decisions one at a time (:func:`iter_reviews`) or a whole game (:func:`review_game`).
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Callable, Iterator

from crib_stats.core.cards import card_text, text_cards
from crib_stats.core.errors import CribStatsError
from crib_stats.core.exact import frac_text
from crib_stats.game.board import has_board, has_throw_board
from crib_stats.model.variants import variant as get_variant
from crib_stats.referee import SEATS, Game, RecordError, View

from .reviewed import VERSION, DecisionReview, GameReview, SeatReview, costliest, totals

DEFAULT_SEED = 0


class ReviewError(CribStatsError):
    """A review that cannot be made (one line): no such file, not a record, no such game."""


# ------------------------------------------------------------------------------------------
# The views of a record's decisions
# ------------------------------------------------------------------------------------------


def _check_seat(seat, seats=SEATS) -> None:
    if seat is not None and seat not in seats:
        raise ReviewError(f"review: no seat {str(seat)[:20]!r}: the seats are {', '.join(seats)}")


def record_seats(record: dict) -> tuple[str, ...]:
    """A record's seats (version 2 lists them; version 1 is the two-player game's)."""
    seats = record.get("seats") if isinstance(record, dict) else None
    return tuple(seats) if isinstance(seats, list) and all(isinstance(s, str) for s in seats) else SEATS


def decision_views(record: dict, seat: str | None = None) -> list[tuple[int, int, dict, View]]:
    """(deal, index, the record's decision entry, the view it was made from) for every decision
    of ``seat`` (both seats: None), in the order made; a record that does not replay raises
    :class:`crib_stats.referee.RecordError` (one line naming the field)."""
    _check_seat(seat, record_seats(record))
    out: list[tuple[int, int, dict, View]] = []
    seen: dict[int, int] = {}

    def each(decision: dict, game: Game) -> None:
        j = game.deal.index
        i = seen.get(j, 0)
        seen[j] = i + 1
        if seat is None or decision["seat"] == seat:
            out.append((j, i, decision, game.view(decision["seat"])))

    Game.from_record(record, each=each)
    return out


# ------------------------------------------------------------------------------------------
# One decision
# ------------------------------------------------------------------------------------------


def one_rank(view: View) -> bool:
    """Every card that fits has one rank: the play is forced (any of them gives up exactly nothing)."""
    return view.to_act == "play" and len({c.rank for c in view.legal}) <= 1


def _rank(made: float, values) -> int:
    return 1 + sum(v > made for v in values)


def review_view(view: View, made, *, deal: int | None = None, index: int = 0, seed: int | None = DEFAULT_SEED,
                note: str = "", value_forced: bool = True) -> DecisionReview:
    """The review of the decision ``made`` (cards, as text or :class:`Card`) from ``view`` (its
    seat's view when it was asked: ``to_act`` "discard" or "play"). ``seed``: the throws'
    sample is drawn on a digest of it and the position, or on ``score_throws``' default seed
    (``None``: ``discard --score``'s own figures). ``value_forced`` False: a forced play is not
    put to the advisor (its P(win)s are None; it gives up nothing either way)."""
    from crib_stats.core.cards import parse
    from crib_stats.game.throws import DEFAULT_SEED as THROWS_SEED
    from crib_stats.game.advise import advise_view
    from crib_stats.game.throws import throws_view
    from crib_stats.players.advice import decision_seed, widened

    start = time.perf_counter()
    if view.to_act not in ("discard", "play", "count", "muggins"):
        raise ReviewError("review: the view asks no decision (the other seat's turn, or the game is over)")
    points = view.to_act in ("count", "muggins")
    made_cards = () if points else parse([made] if isinstance(made, str) else list(made))
    common = dict(deal=view.deal if deal is None else deal, index=index, seat=view.seat, kind=view.to_act,
                  dealer=view.dealer, scores=(view.score, view.opponent_score), count=view.count,
                  sequence=tuple(text_cards(view.sequence)), hand=tuple(text_cards(view.hand)),
                  made=(str(made),) if points else tuple(text_cards(made_cards)), note=note or "")
    forced = one_rank(view)

    def unvalued(method: str, refused: str | None = None) -> DecisionReview:
        return DecisionReview(**common, best=common["made"], p_win_made=None, p_win_best=None, p_win_made_se=0.0,
                              p_win_best_se=0.0, given_up=0.0, given_up_se=0.0, se_bound=False, p_win_error_bound=0.0,
                              forced=forced, rank=1, choices=1, ev_made=None, ev_best=None, ev_made_exact=None,
                              ev_best_exact=None, refused=refused,
                              posterior=None, method=method, seconds=time.perf_counter() - start)

    if points:
        return _review_points(view, int(made), common, unvalued)
    rules = get_variant(view.variant, view.target)
    if not has_board(rules) and not (view.to_act == "discard" and has_throw_board(rules)):
        return unvalued(f"not valued: no board for the play with {'three' if rules.players == 3 else 'four'} players "
                        "(the engine plays greedy's card)" if has_throw_board(rules)
                        else "not valued: no board for this game")
    if view.to_act == "discard":
        if len(made_cards) != view.throw or not set(made_cards) <= set(view.hand):
            raise ReviewError(f"review: deal {common['deal'] + 1}: the throw {' '.join(common['made'])} is not of "
                              "the cards dealt")
        try:
            a = throws_view(view, THROWS_SEED if seed is None else decision_seed(f"review/{seed}", view))
        except CribStatsError as exc:
            return unvalued("score_throws refused", str(exc).splitlines()[0])
        best = a.best
        mine = next(t for t in a.throws if set(t.throw) == set(made_cards))
        same = mine is best or mine.p_win == best.p_win  # (an equal P(win), a certain win or loss: nothing given up)
        if same:
            se, bound = 0.0, False
        elif mine.points_throw:
            se, bound = best.vs_points_se, False
        elif best.points_throw:
            se, bound = mine.vs_points_se, False
        else:
            se, bound = best.p_win_se + mine.p_win_se, True
        return DecisionReview(**common, best=common["made"] if same else tuple(text_cards(best.throw)),
                              p_win_made=mine.p_win,
                              p_win_best=best.p_win, p_win_made_se=mine.p_win_se, p_win_best_se=best.p_win_se,
                              given_up=0.0 if same else best.p_win - mine.p_win, given_up_se=float(se),
                              se_bound=bound, p_win_error_bound=0.0, forced=False,
                              rank=_rank(mine.p_win, [t.p_win for t in a.throws]), choices=len(a.throws),
                              ev_made=None, ev_best=None, ev_made_exact=None, ev_best_exact=None, refused=None,
                              posterior=None,
                              method=f"score_throws: {a.method}", seconds=time.perf_counter() - start)
    (card,) = made_cards
    if card not in view.legal:
        raise ReviewError(f"review: deal {common['deal'] + 1}: {card_text(card)} is not a card the seat could play")
    if forced and not value_forced:
        return unvalued("forced: every card that fits has one rank")
    try:
        advice = advise_view(view, score=True)
    except CribStatsError as exc:
        return unvalued("advise --score refused", str(exc).splitlines()[0])
    by = {p.card: p for p in advice.plays}
    best, mine = advice.plays[0], by[str(card)]
    same = mine.p_win == best.p_win  # a card of equal value (the same rank, or a tie) gives up nothing
    shown = widened(advice)
    return DecisionReview(**common, best=(card_text(card),) if same else tuple(text_cards(parse(best.card))),
                          p_win_made=mine.p_win, p_win_best=best.p_win, p_win_made_se=0.0, p_win_best_se=0.0,
                          given_up=0.0 if same else best.p_win - mine.p_win, given_up_se=0.0, se_bound=False,
                          p_win_error_bound=max(mine.p_win_bound, best.p_win_bound), forced=forced,
                          rank=_rank(mine.p_win, [p.p_win for p in advice.plays]), choices=len(advice.plays),
                          ev_made=float(mine.ev), ev_best=float(best.ev), ev_made_exact=frac_text(mine.ev),
                          ev_best_exact=frac_text(best.ev), refused=None,
                          posterior=advice.posterior,
                          method="advise --score" + (f" ({shown})" if shown else ""),
                          seconds=time.perf_counter() - start)


def _review_points(view: View, made: int, common: dict, unvalued) -> DecisionReview:
    """Muggins: a claim against the true count of its show, a call against the points missed."""
    from crib_stats.referee.loop import honest

    best = honest(view)
    r = unvalued("muggins: the true count" if view.to_act == "count" else "muggins: the points the owner missed")
    missed = max(0, best - made) if view.to_act == "count" else max(0, best - min(made, best))
    return replace(r, best=(str(best),), points_missed=missed, rank=1 if missed == 0 else 2,
                   choices=1 if best == 0 else 2)


def _made(decision: dict):
    kind = decision["kind"]
    return decision["cards"] if kind == "discard" else [decision["card"]] if kind == "play" else decision["points"]


def review_decision(record: dict, deal: int, index: int, seed: int = DEFAULT_SEED) -> DecisionReview:
    """The review of one decision of a record: ``deals[deal].decisions[index]``."""
    for j, i, decision, view in decision_views(record):
        if (j, i) == (deal, index):
            return review_view(view, _made(decision), deal=j, index=i, seed=seed, note=decision.get("note", ""))
    raise ReviewError(f"review: the record has no deals[{deal}].decisions[{index}]")


def iter_reviews(record: dict, seat: str | None = None, seed: int = DEFAULT_SEED) -> Iterator[DecisionReview]:
    """Every decision of ``seat`` (both: None) reviewed, one at a time, in the order made (the
    record is replayed once, first)."""
    for j, i, decision, view in decision_views(record, seat):
        yield review_view(view, _made(decision), deal=j, index=i, seed=seed, note=decision.get("note", ""))


def review_game(record: dict, seat: str | None = None, seed: int = DEFAULT_SEED, *, game: int | None = None,
                progress: Callable[[int, int], None] | None = None) -> GameReview:
    """The review of a whole game for ``seat`` (both seats, each apart: None); ``game`` its
    place in its file, for the report; ``progress(done, total)`` after each decision."""
    start = time.perf_counter()
    views = decision_views(record, seat)
    seats = record_seats(record) if seat is None else (seat,)
    done: dict[str, list[DecisionReview]] = {s: [] for s in seats}
    for n, (j, i, decision, view) in enumerate(views, 1):
        done[decision["seat"]].append(review_view(view, _made(decision), deal=j, index=i, seed=seed,
                                                  note=decision.get("note", "")))
        if progress is not None:
            progress(n, len(views))
    result = record["result"]
    teams = record.get("teams") or {}
    side = {m: team for team, members in teams.items() for m in members}
    parts = tuple(SeatReview(s, record["players"][s], None if result is None else result["winner"] == side.get(s, s),
                             tuple(done[s])) for s in seats)
    return GameReview(game=game, variant=record["variant"], seed=record["seed"], deck=record["deck"],
                      players=dict(record["players"]), result=None if result is None else dict(result),
                      review_seed=int(seed), seats=parts, seconds=time.perf_counter() - start)


# ------------------------------------------------------------------------------------------
# A file of records
# ------------------------------------------------------------------------------------------


def read_game(path, game: int = 0) -> dict:
    """Record ``game`` (from 0) of a JSON-lines file (``match --out``'s ``games.jsonl``, or one
    record), checked to replay; :class:`ReviewError` (one line) otherwise."""
    name = str(path)
    if isinstance(game, bool) or not isinstance(game, int) or game < 0:
        raise ReviewError(f"review: --game is a game's place in the file, from 0, got {game!r:.20}")
    found = -1
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                found += 1
                if found == game:
                    try:
                        record = json.loads(line)
                    except ValueError:
                        raise ReviewError(f"review: {name} line {n} is not JSON: not a game record") from None
                    break
            else:
                if found < 0:
                    raise ReviewError(f"review: {name} holds no game record (the file is empty)")
                raise ReviewError(f"review: --game {game}: {name} holds {found + 1} game"
                                  f"{'s' if found else ''} (0 to {found})")
    except FileNotFoundError:
        raise ReviewError(f"review: no such file {name}") from None
    except IsADirectoryError:
        raise ReviewError(f"review: {name} is a folder, not a file of game records") from None
    except UnicodeDecodeError:
        raise ReviewError(f"review: {name} is not text: not a file of game records") from None
    except OSError as exc:
        raise ReviewError(f"review: cannot read {name}: {exc.strerror or exc}") from None
    try:
        Game.from_record(record)
    except RecordError as exc:
        raise ReviewError(f"review: game {game} of {name} is not a record that replays: {exc}") from None
    return record


def review_file(path, game: int = 0, seat: str | None = None, seed: int = DEFAULT_SEED, *,
                progress: Callable[[int, int], None] | None = None) -> GameReview:
    """``crib-stats review``'s library call: :func:`read_game` then :func:`review_game`."""
    record = read_game(path, game)
    _check_seat(seat, record_seats(record))
    return review_game(record, seat, seed, game=game, progress=progress)


__all__ = ["DecisionReview", "SeatReview", "GameReview", "ReviewError", "VERSION", "decision_views", "one_rank",
           "review_view", "review_decision", "iter_reviews", "review_game", "read_game", "review_file", "totals",
           "costliest"]
