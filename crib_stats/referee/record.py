"""The game record, ``crib-stats-game/1``: its shape, the check of a record read from outside,
and the comparison of a record with its replay.

A record is a JSON-compatible dict (docs/record.md; its JSON Schema is in
crib_stats/schema/record/); the referee writes it (:meth:`crib_stats.referee.game.Game.record`) and replays it
(:meth:`~crib_stats.referee.game.Game.from_record`: every decision applied again, then every
field compared). :func:`check` refuses, in one line, what the replay could not even read
(wrong types, unknown seats, missing decisions); every other error (a score, a card, a
position that is not what the rules give) is found by the comparison, :func:`first_difference`,
which names the field: ``deals[3].shows[1].points: the record has 10, the replay 8``.
"""

from __future__ import annotations

from typing import Callable

from crib_stats.core.cards import Card, CardError, parse
from crib_stats.core.rules import VariantError

from .deck import SEATS, RefereeError, check_seed, check_two_player, dealer_of

FORMAT = "crib-stats-game/1"
"""The record's format, its ``format`` field (the JSON Schema: ``crib_stats/schema/record/``)."""
TOP = ("format", "variant", "target", "seed", "deck", "players", "deals", "result")
DEAL = ("dealer", "hands", "first_deal_last", "discards", "starter", "heels", "plays", "shows", "scores",
        "decisions")
RESULT = ("winner", "scores", "skunk", "double_skunk", "game_points", "forfeit")
KINDS = ("discard", "play")


class RecordError(RefereeError):
    """A record that is malformed or that its replay contradicts (one line naming the field)."""


def _need(x, kind: type, what: str, keys: tuple = ()) -> None:
    if isinstance(x, bool) and kind is not bool or not isinstance(x, kind):
        raise RecordError(f"{what}: expected {_KIND_NAMES.get(kind, kind.__name__)}, got {_show(x)}")
    missing = [k for k in keys if k not in x]
    if missing:
        raise RecordError(f"{what}: no {missing[0]!r} (a {FORMAT} record has {', '.join(keys)})")


_KIND_NAMES = {dict: "an object", list: "a list", str: "a string", int: "a whole number", bool: "true or false"}


def _show(x) -> str:
    text = repr(x) if not isinstance(x, str) else f"{x!r}"
    return text if len(text) <= 40 else text[:37] + "..."


def _cards(x, what: str) -> tuple[Card, ...]:
    _need(x, list, what)
    for i, c in enumerate(x):
        _need(c, str, f"{what}[{i}]")
    try:
        return parse(x)
    except CardError as exc:
        raise RecordError(f"{what}: {exc}") from None


def check(record) -> None:
    """Raise :class:`RecordError` (one line) unless ``record`` can be replayed: the top-level
    fields, the format, a two-player variant and its target, the seed and deck (both whole
    numbers, or both null when every deal gives its cards and starter), the players, and every
    decision's seat, kind, choice and time."""
    _need(record, dict, "the record", TOP)
    if record["format"] != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {_show(record['format'])}")
    try:
        v = check_two_player(record["variant"]) if isinstance(record["variant"], str) else None
    except (VariantError, RefereeError) as exc:
        raise RecordError(f"variant: {exc}") from None
    if v is None:
        raise RecordError(f"variant: expected a string, got {_show(record['variant'])}")
    if record["target"] != v.game:
        raise RecordError(f"target: the {v.name} game is played to {v.game}, got {_show(record['target'])}")
    seed, deck = record["seed"], record["deck"]
    if (seed is None) != (deck is None):
        raise RecordError("seed and deck: give both (whole numbers) or neither (null)")
    if seed is not None:
        try:
            check_seed(seed, deck)
        except RefereeError as exc:
            raise RecordError(str(exc)) from None
    _need(record["players"], dict, "players", SEATS)
    for s in SEATS:
        _need(record["players"][s], str, f"players.{s}")
    _need(record["deals"], list, "deals")
    if not record["deals"]:
        raise RecordError("deals: a game has at least its first deal")
    for j, deal in enumerate(record["deals"]):
        _check_deal(deal, j, seed is None)
    result = record["result"]
    if result is not None:
        _need(result, dict, "result", RESULT)
        if result["winner"] not in SEATS:
            raise RecordError(f"result.winner: expected first_dealer or first_pone, got {_show(result['winner'])}")
        if result["forfeit"] is not None:
            _need(result["forfeit"], str, "result.forfeit")


def _check_deal(deal, j: int, unseeded: bool) -> None:
    where = f"deals[{j}]"
    _need(deal, dict, where, DEAL)
    if deal["dealer"] != dealer_of(j):
        raise RecordError(f"{where}.dealer: deals alternate, so deal {j} is the {dealer_of(j)}'s, got "
                          f"{_show(deal['dealer'])}")
    _need(deal["decisions"], list, f"{where}.decisions")
    for i, d in enumerate(deal["decisions"]):
        at = f"{where}.decisions[{i}]"
        _need(d, dict, at, ("seat", "kind", "seconds", "position"))
        if d["seat"] not in SEATS:
            raise RecordError(f"{at}.seat: expected first_dealer or first_pone, got {_show(d['seat'])}")
        if d["kind"] not in KINDS:
            raise RecordError(f"{at}.kind: expected discard or play, got {_show(d['kind'])}")
        if d["kind"] == "discard":
            _need(d, dict, at, ("cards",))
            _cards(d["cards"], f"{at}.cards")
        else:
            _need(d, dict, at, ("card",))
            _need(d["card"], str, f"{at}.card")
        if d["seconds"] is not None and (isinstance(d["seconds"], bool) or not isinstance(d["seconds"], (int, float))):
            raise RecordError(f"{at}.seconds: expected a number of seconds or null, got {_show(d['seconds'])}")
        if "note" in d:
            _need(d["note"], str, f"{at}.note")
    if unseeded:  # the cards come from the record itself
        _need(deal["hands"], dict, f"{where}.hands", SEATS)
        for s in SEATS:
            _cards(deal["hands"][s], f"{where}.hands.{s}")
        if deal["starter"] is None:
            raise RecordError(f"{where}.starter: a record without a seed gives every deal's starter")
        _need(deal["starter"], str, f"{where}.starter")
        _cards([deal["starter"]], f"{where}.starter")


def recorded_packs(record) -> Callable[[int], tuple]:
    """The packs of a record without a seed (:func:`check` first): deal j's (dealer's cards,
    pone's cards, starter) as the record gives them."""
    deals = record["deals"]

    def packs(j: int):
        if j >= len(deals):
            raise RecordError(f"deals[{j}]: the record has no seed, so it cannot deal deal {j}")
        d = deals[j]
        return (parse(d["hands"][d["dealer"]]), parse(d["hands"][SEATS[1 - SEATS.index(d["dealer"])]]),
                parse(d["starter"])[0])

    return packs


def first_difference(given, replayed, path: str = "") -> str | None:
    """The first field in which a record differs from its replay, as one line; None when they
    agree (numbers by value, true/false never equal to a number, objects key by key, lists
    element by element)."""
    name = path or "the record"
    if isinstance(replayed, dict):
        if not isinstance(given, dict):
            return f"{name}: expected an object, got {_show(given)}"
        for key in replayed:
            if key not in given:
                return f"{name}: no {key!r} (the replay has {_show(replayed[key])})"
        for key in given:
            if key not in replayed:
                return f"{_join(path, key)}: not a field of {FORMAT} here"
            found = first_difference(given[key], replayed[key], _join(path, key))
            if found:
                return found
        return None
    if isinstance(replayed, list):
        if not isinstance(given, list):
            return f"{name}: expected a list, got {_show(given)}"
        for i, (a, b) in enumerate(zip(given, replayed)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        if len(given) != len(replayed):
            return f"{name}: the record has {len(given)} entries, the replay {len(replayed)}"
        return None
    if _same(given, replayed):
        return None
    return f"{name}: the record has {_show(given)}, the replay {_show(replayed)}"


def _join(path: str, key) -> str:
    return f"{path}.{key}" if path else str(key)


def _same(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b
