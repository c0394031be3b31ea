"""One JSON convention for every command's --json: schema_version, command and variant in every
object; cards always lists of strings; every exact value x comes as x (a number) and x_exact
("p/q") that agree, every sampled one as x and its standard error x_se; keys use the command
line's names (no underscores inside names like five_card)."""

import json
import re
from fractions import Fraction

import pytest

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
    ["peg", "4", "2", "3", "5", "6"],
    ["peg", "--pone", "4", "5", "6", "7", "--dealer", "5", "5", "10", "K", "--policy", "greedy"],
    pytest.param(["sweep", "--variant", "five-card"], marks=pytest.mark.slow),  # a whole sweep: 30 s
    ["peg", "--pone", "7c", "7d", "4h", "4s", "--dealer", "7h", "7s", "4c", "4d", "--play", "7c", "7h", "7d", "7s",
     "4h", "4c", "4s", "4d"],
    ["peg", "--pone", "5", "5", "4", "4", "--dealer", "5", "4", "4", "K", "--best", "pone"],
    ["advise", "5h", "6h", "7c", "jd", "qs", "kd", "--throw", "qs", "kd", "--starter", "4c", "--dealer", "--played",
     "10s", "--score", "100", "104"],
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
