"""The JSON Schemas (crib_stats/schema/) hold what the code writes: every record a small match
writes (the referee's games, the whole-game kernel's, both variants, a game half played, the
committed example), every record of version 2 (three players, four in partnership, the other
targets, muggins), every message the referee sends to an exec: bot and every answer a bot
sends, in both versions of the protocol, and the examples the manual shows; each command's
--json is validated by tests/presentation/test_json_output.py. Validated strictly (tests/schemas.py): a
field the code writes that its schema does not describe fails too. The schemas are no rubber
stamp: records and messages broken in many ways fail them (and the referee refuses the same
records)."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import jsonschema
import pytest

import schemas
from crib_stats.match import play_match, read_records
from crib_stats.model.variants import variant
from crib_stats.players import make_player
from crib_stats.referee import FORMAT, Game, RecordError, decide, play_game, settle, validate
from crib_stats.referee.loop import honest
from crib_stats.referee.record import FORMAT_V2

ROOT = Path(__file__).resolve().parent.parent
RECORD = f"record/{FORMAT.replace('/', '-')}.schema.json"
RECORD_2 = f"record/{FORMAT_V2.replace('/', '-')}.schema.json"
RANDOM_BOT = ROOT / "examples" / "random_bot.py"
MESSAGES = {1: ("new_game", "discard", "play", "show", "game_over"),
            2: ("new_game", "discard", "play", "count", "muggins", "show", "game_over")}
ANSWERS = {1: {"discard": "discard-answer", "play": "play-answer"},
           2: {"discard": "discard-answer", "play": "play-answer", "count": "points-answer",
               "muggins": "points-answer"}}


def test_every_schema_is_a_valid_draft_2020_12_schema_whose_references_resolve():
    names = schemas.names()
    assert RECORD in names and RECORD_2 in names and "common.schema.json" in names
    for version in (1, 2):
        assert {n for n in names if n.startswith(f"protocol/{version}/")} == {
            f"protocol/{version}/{m}.schema.json" for m in (*MESSAGES[version], "message",
                                                            *ANSWERS[version].values())}
    for name in names:
        doc = schemas.load(name)
        jsonschema.Draft202012Validator.check_schema(doc)
        assert doc.get("title") and (name == "common.schema.json" or doc.get("description")), name
        resolver = schemas.registry(False).resolver(base_uri=schemas.BASE + name)
        for node in schemas.objects(doc):
            if "$ref" in node:
                resolver.lookup(node["$ref"])  # raises when it does not resolve


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


@pytest.mark.slow  # a bot process a game
@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_every_message_to_an_exec_bot_and_every_answer_follow_the_schemas(tmp_path, variant):
    received, sent = tmp_path / "received.jsonl", tmp_path / "sent.jsonl"
    bot = tmp_path / "logging_bot_2.py"
    bot.write_text(LOGGING_BOT_2)
    m = play_match(f"exec:{sys.executable} {bot} {received} {sent}", "greedy", 4, seed=1, variant=variant,
                   cache_dir=False)
    assert m.summary()["forfeits"]["by_a"] == 0
    assert check_the_exchange([(received, sent)], 1) == {"new_game", "discard", "play", "show", "game_over"}
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


# ------------------------------------------------------------------------------------------
# version 2: every variant, target and muggins
# ------------------------------------------------------------------------------------------


class Undercounter:
    """A random player that, with muggins, claims less (now and then more) than its shows are
    worth and calls part of what others miss: every shape of a claim and a call reaches the
    record (the built-in players claim the true count and call every point)."""

    def __init__(self, seed: int) -> None:
        self.player = make_player("random", seed=seed)
        self.rng = random.Random(seed)
        self.name = "undercounter"

    def __getattr__(self, name):
        return getattr(self.player, name)

    def count(self, view):
        return min(29, max(0, honest(view) + self.rng.choice((-5, -2, 0, 0, 3))))

    def muggins(self, view):
        return self.rng.choice((0, 1, 29))


def players_of(kind: str, v, deck: int) -> list:
    return [Undercounter(deck + 10 * i) if kind == "undercounter" else make_player(kind, seed=deck + 10 * i)
            for i in range(v.players)]


def game(name: str, target: int, muggins: bool, kind: str, deck: int, seed: int = 11) -> dict:
    v = variant(name, target, muggins)
    return json.loads(json.dumps(play_game(players_of(kind, v, deck), seed, deck, v)))


VERSION_2 = [("three-player", 121, False), ("three-player", 61, False), ("four-player", 121, False),
             ("six-card", 91, False), ("six-card", 61, False), ("six-card", 121, True),
             ("three-player", 121, True), ("four-player", 121, True), ("five-card", 61, True)]


@pytest.mark.slow  # greedy games of every variant (the first compiles the players' kernels)
@pytest.mark.parametrize("name, target, muggins", VERSION_2 + [("six-card", 121, False), ("five-card", 61, False)])
def test_every_record_of_every_variant_follows_its_versions_schema(name, target, muggins):
    """Version 2 for three and four players, the six-card game to 91 and 61, and muggins in a
    two-, three- and four-player game; version 1 for the two games it first described. Each
    record fits its version's schema and not the other's."""
    version = variant(name, target, muggins).version
    own, other = (RECORD, RECORD_2) if version == 1 else (RECORD_2, RECORD)
    kinds = ("random", "greedy") + (("undercounter",) if muggins else ())
    calls = 0
    for kind in kinds:
        for deck in range(2 if kind == "random" else 1):
            record = game(name, target, muggins, kind, deck)
            assert record["format"] == (FORMAT if version == 1 else FORMAT_V2)
            schemas.check(own, record)
            assert not schemas.validator(other).is_valid(record)
            calls += sum(1 for d in record["deals"] for s in d["shows"] if s.get("muggins"))
    assert calls > 0 if muggins else calls == 0  # the undercounter's claims were called: the muggins object is checked


def test_a_three_player_game_with_muggins_follows_the_schema_as_it_is_played():
    """Fast: a random game with an undercounter, record after record while it is played (the
    deal in progress, the result null), then whole."""
    v = variant("three-player", 61, True)
    g = Game(v, seed=4, deck=0, players={s: "undercounter" for s in ("first_dealer", "first_left", "first_right")})
    players = {s: Undercounter(i) for i, s in enumerate(g.seats)}
    steps = 0
    while (turn := g.to_act()) is not None:
        settle(g, turn, "undercounter", decide(players[turn.seat], g.view(turn.seat)))
        steps += 1
        if steps % 37 == 0:
            record = g.record()
            schemas.check(RECORD_2, record)
    record = json.loads(json.dumps(g.record()))
    assert record["result"] is not None and record["result"]["game_points"] is None
    schemas.check(RECORD_2, record)
    validate(record)


@pytest.fixture(scope="module")
def v2_records():
    """A record of each table, short and fast (random players; the muggins games with
    undercounters), each following the schema."""
    records = {"three": game("three-player", 61, True, "undercounter", 0),
               "four": game("four-player", 121, True, "undercounter", 0),
               "two": game("six-card", 61, False, "random", 0),
               "five": game("five-card", 61, True, "undercounter", 1)}
    for record in records.values():
        schemas.check(RECORD_2, record)
    return records


def first(deal: dict, kind: str) -> dict:
    return next(d for d in deal["decisions"] if d["kind"] == kind)


def called(record: dict) -> dict:
    """A show whose undercount was called."""
    return next(s for d in record["deals"] for s in d["shows"] if s["muggins"])


BROKEN_V2 = {
    "three": [
        ("format 1", lambda r: r.update(format="crib-stats-game/1")),
        ("teams in a three-player game",
         lambda r: r.update(teams={"first_dealer_first_left": ["first_dealer", "first_left"]})),
        ("the seats not clockwise", lambda r: r.update(seats=["first_dealer", "first_right", "first_left"])),
        ("a result with game points", lambda r: r["result"].update(game_points=2)),
        ("a double skunk at 61", lambda r: r["result"].update(double_skunked=r["result"]["skunked"] or ["first_left"])),
        ("the winner skunked", lambda r: r["result"].update(skunked=[r["result"]["winner"]])),
        ("a two-sided result", lambda r: r.update(result={
            **{k: v for k, v in r["result"].items() if k not in ("skunked", "double_skunked")},
            "skunk": False, "double_skunk": False})),
        ("a show claim that is not a number", lambda r: r["deals"][0]["shows"][0].update(claimed="3")),
        ("a claim above 29", lambda r: r["deals"][0]["shows"][0].update(claimed=30)),
        ("a call by a seat of another table", lambda r: called(r)["muggins"].update(by="north")),
        ("a show without its claim", lambda r: r["deals"][0]["shows"][0].pop("claimed")),
        ("no crib card", lambda r: r["deals"][0].update(crib_card=None)),
        ("two cards thrown",
         lambda r: r["deals"][0]["discards"].update(first_left=r["deals"][0]["hands"]["first_left"][:2])),
        ("a seat of four players in the play", lambda r: r["deals"][0]["plays"][0].update(by="north")),
        ("scores by team", lambda r: r["deals"][0].update(scores={"north_south": 0, "east_west": 0})),
        ("a count without its question", lambda r: first(r["deals"][0], "count")["position"].pop("question")),
        ("a count with a card", lambda r: first(r["deals"][0], "count").update(card="ah")),
        ("a position told as version 1 tells it",
         lambda r: first(r["deals"][0], "discard")["position"].update(dealer=True)),
        ("muggins off with claims", lambda r: r.update(muggins=False)),
        ("a player missing", lambda r: r["players"].pop("first_right")),
        ("a field no version has", lambda r: r["deals"][0].update(extra=1)),
    ],
    "four": [
        ("a seat missing from teams", lambda r: r["teams"].update(north_south=["north"])),
        ("no teams", lambda r: r.update(teams=None)),
        ("a seat as the winner", lambda r: r["result"].update(winner="north")),
        ("final scores by seat", lambda r: r["result"].update(scores={s: 0 for s in r["seats"]})),
        ("a crib card with four players", lambda r: r["deals"][0].update(crib_card="ah")),
        ("a sixth show", lambda r: r["deals"][0]["shows"].append(r["deals"][0]["shows"][0])),
        ("the target 61", lambda r: r.update(target=61)),
        ("a double skunk at 121 without a skunk", lambda r: r["result"].update(double_skunk=True)),
    ],
    "two": [
        ("the target 100", lambda r: r.update(target=100)),
        ("the version-1 game (121, no muggins)", lambda r: r.update(target=121)),
        ("the target 91", lambda r: r.update(target=91)),
        ("a double skunk without a skunk", lambda r: r["result"].update(double_skunk=True)),
        ("a skunk worth 2", lambda r: r["result"].update(skunk=True)),
        ("teams with two players",
         lambda r: r.update(teams={"north_south": ["north", "south"], "east_west": ["east", "west"]})),
        ("muggins on without claims", lambda r: r.update(muggins=True)),
        ("a count decision without muggins", lambda r: first(r["deals"][0], "discard").update(kind="count", points=3)),
        ("one card thrown",
         lambda r: r["deals"][0]["discards"].update(first_pone=r["deals"][0]["discards"]["first_pone"][:1])),
    ],
    "five": [
        ("no three for last", lambda r: r["deals"][0].update(first_deal_last=0)),
        ("three for last in the second deal", lambda r: r["deals"][1].update(first_deal_last=3)),
        ("a four-card hand", lambda r: r["deals"][0]["shows"][0]["cards"].append("ks")),
        ("the five-card game without muggins (version 1's)", lambda r: r.update(muggins=False)),
    ],
}


@pytest.mark.parametrize("table, what", [(t, w) for t, changes in BROKEN_V2.items() for w, _ in changes])
def test_the_version_2_schema_refuses_what_the_referee_refuses(v2_records, table, what):
    """Each record follows the schema and replays; broken in each way, it follows neither."""
    record = v2_records[table]
    change = dict(BROKEN_V2[table])[what]
    broken = json.loads(json.dumps(record))
    change(broken)
    assert not schemas.validator(RECORD_2).is_valid(broken), what
    with pytest.raises(RecordError):
        validate(broken)


LOGGING_BOT_2 = """\
import json, random, sys
received, sent = open(sys.argv[1], "a"), open(sys.argv[2], "a")
rng = random.Random(0)
for line in sys.stdin:
    received.write(line); received.flush()
    m = json.loads(line)
    if m["type"] == "new_game":
        rng = random.Random(m["seed"])
        continue
    if m["type"] == "discard":
        answer = {"discard": rng.sample(m["hand"], m.get("throw", 2)), "note": "at random"}
    elif m["type"] == "play":
        answer = {"card": rng.choice(m["legal"])}
    elif m["type"] == "count":  # a guess at its own count: an undercount may be called
        answer = {"points": rng.randint(0, 12)}
    elif m["type"] == "muggins":
        answer = {"points": rng.choice((0, 1, 29))}
    else:
        continue
    text = json.dumps(answer)
    sent.write(json.dumps({"to": m["type"], "answer": answer}) + "\\n"); sent.flush()
    print(text, flush=True)
"""


def exec_bots(tmp_path, n: int) -> tuple[list, list[tuple[Path, Path]]]:
    """``n`` exec: players, each a logging bot with its own logs (what it received, what it answered)."""
    bot = tmp_path / "logging_bot_2.py"
    bot.write_text(LOGGING_BOT_2)
    logs = [(tmp_path / f"received{i}.jsonl", tmp_path / f"sent{i}.jsonl") for i in range(n)]
    return [make_player(f"exec:{sys.executable} {bot} {r} {s}") for r, s in logs], logs


def check_the_exchange(logs, version: int) -> set:
    """Every message the bots received and every answer they sent against protocol/VERSION;
    returns the messages' types."""
    types = set()
    for received, sent in logs:
        for line in received.read_text().splitlines():
            message = json.loads(line)
            types.add(message["type"])
            if message["type"] == "new_game":
                assert message["version"] == version
            schemas.check(f"protocol/{version}/{message['type']}.schema.json", message)
            schemas.check(f"protocol/{version}/message.schema.json", message)
        for line in sent.read_text().splitlines() if sent.exists() else ():
            entry = json.loads(line)
            schemas.check(f"protocol/{version}/{ANSWERS[version][entry['to']]}.schema.json", entry["answer"])
    return types


@pytest.mark.slow  # a bot process a seat
@pytest.mark.parametrize("name, target, muggins", [("three-player", 121, False), ("four-player", 121, False),
                                                   ("six-card", 121, True), ("three-player", 61, True),
                                                   ("four-player", 121, True)])
def test_every_message_of_version_2_to_an_exec_bot_and_every_answer_follow_the_schemas(tmp_path, name, target, muggins):
    """Every seat an exec: bot (crib_stats.referee.play_game with ExecPlayer), so that each
    message reaches one: with muggins the bots undercount at random and their left-hand
    neighbours are asked to call."""
    v = variant(name, target, muggins)
    bots, logs = exec_bots(tmp_path, v.players)
    try:
        records = [json.loads(json.dumps(play_game(bots, 5, 0, v)))]  # one game: every message shows up
    finally:
        for bot in bots:
            bot.close()
    for record in records:
        assert record["result"]["forfeit"] is None
        schemas.check(RECORD_2, record)
    assert check_the_exchange(logs, 2) == set(MESSAGES[2] if muggins else
                                              (t for t in MESSAGES[2] if t not in ("count", "muggins")))
    if name == "three-player":
        crib_card_stays_hidden(logs, [d for r in records for d in r["deals"]])


def crib_card_stays_hidden(logs, deals) -> None:
    """No message gives a bot the three-player crib's card from the pack before the crib is
    shown (the show message), but the count message that asks the dealer to count its crib."""
    for received, _ in logs:
        messages = [json.loads(line) for line in received.read_text().splitlines()]
        starts = [i for i, m in enumerate(messages) if m["type"] == "discard"]  # every seat throws every deal
        assert len(starts) == len(deals)
        for deal, start, end in zip(deals, starts, starts[1:] + [len(messages)]):
            assert deal["crib_card"] is not None
            for m in messages[start:end]:
                if m["type"] in ("show", "game_over"):
                    break
                if m["type"] != "count" or m["whose"] != "crib":
                    assert deal["crib_card"] not in strings_in(m), m


def strings_in(x) -> set:
    """Every string value inside a JSON value."""
    if isinstance(x, dict):
        return set().union(set(), *(strings_in(v) for v in x.values()))
    if isinstance(x, list):
        return set().union(set(), *(strings_in(v) for v in x))
    return {x} if isinstance(x, str) else set()


BROKEN_COUNT_BOT = """\
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "discard":
        print(json.dumps({"discard": m["hand"][:m["throw"]]}), flush=True)
    elif m["type"] == "play":
        print(json.dumps({"card": m["legal"][0]}), flush=True)
    elif m["type"] == "count":
        print(json.dumps({"points": "lots"}), flush=True)
"""


def test_a_bot_that_answers_a_count_with_no_number_forfeits_and_the_record_says_so(tmp_path):
    bot = tmp_path / "broken_count_bot.py"
    bot.write_text(BROKEN_COUNT_BOT)
    with make_player(f"exec:{sys.executable} {bot}") as player:
        record = json.loads(json.dumps(play_game([make_player("random"), player, make_player("random")], 1, 0,
                                                 variant("three-player", 61, True))))
    result = record["result"]
    assert "first_left" in result["forfeit"] and "count" in result["forfeit"] and result["skunked"] == []
    schemas.check(RECORD_2, record)
    validate(record)


def test_the_protocol_2_schemas_refuse_what_a_bot_would_not_expect():
    three = {"first_dealer": 4, "first_left": 9, "first_right": 0}
    good = {
        "new_game": {"type": "new_game", "version": 2, "variant": "four-player", "target": 121, "muggins": True,
                     "seats": ["north", "east", "south", "west"],
                     "teams": {"north_south": ["north", "south"], "east_west": ["east", "west"]}, "seat": "east",
                     "seed": 7},
        "discard": {"type": "discard", "hand": ["2d", "9s", "3s", "6c", "10h"], "throw": 1, "dealer": "first_right",
                    "scores": three},
        "play": {"type": "play", "hand": ["3s", "5d"], "count": 5, "sequence": ["5h"],
                 "played": [{"card": "5h", "by": "first_dealer"}], "starter": "10h", "dealer": "first_right",
                 "scores": three, "legal": ["3s", "5d"]},
        "count": {"type": "count", "whose": "crib", "cards": ["2d", "6d", "5c", "ah"], "starter": "8d"},
        "muggins": {"type": "muggins", "whose": "west", "what": "hand", "cards": ["jh", "4d", "ad", "7h"],
                    "starter": "ks", "claimed": 3},
        "show": {"type": "show", "starter": "8d", "hands": {"first_left": ["9s", "3s", "6c", "10h"]}, "crib": None,
                 "points": {"first_left": 5}},
        "game_over": {"type": "game_over", "winner": "north_south", "scores": {"north_south": 122, "east_west": 104},
                      "forfeit": None},
    }
    for kind, message in good.items():
        schemas.check(f"protocol/2/{kind}.schema.json", message)
        schemas.check("protocol/2/message.schema.json", message)
    bad = [
        {**good["new_game"], "version": 1},
        {**good["new_game"], "teams": None},  # four players without partners
        {**good["new_game"], "seat": "first_left"},  # not a seat of this table
        {**good["new_game"], "variant": "six-card", "seats": ["first_dealer", "first_pone"], "teams": None,
         "seat": "first_pone", "muggins": False},  # version 1's game
        {**good["discard"], "throw": 2},  # three players throw one
        {**good["discard"], "dealer": "north"},
        {**good["discard"], "scores": {"you": 0, "opponent": 0}},  # version 1's scores
        {**good["play"], "played": [{"card": "5h", "by": "opponent"}]},
        {**good["play"], "played": [{"card": "5h", "by": "east"}]},
        {**good["play"], "count": 31},
        {**good["count"], "cards": good["count"]["cards"][:3]},  # a crib of three
        {**good["count"], "whose": "first_left"},
        {key: value for key, value in good["muggins"].items() if key != "claimed"},
        {**good["muggins"], "claimed": 30},
        {**good["muggins"], "what": "first_left"},
        {**good["show"], "points": {"first_left": None}},
        {**good["show"], "hands": {}},
        {**good["game_over"], "winner": "north"},
        {**good["game_over"], "scores": three},
    ]
    for message in bad:
        assert not schemas.validator("protocol/2/message.schema.json").is_valid(message), message
        assert not schemas.validator(f"protocol/2/{message['type']}.schema.json").is_valid(message), message
    # published, a message may carry a field a later release of version 2 adds; strictly, none is unknown today
    assert schemas.validator("protocol/2/count.schema.json", strict=False).is_valid({**good["count"], "later": 1})
    assert not schemas.validator("protocol/2/count.schema.json").is_valid({**good["count"], "later": 1})
    answer = "protocol/2/points-answer.schema.json"
    assert schemas.validator(answer).is_valid({"points": 12, "note": "fifteen 12"})
    for bad_answer in ({"points": 3.5}, {"points": "3"}, {"points": 30}, {"points": -1}, {"points": True}, {}):
        assert not schemas.validator(answer).is_valid(bad_answer), bad_answer
    assert schemas.validator("protocol/2/discard-answer.schema.json").is_valid({"discard": ["10D"]})
    assert not schemas.validator("protocol/2/discard-answer.schema.json").is_valid({"discard": ["ah", "2h", "3h"]})


@pytest.mark.slow  # a bot process, four games
def test_the_example_bot_plays_every_variant_and_its_records_replay():
    """examples/random_bot.py, the bot the protocol's page points to, speaks both versions: in a
    game of each version-2 kind it forfeits nothing, its records follow the schema and replay."""
    with make_player(f"exec:{sys.executable} {RANDOM_BOT}") as bot:
        for name, target, muggins in (("three-player", 61, True), ("four-player", 121, True), ("six-card", 91, False),
                                      ("five-card", 61, True)):
            v = variant(name, target, muggins)
            players = [bot if i == 1 else make_player("random", seed=i) for i in range(v.players)]
            record = json.loads(json.dumps(play_game(players, 2, 0, v)))
            assert record["result"]["forfeit"] is None and record["players"][record["seats"][1]] == bot.name
            schemas.check(RECORD_2, record)
            validate(record)


def json_blocks(text: str) -> list:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]


def test_the_protocol_pages_examples_follow_the_schemas_of_their_version():
    """docs/protocol.md: every message and answer it shows, version 1's above its "Version 2"
    heading and version 2's below, each version's every message shown at least once."""
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    parts = dict(zip((1, 2), text.split("\n## Version 2")))
    for version, part in parts.items():
        shown = set()
        for example in json_blocks(part):
            if "type" in example:
                shown.add(example["type"])
                schemas.check(f"protocol/{version}/{example['type']}.schema.json", example)
                schemas.check(f"protocol/{version}/message.schema.json", example)
            else:
                answer = {"discard": "discard-answer", "card": "play-answer", "points": "points-answer"}
                schemas.check(f"protocol/{version}/{next(answer[k] for k in answer if k in example)}.schema.json",
                              example)
        assert shown == set(MESSAGES[version]), version


def test_the_record_pages_example_follows_the_schema():
    """docs/record.md's example of version 2: the record without its deals and its first deal,
    put together, follow the schema (and a deal of version 1's seats would not)."""
    text = (ROOT / "docs" / "record.md").read_text(encoding="utf-8")
    top, deal = json_blocks(text.split("\n## Version 2")[1])
    record = {**top, "deals": [deal]}
    schemas.check(RECORD_2, record)
    assert not schemas.validator(RECORD_2).is_valid({**record, "deals": [{**deal, "dealer": "first_dealer"}]})
