"""The messages of the line protocol (the ones ``exec:`` players read), version 1 and version 2,
made from a seat's view and the game's events; and the answers' shapes.

Version 1 is the two-player games it first described (two players, the default target, no
muggins: :attr:`crib_stats.model.variants.Variant.version`), told from the bot's side (``"you"``,
``"opponent"``); every other game speaks version 2, where ``by`` is always a seat's name and
``scores`` are keyed by side (a seat, or a team with partners). Fields may be added to a
version, never removed. Cards are lower-case ASCII (``"ah"``, ``"10d"``).

Version 2 (the documentation's "The protocol" has an example of each):

- ``{"type": "new_game", "version": 2, "variant", "target", "muggins", "seats", "teams",
  "seat", "seed"}``;
- ``{"type": "discard", "hand", "throw", "dealer": seat, "scores"}`` -> ``{"discard": [cards]}``;
- ``{"type": "play", "hand", "count", "sequence", "played": [{"card", "by"}], "starter",
  "dealer", "scores", "legal"}`` -> ``{"card": card}``;
- muggins only: ``{"type": "count", "whose": "hand" | "crib", "cards", "starter"}`` ->
  ``{"points": n}``, the owner's claim; ``{"type": "muggins", "whose": seat, "what": "hand" |
  "crib", "cards", "starter", "claimed"}`` -> ``{"points": m}``, the points missed it calls;
- ``{"type": "show", "starter", "hands": {seat: cards}, "crib", "points": {seat or "crib": n}}``
  after each deal's shows (the true counts; a show the end of the game cut off is left out);
- ``{"type": "game_over", "winner": side, "scores", "forfeit"}``.

>>> new_game("first_left", "three-player", 121, False, ("first_dealer", "first_left", "first_right"), None, 7)["version"]
2
"""

from __future__ import annotations

from crib_stats.core.cards import card_text, text_cards
from crib_stats.model.view import ME, OPPONENT, View

VERSIONS = (1, 2)
# the answer each message takes: (its key, an example answer for the error line)
ANSWERS = {"discard": ("discard", '{"discard": ["jd", "qs"]}'), "play": ("card", '{"card": "5h"}'),
           "count": ("points", '{"points": 12}'), "muggins": ("points", '{"points": 2}')}


def new_game(seat: str, variant: str, target: int, muggins: bool, seats, teams, seed: int, version: int = 2) -> dict:
    message = {"type": "new_game", "version": version, "variant": variant, "target": target}
    if version > 1:
        message |= {"muggins": muggins, "seats": list(seats),
                    "teams": None if teams is None else {k: list(v) for k, v in teams.items()}}
    return message | {"seat": seat, "seed": int(seed)}


def scores(view: View) -> dict:
    if view.relative:
        return {ME: view.score, OPPONENT: view.opponent_score}
    return dict(view.scores)


def _dealer(view: View):
    return view.dealer if view.relative else view.dealer_seat


def _by(view: View, seat: str) -> str:
    return (ME if seat == view.seat else OPPONENT) if view.relative else seat


def question(view: View) -> dict:
    """The message asking ``view.to_act``."""
    kind = view.to_act
    if kind == "discard":
        message = {"type": "discard", "hand": text_cards(view.hand)}
        if not view.relative:
            message["throw"] = view.throw
        return message | {"dealer": _dealer(view), "scores": scores(view)}
    if kind == "play":
        return {"type": "play", "hand": text_cards(view.hand), "count": view.count,
                "sequence": text_cards(view.sequence),
                "played": [{"card": card_text(p.card), "by": _by(view, p.by)} for p in view.played],
                "starter": card_text(view.starter), "dealer": _dealer(view), "scores": scores(view),
                "legal": text_cards(view.legal)}
    return {"type": kind} | dict(view.question)


def show(seat: str, version: int, shows: list, seats) -> dict:
    """The message after a deal's shows (``shows``: the deal's show events, in order)."""
    starter = card_text(shows[0].card)
    hands = {e.seat: e for e in shows if e.whose != "crib"}
    crib = next((e for e in shows if e.whose == "crib"), None)

    def cards(e):
        return None if e is None else text_cards(e.cards)

    def points(e):
        return None if e is None else e.shown.total

    if version == 1:
        mine, theirs = hands.get(seat), next((e for s, e in hands.items() if s != seat), None)
        return {"type": "show", "starter": starter, "your_hand": cards(mine), "opponent_hand": cards(theirs),
                "crib": cards(crib), "points": {ME: points(mine), OPPONENT: points(theirs), "crib": points(crib)}}
    return {"type": "show", "starter": starter, "hands": {s: cards(e) for s, e in hands.items()}, "crib": cards(crib),
            "points": {**{s: points(e) for s, e in hands.items()}, **({"crib": points(crib)} if crib else {})}}


def game_over(seat: str, version: int, result: dict, side: str) -> dict:
    """The message at the end of a game (``side``: the bot's side)."""
    if version == 1:
        mine = dict(result["scores"])
        return {"type": "game_over", "winner": ME if result["winner"] == side else OPPONENT,
                "scores": {ME: mine[side], OPPONENT: sum(mine.values()) - mine[side]}, "forfeit": result["forfeit"]}
    return {"type": "game_over", "winner": result["winner"], "scores": dict(result["scores"]),
            "forfeit": result["forfeit"]}
