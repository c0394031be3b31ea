"""The JSON Schemas (crib_stats/schema/) hold what the code writes: every record a small match
writes (the referee's games, the whole-game kernel's, both variants, a game half played, the
committed example), every message the referee sends to an exec: bot and every answer a bot
sends; each command's --json is validated by tests/test_json_schema.py. Validated strictly
(tests/schemas.py): a field the code writes that its schema does not describe fails too."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest

import schemas
from crib_stats.match import play_match, read_records
from crib_stats.referee import FORMAT, Game, validate

ROOT = Path(__file__).resolve().parent.parent
RECORD = f"record/{FORMAT.replace('/', '-')}.schema.json"
RANDOM_BOT = ROOT / "examples" / "random_bot.py"


def test_every_schema_is_a_valid_draft_2020_12_schema_whose_references_resolve():
    names = schemas.names()
    assert RECORD in names and "common.schema.json" in names
    assert {n for n in names if n.startswith("protocol/1/")} == {
        f"protocol/1/{m}.schema.json" for m in ("new_game", "discard", "play", "show", "game_over", "message",
                                                "discard-answer", "play-answer")}
    for name in names:
        doc = schemas.load(name)
        jsonschema.Draft202012Validator.check_schema(doc)
        assert doc.get("title") and (name == "common.schema.json" or doc.get("description")), name
        resolver = schemas.registry(False).resolver(base_uri=schemas.BASE + name)

        def walk(node):
            if isinstance(node, dict):
                if "$ref" in node:
                    resolver.lookup(node["$ref"])  # raises when it does not resolve
                for value in node.values():
                    walk(value)
            elif isinstance(node, list):
                for value in node:
                    walk(value)

        walk(doc)


def test_the_record_schema_refuses_what_the_referee_refuses():
    """The schema is not a rubber stamp: a record broken in each of a few ways fails it."""
    record = next(read_records(ROOT / "examples" / "points_greedy_pair.jsonl"))
    schemas.check(RECORD, record)

    def broken(change):
        r = json.loads(json.dumps(record))
        change(r)
        return r

    for change in (lambda r: r.update(format="crib-stats-game/2"),
                   lambda r: r.update(target=61),  # a six-card game to 61
                   lambda r: r["deals"][0]["hands"]["first_pone"].__setitem__(0, "1h"),
                   lambda r: r["deals"][0]["plays"][0].update(count=32),
                   lambda r: r["deals"][0]["decisions"][0].update(card="5h"),  # a discard with a card
                   lambda r: r["result"].update(game_points=4),
                   lambda r: r.update(seed=None),  # a null seed with a deck
                   lambda r: r["deals"][0].update(extra=1)):
        assert not schemas.validator(RECORD).is_valid(broken(change))


@pytest.mark.slow  # whole matches (the first also compiles the players' kernels)
@pytest.mark.parametrize("a, b, variant", [("greedy", "random", "six-card"), ("random", "greedy", "five-card"),
                                           ("greedy", "greedy", "six-card"), ("greedy", "greedy", "five-card")])
def test_every_record_a_match_writes_follows_the_schema(a, b, variant):
    """greedy against greedy is the whole-game kernel's games (their records written by the kernel),
    the others the referee's."""
    m = play_match(a, b, 6, seed=3, variant=variant, cache_dir=False)
    records = list(m.records())
    assert len(records) == 6
    for record in records:
        schemas.check(RECORD, record)


def test_a_game_half_played_and_the_committed_example_follow_the_schema():
    g = Game("five-card", seed=2, deck=1, players={"first_dealer": "a", "first_pone": "b"})
    for _ in range(9):  # the throws and a few cards: result null, the deal in progress
        turn = g.to_act()
        view = g.view(turn.seat)
        g.apply(turn.seat, list(view.hand)[:view.throw] if turn.kind == "discard" else view.legal[0])
        schemas.check(RECORD, g.record())
    assert g.record()["result"] is None
    for record in read_records(ROOT / "examples" / "points_greedy_pair.jsonl"):
        schemas.check(RECORD, record)
        validate(record)


LOGGING_BOT = """\
import json, random, sys
received, sent = open({received!r}, "a"), open({sent!r}, "a")
rng = random.Random(0)
for line in sys.stdin:
    received.write(line); received.flush()
    m = json.loads(line)
    if m["type"] == "new_game":
        rng = random.Random(m["seed"])
        continue
    if m["type"] == "discard":
        answer = {{"discard": rng.sample(m["hand"], 2), "note": "at random"}}
    elif m["type"] == "play":
        answer = {{"card": rng.choice(m["legal"])}}
    else:
        continue
    text = json.dumps(answer)
    sent.write(text + "\\n"); sent.flush()
    print(text, flush=True)
"""


@pytest.mark.slow  # a bot process a game
@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_every_message_to_an_exec_bot_and_every_answer_follow_the_schemas(tmp_path, variant):
    received, sent = tmp_path / "received.jsonl", tmp_path / "sent.jsonl"
    bot = tmp_path / "logging_bot.py"
    bot.write_text(LOGGING_BOT.format(received=str(received), sent=str(sent)))
    m = play_match(f"exec:{sys.executable} {bot}", "greedy", 4, seed=1, variant=variant, cache_dir=False)
    assert m.summary()["forfeits"]["by_a"] == 0
    messages = [json.loads(line) for line in received.read_text().splitlines()]
    assert {x["type"] for x in messages} == {"new_game", "discard", "play", "show", "game_over"}
    for message in messages:
        schemas.check(f"protocol/1/{message['type']}.schema.json", message)
        schemas.check("protocol/1/message.schema.json", message)
    answers = [json.loads(line) for line in sent.read_text().splitlines()]
    for answer in answers:
        schemas.check("protocol/1/discard-answer.schema.json" if "discard" in answer else
                      "protocol/1/play-answer.schema.json", answer)
    for record in m.records():
        schemas.check(RECORD, record)


def test_the_protocol_schemas_refuse_what_a_bot_would_not_expect():
    play = {"type": "play", "hand": ["3s", "5d"], "count": 5, "sequence": ["5h"],
            "played": [{"card": "5h", "by": "opponent"}], "starter": "10h", "dealer": True,
            "scores": {"you": 3, "opponent": 0}, "legal": ["3s", "5d"]}
    schemas.check("protocol/1/play.schema.json", play)
    schemas.check("protocol/1/message.schema.json", play)
    for bad in ({**play, "count": 31}, {**play, "legal": []}, {**play, "starter": "5♥"}, {**play, "type": "plays"}):
        assert not schemas.validator("protocol/1/message.schema.json").is_valid(bad)
    # published schemas let a bot meet a field a later release of version 1 adds; strictly, none is unknown today
    assert schemas.validator("protocol/1/play.schema.json", strict=False).is_valid({**play, "later": 1})
    assert not schemas.validator("protocol/1/play.schema.json").is_valid({**play, "later": 1})
    assert not schemas.validator("protocol/1/discard-answer.schema.json").is_valid({"discard": ["ah"]})
    assert not schemas.validator("protocol/1/play-answer.schema.json").is_valid({"card": ["ah"]})
