"""One JSON convention for every command's --json: schema_version, command and variant in every
object; cards always lists of strings; every exact value x comes as x (a number) and x_exact
("p/q") that agree, every sampled one as x and its standard error x_se; keys use the command
line's names (no underscores inside names like five_card); and each object validates against its
command's JSON Schema, crib_stats/schema/json/COMMAND.schema.json (tests/schemas.py: strictly, so a
field the command prints that its schema does not describe fails too)."""

import json
import re
from fractions import Fraction

import pytest

import schemas
from crib_stats.presentation.report import SCHEMA_VERSION

COMMANDS = [
    ["score", "5h", "5c", "5s", "jd", "--starter", "5d"],
    ["score", "2h", "4h", "6h", "--starter", "9h", "--variant", "five-card"],
    ["enumerate", "--table", "five-card"],
    ["enumerate", "--no-deals"],
    ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--need", "8", "--top", "3"],
    ["discard", "5h", "6h", "7c", "jd", "qs", "--variant", "three-player", "--dealer", "--starter", "4c"],
    ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--pegging", "minimax", "--top", "2"],
    ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--pegging", "greedy", "--peg-opponent", "equilibrium",
     "--top", "2"],
    ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--score", "118", "116", "--top", "3"],
    ["discard", "5h", "6h", "7c", "jd", "qs", "--variant", "five-card", "--pone", "--score", "55", "58", "--top", "2"],
    ["discard", "5h", "6h", "7c", "jd", "qs", "--variant", "three-player", "--seat", "right", "--score", "100", "104",
     "95", "--top", "2"],
    ["peg", "4", "2", "3", "5", "6"],
    ["peg", "--pone", "4", "5", "6", "7", "--dealer", "5", "5", "10", "K", "--policy", "greedy"],
    pytest.param(["sweep", "--variant", "five-card"], marks=pytest.mark.slow),  # a whole sweep: 30 s
    ["peg", "--pone", "7c", "7d", "4h", "4s", "--dealer", "7h", "7s", "4c", "4d", "--play", "7c", "7h", "7d", "7s",
     "4h", "4c", "4s", "4d"],
    ["peg", "--pone", "5", "5", "4", "4", "--dealer", "5", "4", "4", "K", "--best", "pone"],
    ["advise", "5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--starter", "4c", "--dealer", "--played",
     "10s", "--score", "100", "104"],
    ["peg", "--pone", "4", "5", "6", "7", "--dealer", "5", "5", "10", "K", "--policy", "minimax"],
    ["peg", "--extremes", "--variant", "five-card"],
    # match: tests/match/test_match_command.py; review: tests/match/test_review.py (each calls the test below)
]
# validated against their schemas only: game's figures are {name: value, "se": error} (not x and
# x_se) and its board-play shares have no exact twin; claims' framings map names ("hand") to text
SCHEMA_ONLY = [
    ["game"],
    ["game", "--at", "104", "110", "--dealer"],
    ["game", "--variant", "five-card", "--at", "60", "60", "--pone"],
    ["game", "--board-play"],
    ["claims", "--id", "odds-29", "--id", "dealer-total-78", "--id", "show-5-5-10-j"],
    ["ladder", "--boots", "20"],
]
CARD_KEYS = {"hand", "dealt", "throw", "keep", "pone", "dealer", "play"}
VARIANTS = {"six-card", "five-card", "three-player", "four-player", None}


def walk(obj, path=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield path, k, v, obj
            yield from walk(v, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from walk(v, f"{path}[{i}]")


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_every_json_object_follows_the_schema(cli, argv):
    code, out, _ = cli(*argv, "--json")
    assert code == 0
    d = json.loads(out)
    assert d["schema_version"] == SCHEMA_VERSION and d["command"] == argv[0]
    assert d["variant"] in VARIANTS
    for path, key, value, parent in walk(d):
        if key in CARD_KEYS and not isinstance(value, (dict, int)):  # "hand" is also a table name
            assert isinstance(value, list) and all(isinstance(c, str) for c in value), (path, key, value)
        if key.endswith("_exact"):
            base = key[: -len("_exact")]
            assert isinstance(value, str) and "/" in value, (path, key)
            assert base in parent and float(Fraction(value)) == pytest.approx(parent[base], rel=1e-12), (path, key)
        if isinstance(value, float) and f"{key}_exact" not in parent:
            # a sampled figure x comes with its standard error x_se instead (discard --score); the
            # board's figures in advise --score are floats of the sampled board model (crib-stats game)
            sampled = f"{key}_se" in parent or key.endswith("_se")
            board = key.startswith("p_win") or key == "p_skunked"
            assert key in {"sd", "probability"} or sampled or board, f"{path}.{key} has no exact twin"
        assert not re.search(r"(five|six)_card|_player", key), (path, key)  # the CLI's names: five-card
    schemas.check(f"json/{argv[0]}.schema.json", d)


@pytest.mark.parametrize("argv", SCHEMA_ONLY, ids=lambda a: " ".join(a[:3]))
def test_every_json_object_follows_its_commands_schema(cli, argv):
    code, out, _ = cli(*argv, "--json")
    assert code == 0
    schemas.check(f"json/{argv[0]}.schema.json", json.loads(out))


def test_every_command_that_prints_json_has_a_schema_and_is_validated():
    import argparse
    from pathlib import Path

    from crib_stats.presentation.parser import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    printing = {name for name, p in sub.choices.items() if "--json" in p._option_string_actions}
    assert {n for n in schemas.names() if n.startswith("json/")} == {f"json/{n}.schema.json" for n in printing}
    here = Path(__file__).resolve().parents[1] / "match"
    validated = {(a.values[0] if hasattr(a, "values") else a)[0] for a in COMMANDS + SCHEMA_ONLY}
    validated |= {"match"} if "test_every_json_object_follows_the_schema" in (here / "test_match_command.py").read_text() else set()
    validated |= {"review"} if "test_every_json_object_follows_the_schema" in (here / "test_review.py").read_text() else set()
    assert validated == printing


def test_the_schemas_refuse_an_object_that_breaks_the_conventions(cli):
    code, out, _ = cli("discard", "5h", "6h", "7c", "jd", "qs", "kd", "--pone", "--top", "2", "--json")
    d = json.loads(out)
    schemas.check("json/discard.schema.json", d)
    for change in (lambda x: x.update(schema_version=2), lambda x: x.update(command="score"),
                   lambda x: x["throws"][0].update(hand_ev_exact="11.391"),
                   lambda x: x["throws"][0].update(throw=["6h", "7c"]),  # the record's cards, not the command's
                   lambda x: x.update(variant="six_card"), lambda x: x.update(colour="red")):
        bad = json.loads(out)
        change(bad)
        assert not schemas.validator("json/discard.schema.json").is_valid(bad)
