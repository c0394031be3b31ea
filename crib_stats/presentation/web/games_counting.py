"""Muggins on the page: what an undercount missed, named from the scorer's itemisation (the show
event's breakdown, :func:`crib_stats.referee.events.breakdown_dict`: no second scorer), and the
review's figures of the player's counting.

A claim is only a number, so which combinations a player missed is read the way a show is
counted aloud: the items in the scorer's order (fifteens, pairs, runs, flush, nobs), each with
its running total; the claim covers the items up to it, and the items whose running total
passes the claim are the ones missed ("fifteen 2, fifteen 4, pair 6": a claim of 4 missed the
pair 6).

>>> shown = {"kind": "show", "points": 4, "claimed": 4, "breakdown": {"total": 6, "items": [
...     {"kind": "fifteen", "cards": ["7h", "8c"], "points": 2},
...     {"kind": "fifteen", "cards": ["5d", "10s"], "points": 2},
...     {"kind": "pair", "cards": ["7h", "7d"], "points": 2}]}}
>>> told(shown)["missed"]
{'points': 2, 'items': [{'kind': 'pair', 'cards': ['7h', '7d'], 'points': 2, 'say': 'pair 6'}]}
>>> "missed" in told(dict(shown, claimed=6, points=6))
False
"""

from __future__ import annotations


def said(items: list[dict]) -> list[dict]:
    """The items with what is said counting them: the kind and the running total ("fifteen 4")."""
    out, running = [], 0
    for item in items:
        running += item["points"]
        out.append(dict(item, say=f"{item['kind']} {running}"))
    return out


def missed(breakdown: dict, claimed: int) -> dict | None:
    """What a claim of ``claimed`` missed of a show (its breakdown): the points and the items
    whose running total passes the claim; None when the claim is not below the count."""
    if claimed >= breakdown["total"]:
        return None
    items, running = [], 0
    for item in said(breakdown["items"]):
        running += item["points"]
        if running > claimed:
            items.append(item)
    return {"points": breakdown["total"] - claimed, "items": items}


def told(event: dict) -> dict:
    """A show event as the page is sent it: with muggins and an undercount, ``missed`` added
    (:func:`missed`); every other event as it is."""
    if event.get("kind") == "show" and event.get("claimed") is not None:
        m = missed(event["breakdown"], event["claimed"])
        if m is not None:
            event = dict(event, missed=m)
    return event


def counting(record: dict, seat: str) -> dict | None:
    """The review's figures of ``seat``'s counting in a muggins game: its shows counted (its
    hand's, and its crib's when it dealt), how many right, the points its claims missed, and
    the points overclaimed (cut to the count); None in a game without muggins.

    >>> rec = {"muggins": True, "deals": [{"dealer": "a", "shows": [
    ...     {"whose": "b", "points": 4, "claimed": 4}, {"whose": "a", "points": 8, "claimed": 6},
    ...     {"whose": "crib", "points": 2, "claimed": 3}]}]}
    >>> counting(rec, "a")
    {'shows': 2, 'right': 0, 'points_missed': 2, 'points_overclaimed': 1}
    """
    if not record.get("muggins"):
        return None
    shows = right = lost = over = 0
    for deal in record["deals"]:
        for s in deal["shows"]:
            mine = s["whose"] == seat or (s["whose"] == "crib" and deal["dealer"] == seat)
            if not mine or s.get("claimed") is None:
                continue
            shows += 1
            right += s["claimed"] == s["points"]
            lost += max(0, s["points"] - s["claimed"])
            over += max(0, s["claimed"] - s["points"])
    return {"shows": shows, "right": right, "points_missed": lost, "points_overclaimed": over}


__all__ = ["said", "missed", "told", "counting"]
