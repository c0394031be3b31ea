"""The game record: its one writer (:func:`write`), its shape, the check of a record read from
outside, and the comparison of a record with its replay.

Two versions, one writer: ``crib-stats-game/1`` describes the games it first described (two
players, the default target, no muggins: :attr:`crib_stats.model.variants.Variant.version`),
every other game is ``crib-stats-game/2``, which adds ``muggins``, ``seats`` (clockwise, the
first dealer first) and ``teams`` at the top, each deal's ``crib_card`` (the three-player crib's
card from the pack), with muggins each show's ``claimed`` and ``muggins`` (``{"by", "points"}``
or null), keys its ``scores`` and ``result`` by side (a team where there are partnerships), and
tells its decisions' positions by seat (:meth:`crib_stats.model.view.View.position`); a count
or a muggins call is a decision (``kind`` ``count``/``muggins``, ``points``). Both read and
replay.

A record is a JSON-compatible dict (the schema is in the documentation, "The game record"); the
referee writes it (:meth:`crib_stats.referee.game.Game.record`) and replays it
(:meth:`~crib_stats.referee.game.Game.from_record`: every decision applied again, then every
field compared). :func:`check` refuses, in one line, what the replay could not even read
(wrong types, unknown seats, missing decisions); every other error (a score, a card, a
position that is not what the rules give) is found by the comparison, :func:`first_difference`,
which names the field: ``deals[3].shows[1].points: the record has 10, the replay 8``.
"""

from __future__ import annotations

import json
from typing import Callable

from crib_stats.core.cards import Card, CardError, parse
from crib_stats.model.seats import names, team_names
from crib_stats.model.variants import VariantError, variant as get_variant

from .deck import Pack, RefereeError, check_played, check_seed, dealer_of

FORMAT = "crib-stats-game/1"
"""The record's format of the games version 1 describes, its ``format`` field (the JSON Schema:
``crib_stats/schema/record/``)."""
FORMAT_V2 = "crib-stats-game/2"
FORMATS = {1: FORMAT, 2: FORMAT_V2}
TOP = ("format", "variant", "target", "seed", "deck", "players", "deals", "result")
TOP_V2 = ("format", "variant", "target", "muggins", "seats", "teams", "seed", "deck", "players", "deals", "result")
DEAL = ("dealer", "hands", "first_deal_last", "discards", "starter", "heels", "plays", "shows", "scores",
        "decisions")
RESULT = ("winner", "scores", "skunk", "double_skunk", "game_points", "forfeit")
RESULT_THREE = ("winner", "scores", "skunked", "double_skunked", "game_points", "forfeit")
KINDS = ("discard", "play", "count", "muggins")
CHOICE = {"discard": "cards", "play": "card", "count": "points", "muggins": "points"}


def write(game, share: bool = False) -> dict:
    """The record of ``game`` (:class:`crib_stats.referee.game.Game`) so far, a new
    JSON-compatible dict in its variant's version (module docstring); ``result`` is None until
    the game is over. The one writer of a record. ``share``: the decisions' entries are the
    game's own, not copies (:func:`line`, which serialises the record at once)."""
    v = game.variant
    version = v.version
    head = {"format": FORMATS[version], "variant": v.name, "target": game.target}
    if version > 1:
        head |= {"muggins": v.muggins, "seats": list(game.seats),
                 "teams": None if game.teams is None else {k: list(m) for k, m in game.teams.items()}}
    result = None if game.result is None else dict(game.result, scores=dict(game.result["scores"]))
    return head | {"seed": game.seed, "deck": game.deck, "players": dict(game.players),
                   "deals": [d.record(version, share) for d in game.deals], "result": result}


def line(game) -> bytes:
    """The record of ``game`` as one compact JSON line (bytes, ending in a newline), as a match
    writes it: :func:`write`'s record serialised at once, so the game's decisions are not copied
    first (the copy was a quarter of the time of writing a kernel match's records)."""
    return (json.dumps(write(game, share=True), separators=(",", ":")) + "\n").encode()


def choice_of(decision: dict):
    """A recorded decision's choice: its cards, its card or its points."""
    return decision[CHOICE[decision["kind"]]]


class RecordError(RefereeError):
    """A record that is malformed or that its replay contradicts (one line naming the field)."""


def _need(x, kind: type, what: str, keys: tuple = ()) -> None:
    if isinstance(x, bool) and kind is not bool or not isinstance(x, kind):
        raise RecordError(f"{what}: expected {_KIND_NAMES.get(kind, kind.__name__)}, got {_show(x)}")
    missing = [k for k in keys if k not in x]
    if missing:
        raise RecordError(f"{what}: no {missing[0]!r} (it has {', '.join(keys)})")


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
    fields, the format (the version its variant, target and muggins are written in), the
    variant and its target, the seats and teams (version 2), the seed and deck (both whole
    numbers, or both null when every deal gives its cards and starter), the players, and every
    decision's seat, kind, choice and time."""
    _need(record, dict, "the record")
    if record.get("format") not in FORMATS.values():
        raise RecordError(f"format: expected {' or '.join(map(repr, FORMATS.values()))}, got "
                          f"{_show(record.get('format'))}")
    version = 1 if record["format"] == FORMAT else 2
    _need(record, dict, "the record", TOP if version == 1 else TOP_V2)
    if not isinstance(record["variant"], str):
        raise RecordError(f"variant: expected a string, got {_show(record['variant'])}")
    if version > 1 and not isinstance(record["muggins"], bool):
        raise RecordError(f"muggins: expected true or false, got {_show(record['muggins'])}")
    try:
        check_played(record["variant"])
        v = get_variant(record["variant"], record["target"], record["muggins"] if version > 1 else None)
    except (VariantError, RefereeError) as exc:
        where = "variant" if "variant" in str(exc) and "played to" not in str(exc) else "target"
        raise RecordError(f"{where}: {exc}") from None
    if v.version != version:
        raise RecordError(f"format: a {v.name} game to {v.target}{' with muggins' if v.muggins else ''} is recorded "
                          f"as {FORMATS[v.version]!r}, got {record['format']!r}")
    seats = names(v.players)
    if version > 1:
        _check_seats(record, v, seats)
    seed, deck = record["seed"], record["deck"]
    if (seed is None) != (deck is None):
        raise RecordError("seed and deck: give both (whole numbers) or neither (null)")
    if seed is not None:
        try:
            check_seed(seed, deck)
        except RefereeError as exc:
            raise RecordError(str(exc)) from None
    _need(record["players"], dict, "players", seats)
    for s in seats:
        _need(record["players"][s], str, f"players.{s}")
    _need(record["deals"], list, "deals")
    if not record["deals"]:
        raise RecordError("deals: a game has at least its first deal")
    for j, deal in enumerate(record["deals"]):
        _check_deal(deal, j, seed is None, seats, version, bool(v.crib_from_deck))
    result = record["result"]
    if result is not None:
        _need(result, dict, "result", RESULT if v.sides == 2 else RESULT_THREE)
        sides = team_names(v.teams) if v.teams else seats
        if result["winner"] not in sides:
            raise RecordError(f"result.winner: expected {' or '.join(sides)}, got {_show(result['winner'])}")
        if result["forfeit"] is not None:
            _need(result["forfeit"], str, "result.forfeit")


def _check_seats(record, v, seats: tuple[str, ...]) -> None:
    """A version-2 record's seats and teams are its variant's."""
    if record["seats"] != list(seats):
        raise RecordError(f"seats: a {v.name} game has the seats {', '.join(seats)} (clockwise, the first dealer "
                          f"first), got {_show(record['seats'])}")
    teams = None if v.teams is None else {t: [seats[s] for s in m] for t, m in zip(team_names(v.teams), v.teams)}
    if record["teams"] != teams:
        want = "null (no partnerships)" if teams is None else ", ".join(f"{t}: {' and '.join(m)}"
                                                                          for t, m in teams.items())
        raise RecordError(f"teams: a {v.name} game's teams are {want}, got {_show(record['teams'])}")


def _check_deal(deal, j: int, unseeded: bool, seats: tuple[str, ...], version: int, crib_card: bool = False) -> None:
    where = f"deals[{j}]"
    _need(deal, dict, where, DEAL + (("crib_card",) if version > 1 else ()))
    dealer = dealer_of(j, len(seats))
    if deal["dealer"] != dealer:
        raise RecordError(f"{where}.dealer: the deal passes to the left, so deal {j} is the {dealer}'s, got "
                          f"{_show(deal['dealer'])}")
    _need(deal["decisions"], list, f"{where}.decisions")
    for i, d in enumerate(deal["decisions"]):
        at = f"{where}.decisions[{i}]"
        _need(d, dict, at, ("seat", "kind", "seconds", "position"))
        if d["seat"] not in seats:
            raise RecordError(f"{at}.seat: expected {' or '.join(seats)}, got {_show(d['seat'])}")
        if d["kind"] not in KINDS:
            raise RecordError(f"{at}.kind: expected {', '.join(KINDS)}, got {_show(d['kind'])}")
        _need(d, dict, at, (CHOICE[d["kind"]],))
        if d["kind"] == "discard":
            _cards(d["cards"], f"{at}.cards")
        elif d["kind"] == "play":
            _need(d["card"], str, f"{at}.card")
        else:
            _need(d["points"], int, f"{at}.points")
        if d["seconds"] is not None and (isinstance(d["seconds"], bool) or not isinstance(d["seconds"], (int, float))):
            raise RecordError(f"{at}.seconds: expected a number of seconds or null, got {_show(d['seconds'])}")
        if "note" in d:
            _need(d["note"], str, f"{at}.note")
    if unseeded:  # the cards come from the record itself
        _need(deal["hands"], dict, f"{where}.hands", seats)
        for s in seats:
            _cards(deal["hands"][s], f"{where}.hands.{s}")
        if deal["starter"] is None:
            raise RecordError(f"{where}.starter: a record without a seed gives every deal's starter")
        _need(deal["starter"], str, f"{where}.starter")
        _cards([deal["starter"]], f"{where}.starter")
        if crib_card and deal["crib_card"] is None:
            raise RecordError(f"{where}.crib_card: a three-player record without a seed gives every deal's crib card")
    if version > 1 and isinstance(deal["crib_card"], str):
        _cards([deal["crib_card"]], f"{where}.crib_card")
    if version > 1 and deal["crib_card"] is not None and not isinstance(deal["crib_card"], str):
        raise RecordError(f"{where}.crib_card: expected a card or null, got {_show(deal['crib_card'])}")


def recorded_packs(record) -> Callable[[int], Pack]:
    """The packs of a record without a seed (:func:`check` first): deal j's cards as the record
    gives them."""
    deals = record["deals"]
    seats = names(check_played(record["variant"]).players)

    def packs(j: int) -> Pack:
        if j >= len(deals):
            raise RecordError(f"deals[{j}]: the record has no seed, so it cannot deal deal {j}")
        d = deals[j]
        i = seats.index(d["dealer"])
        hands = tuple(parse(d["hands"][seats[(i + k) % len(seats)]]) for k in range(len(seats)))
        crib_card = parse(d["crib_card"])[0] if d.get("crib_card") else None
        return Pack(hands, crib_card, parse(d["starter"])[0])

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
                return f"{_join(path, key)}: not a field of the record here"
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
