"""What the commands on the game to 121 print (``game``, ``discard --score``, ``advise``), in every
format: figures inside what they can be, one word per variant for a skunk, every file and JSON
object saying its model (issue #30)."""

import csv
import io
import json
import re
from pathlib import Path

import pytest

HAND = "5h 6h 7c jd qs kd".split()

PROB_KEYS = {"p_win", "p_win_skunk", "p_skunked", "first_dealer_win", "first_dealer_skunks", "first_dealer_skunked",
             "first_dealer_double_skunks", "first_dealer_double_skunked", "one_point", "skunk_any", "cell_35_37",
             "cell_58_57", "won_on_heels"}
POINT_KEYS = {"game_points", "game_points_first_dealer"}


def check_value(key, value):
    if key in PROB_KEYS:
        assert 0.0 <= value <= 1.0, (key, value)
    elif key in POINT_KEYS:
        assert 0.0 <= value <= 3.0, (key, value)


def check_json(obj, key=None):
    """Every probability in [0, 1], every expectation of game points in [0, 3], at any depth."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            check_json(v, k)
    elif isinstance(obj, list):
        for v in obj:
            check_json(v, key)
    elif isinstance(obj, float):
        check_value(key, obj)


def check_csv(text):
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows
    for row in rows:
        for key, value in row.items():
            if key in PROB_KEYS | POINT_KEYS and value != "":  # empty: a figure of another variant
                check_value(key, float(value))
    return rows


def check_text(text):
    """No figure printed with a minus sign on a line of probabilities or game points, and no
    percentage above 100."""
    for line in text.splitlines():
        figures = re.search(r"P\(|game points|wins|skunk|lurch|dealer   ", line)
        if figures and not re.search(r"vs points|more often", line):  # those are differences
            assert not re.search(r"(?<![\w+])-\d", line), line
        for pct in re.findall(r"(-?\d+\.\d+)%", line):
            assert 0 <= float(pct) <= 100, line


# positions where the induction's sums drift just outside [0, 1] (-2.2e-16 and -1.9e-18 before the fix)
@pytest.mark.parametrize("at", [("0", "111", "--pone"), ("0", "113", "--dealer"), ("0", "113", "--pone")])
def test_game_at_is_inside_its_bounds_in_every_format(cli, at):
    mine, theirs, role = at
    code, out, _ = cli("game", "--at", mine, theirs, role)
    assert code == 0 and "-0.0" not in out
    check_text(out)
    code, out, _ = cli("game", "--at", mine, theirs, role, "--json")
    check_json(json.loads(out))
    code, out, _ = cli("game", "--at", mine, theirs, role, "--csv")
    check_csv(out)


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
@pytest.mark.slow  # over 2 s on 2 cores
def test_the_whole_board_is_inside_its_bounds_in_every_format(cli, tmp_path, variant):
    code, out, _ = cli("game", "--variant", variant, "--csv")
    assert code == 0
    rows = check_csv(out)
    assert len(rows) == 2 * (121 if variant == "six-card" else 61) ** 2
    code, out, _ = cli("game", "--variant", variant, "--json")
    check_json(json.loads(out))
    code, out, _ = cli("game", "--variant", variant)
    check_text(out)
    code, _, _ = cli("game", "--variant", variant, "--out", str(tmp_path))
    (table,) = tmp_path.glob("game_table_*.csv")
    assert code == 0 and len(check_csv(table.read_text())) == len(rows)


def test_a_solved_board_is_inside_its_bounds():
    """A board solved afresh (not only the committed one) is clamped where it is computed."""
    import numpy as np

    from crib_stats.game import board as gb
    from crib_stats.game.model import deal_model

    b = gb.solve(deal_model("six-card", 400, seed=5, groups=4, cache_dir=False))
    for name, (lo, hi) in gb.BOUNDS.items():
        row = b.values[gb.ROWS.index(name)]
        assert lo <= row.min() and row.max() <= hi, name
    for mine in range(0, 121, 3):
        for theirs in range(0, 121, 3):
            for role in ("dealer", "pone"):
                pos = b.position(mine, theirs, role)
                for key, value in pos.items():
                    if not key.endswith("_se"):
                        check_value(key, value)
    assert np.isfinite(b.values).all()


def test_discard_for_the_board_is_inside_its_bounds_in_every_format(cli):
    """At 0 to 115 with the opponent 6 short the dealer's P(win) is a hair from 0: it printed
    -0.0000 in every row."""
    argv = ["discard", *HAND, "--dealer", "--score", "0", "115"]
    code, out, _ = cli(*argv)
    assert code == 0 and "-0.0000" not in out and "-0.000 " not in out
    check_text(out)
    code, out, _ = cli(*argv, "--json")
    check_json(json.loads(out))
    code, out, _ = cli(*argv, "--csv")
    check_csv(out)


@pytest.mark.parametrize("variant, cards, throw, dealt", [
    ("five-card", ["5h", "6h", "7c", "jd", "qs"], ["qs", "jd"], "five"),
    ("six-card", HAND, ["qs", "kd"], "six"),
])
def test_advise_states_the_model_of_its_variant(cli, variant, cards, throw, dealt):
    """The five-card advisor printed "the opponent's six cards are uniform ..." (its JSON said 5)."""
    argv = ["advise", *cards, "--throw", *throw, "--starter", "4c", "--pone", "--variant", variant]
    code, out, _ = cli(*argv)
    assert code == 0
    model = " ".join(out[out.index("model:"):].split())
    assert f"the opponent's {dealt} cards are uniform" in model
    code, out, _ = cli(*argv, "--json")
    n = {"five": 5, "six": 6}[dealt]
    assert json.loads(out)["model"]["assumes"]["deal"].startswith(f"the opponent's {n} cards")


def test_an_accuracy_the_draw_cap_stops_short_of_is_said(cli, monkeypatch):
    """--accuracy 0.00001 stopped at the draw cap with ± 0.0003 and no word; now one line on
    stderr and the JSON say what stopped it and what was reached (the cap lowered to 2 draws
    for speed: it is the same test at 16)."""
    from crib_stats.game import throws

    monkeypatch.setattr(throws, "MAX_DRAWS", 2)
    argv = ["discard", *HAND, "--dealer", "--score", "118", "112", "--accuracy", "0.00001"]
    code, out, err = cli(*argv, "--json")
    d = json.loads(out)
    assert code == 0 and d["target_se"] == 1e-05 and d["target_reached"] is False
    assert d["reached_se"] == max(t["p_win_se"] for t in d["throws"]) > 1e-05
    assert "draw cap (2 suit draws" in d["stopped_by"]
    assert err.count("\n") == 1 and "--accuracy 1e-05 not reached" in err and "draw cap" in err
    assert f"{d['reached_se']:.2g}" in err
    code, out, err = cli(*argv[:-2], "--accuracy", "0.01", "--json")  # reached: nothing said
    d = json.loads(out)
    assert code == 0 and err == "" and d["target_reached"] is True and d["stopped_by"] is None
    assert d["reached_se"] <= 0.01


FIVE = ["discard", "5h", "6h", "7c", "jd", "qs", "--variant", "five-card", "--pone", "--score", "55", "58"]


@pytest.mark.parametrize("variant, word, other", [("five-card", "lurch", "skunk"), ("six-card", "skunk", "lurch")])
def test_one_word_for_a_skunk_per_variant_everywhere(cli, tmp_path, variant, word, other):
    """The five-card game has lurches: discard --score said "P(win with a skunk)" and the --out
    index row "skunks" while game said lurch."""
    board = FIVE if variant == "five-card" else ["discard", *HAND, "--pone", "--score", "115", "118"]
    texts = []
    for argv in (board + ["--top", "3"], ["game", "--variant", variant],
                 ["game", "--variant", variant, "--at", "20", "20", "--dealer"]):
        code, out, _ = cli(*argv)
        assert code == 0
        texts.append(out)
    code, _, _ = cli("game", "--variant", variant, "--out", str(tmp_path))
    texts.append((tmp_path / "crib-stats-index.md").read_text())
    for text in texts:
        assert word in text and other not in text, text
    code, out, _ = cli(*board, "--json")
    assert json.loads(out)["score"]["skunk_name"] == word
    code, out, _ = cli("game", "--variant", variant, "--json")
    assert json.loads(out)["model"]["skunk_name"] == word


def table_rows(text):
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("throw "))
    rows = []
    for line in lines[head + 1:]:
        if not re.match(r"\S+ \S+  ", line):
            break
        rows.append(line)
    return rows, lines[head + 1 + len(rows):]


def test_top_k_with_score_shows_k_throws_and_names_the_points_throw_apart(cli):
    """--top 5 printed six rows (the points throw appended); --help says the best K."""
    argv = ["discard", *HAND, "--dealer", "--score", "118", "116"]
    code, out, _ = cli(*argv, "--json")
    every = json.loads(out)["throws"]
    points = next(i for i, t in enumerate(every) if t["points_throw"])
    assert points >= 5  # 6♥ 7♣ is the last of the six in the README: not among the best five
    code, out, _ = cli(*argv, "--top", "5")
    rows, after = table_rows(out)
    assert code == 0 and len(rows) == 5 and not any(r.endswith(" *") for r in rows)
    assert [r.split()[:2] for r in rows] == [t["throw"] for t in every[:5]]
    (line,) = [a for a in " ".join(" ".join(after).split()).split("* ") if a.startswith("the points throw")]
    assert "6♥ 7♣" in line and f"ranks {points + 1} of {len(every)}" in line
    assert "the board changes the throw" in out and "than 6♥ 7♣" in out  # still compared against
    code, out, _ = cli(*argv, "--top", "5", "--csv")
    assert len(list(csv.DictReader(io.StringIO(out)))) == 5
    code, out, _ = cli(*argv, "--top", "5", "--json")
    d = json.loads(out)
    assert len(d["throws"]) == 5 and d["throws_ranked"] == len(every)
    assert d["best_for_points"]["throw"] == ["6♥", "7♣"] and d["best_for_points"]["rank"] == points + 1
    assert d["best_for_points"]["shown"] is False and d["best_for_points"]["p_win"] == every[points]["p_win"]
    code, out, _ = cli(*argv, "--top", str(points + 1))  # among them: marked in the table, no line apart
    rows, after = table_rows(out)
    assert len(rows) == points + 1 and rows[-1].endswith(" *") and "the points throw" not in " ".join(after)


# ------------------------------------------------------------------------------------------
# every output says what made it
# ------------------------------------------------------------------------------------------


def test_a_new_models_files_are_named_by_it_and_say_it(cli, tmp_path):
    """game --deals 400 --seed 3 --out wrote its table as game_table_six-card.csv, the committed
    model's name; the files of a new model are named by its deals and seed, and the index says
    what made each."""
    from crib_stats.core.io import parse_index
    from crib_stats.game import model as gm

    code, _, err = cli("game", "--deals", "400", "--seed", "3", "--out", str(tmp_path / "new"))
    assert code == 0
    names = {p.name for p in (tmp_path / "new").iterdir()}
    assert names == {"game_table_six-card_400-deals_seed-3.csv", "game_six-card_400-deals_seed-3.npz",
                     "crib-stats-index.md"}
    model, _ = gm.load(tmp_path / "new" / "game_six-card_400-deals_seed-3.npz")
    assert (model.deals, model.seed) == (400, 3)
    index = parse_index((tmp_path / "new" / "crib-stats-index.md").read_text())
    assert "400 deals, seed 3" in index["game_table_six-card_400-deals_seed-3.csv"][1]
    code, _, _ = cli("game", "--discard", "equilibrium", "--out", str(tmp_path / "committed"))
    index = parse_index((tmp_path / "committed" / "crib-stats-index.md").read_text())
    assert "4,000,000 deals, seed 0, equilibrium discards, greedy play; the committed model" in \
        index["game_table_six-card_equilibrium.csv"][1]


@pytest.mark.parametrize("argv, model", [
    (["game", "--csv"], {"variant": "six-card", "target": "121", "discard": "objective", "play": "greedy",
                         "deals": "4000000", "seed": "0"}),
    (["game", "--discard", "equilibrium", "--at", "35", "37", "--dealer", "--csv"],
     {"variant": "six-card", "target": "121", "discard": "equilibrium", "play": "greedy", "deals": "4000000",
      "seed": "0"}),
    (["game", "--variant", "five-card", "--deals", "400", "--seed", "3", "--csv"],
     {"variant": "five-card", "target": "61", "discard": "objective", "play": "greedy", "deals": "400", "seed": "3"}),
    (FIVE + ["--csv"], {"variant": "five-card", "target": "61", "discard": "objective", "play": "greedy",
                        "board_deals": "4000000", "board_seed": "0"}),
])
def test_every_csv_says_its_model(cli, argv, model):
    code, out, _ = cli(*argv)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and rows
    assert all({k: r[k] for k in model} == model for r in rows)


def test_one_position_and_the_table_print_the_same_digits(cli):
    """game --csv printed 10 significant digits and game --at --csv 17: one line, one format."""
    code, table, _ = cli("game", "--csv")
    code, one, _ = cli("game", "--at", "35", "37", "--dealer", "--csv")
    (row,) = [line for line in table.splitlines() if line.startswith("35,37,me,")]
    assert one.splitlines() == [table.splitlines()[0], row]
    code, out, _ = cli("game", "--at", "35", "37", "--dealer", "--json")
    assert json.loads(out)["figures"]["p_win"]["p_win"] == float(row.split(",")[3])  # the float itself


@pytest.mark.parametrize("discard", ["objective", "equilibrium"])
def test_the_board_chart_says_its_model_and_labels_its_lines(discard):
    """game --discard equilibrium --plot had the objective model's title; the contours had no
    level labels."""
    from crib_stats.game import board as gb
    from crib_stats.presentation.report import game as rg

    fig = rg.board_figure(gb.committed("six-card", discard))
    title = fig._suptitle.get_text()
    assert f"{discard} discards" in title and "greedy play" in title and "4,000,000 deals, seed 0" in title
    for ax in fig.axes[:2]:
        labels = sorted({t.get_text() for t in ax.texts})
        assert labels == ["0.25", "0.50", "0.75"], labels


# ------------------------------------------------------------------------------------------
# JSON: the model in one shape; --force where a refusal offers it
# ------------------------------------------------------------------------------------------

MODEL_JSON = [
    ["game"], ["game", "--at", "35", "37", "--pone"], ["game", "--variant", "five-card"],
    ["discard", *HAND, "--dealer", "--score", "118", "116", "--top", "2"], FIVE + ["--top", "2"],
    ["advise", *HAND, "--throw", "qs", "kd", "--starter", "4c", "--dealer", "--played", "10s"],
]


@pytest.mark.parametrize("argv", MODEL_JSON, ids=lambda a: " ".join(a[:4]))
def test_the_model_field_has_one_shape(cli, argv):
    """discard --score --json gave its model as a string, game and advise as an object."""
    code, out, _ = cli(*argv, "--json")
    model = json.loads(out)["model"]
    assert code == 0 and isinstance(model, dict)
    assert {"name", "discard_policy", "play_policy", "assumes"} <= set(model)
    assert isinstance(model["assumes"], dict) and model["assumes"]
    assert all(isinstance(v, str) and v for v in model["assumes"].values())


def test_the_manual_lists_every_command_that_prints_json():
    import argparse
    from pathlib import Path

    from crib_stats.presentation.parser import build_parser

    section = (Path(__file__).resolve().parents[2] / "docs" / "json.md").read_text(encoding="utf-8")
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    printing = [name for name, p in sub.choices.items() if "--json" in p._option_string_actions]
    assert {"advise", "game", "discard"} <= set(printing)
    assert [name for name in printing if f"`{name}`" not in section] == []
    assert "`model`" in section and "`assumes`" in section


@pytest.mark.parametrize("argv", [["game"], ["discard", *HAND, "--dealer"], ["enumerate", "--table", "five-card",
                                                                            "--no-deals"]])
def test_a_refusal_to_replace_a_file_offers_what_the_command_takes(cli, tmp_path, argv):
    """game --plot foreign.png said "add --force to replace it", and game had no --force."""
    from PIL import Image

    foreign = tmp_path / "foreign.png"
    Image.new("RGB", (4, 4)).save(foreign)
    before = foreign.read_bytes()
    code, out, err = cli(*argv, "--plot", str(foreign))
    assert code == 2 and out == "" and "add --force to replace it" in err and foreign.read_bytes() == before
    code, _, err = cli(*argv, "--plot", str(foreign), "--force")
    assert code == 0, err
    assert foreign.read_bytes() != before


# ------------------------------------------------------------------------------------------
# wording
# ------------------------------------------------------------------------------------------


def test_a_wrong_number_of_dealt_cards_reads_right(cli):
    """It said "the dealt cards needs 6 cards"."""
    code, out, err = cli("advise", "5h", "6h", "7c", "jd", "qs", "--throw", "qs", "jd", "--starter", "4c", "--pone")
    assert code == 2 and "advise: the six-card deal needs 6 cards, got 5" in err and "cards needs" not in err


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
def test_the_published_figures_name_sources_a_user_can_see(cli, variant):
    """"published figures (quoted in issue #21)" pointed at something a user cannot see."""
    from crib_stats.presentation.report import game as rg

    code, out, _ = cli("game", "--variant", variant)
    flat = " ".join(out.split())
    assert code == 0 and "issue #21" not in flat and "their sources: the manual, crib-stats game" in flat
    assert all(re.search(r"\(.+\)", label) for label, _, _ in rg.PUBLISHED[variant])  # each names its source
    page = (Path(__file__).resolve().parents[2] / "docs" / "commands" / "game.md").read_text(encoding="utf-8")
    assert "blog.cribbagepro.net" in page and "DeLynn Colvert" in page


def test_refusals_give_reasons_that_apply(cli):
    """--plot with --score was refused for a reason about the crib and the play; --board-play
    --csv for a reason about variants."""
    code, out, err = cli("discard", *HAND, "--dealer", "--score", "1", "2", "--plot", "x.png")
    assert code == 2 and "--plot cannot go with --score: the chart draws the points" in err and "crib (" not in err
    code, out, err = cli("game", "--board-play", "--csv")
    assert code == 2 and "--csv cannot go with --board-play: it prints a summary of whole games" in err
    assert "six-card games" not in err
    code, out, err = cli("game", "--board-play", "--variant", "five-card")
    assert code == 2 and "measured in the six-card game to 121 with objective discards" in err


@pytest.mark.slow  # over 2 s on 2 cores
def test_ctrl_c_on_the_server_does_not_talk_of_files(tmp_path):
    """Ctrl-C on serve said "no file is left half-written"; the server writes none. The child
    starts with SIGINT at its default and is interrupted once it says it is serving."""
    import os
    import signal
    import socket
    import subprocess
    import sys

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    from children import started

    with started([sys.executable, "-m", "crib_stats", "serve", "--port", str(port), "--heavy-workers", "1"],
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) as proc:
        assert "serving on" in proc.stdout.readline()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and err.splitlines()[-1] == "crib-stats: the server has stopped", err
    assert "half-written" not in err
