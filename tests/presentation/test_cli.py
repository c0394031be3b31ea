"""The CLI in-process (the `cli` fixture runs main([...])), and in a subprocess where a signal,
a file mode or a terminal is involved."""

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from children import started

from crib_stats.presentation import cli as cli_module
from crib_stats.presentation import console

ROOT = Path(__file__).resolve().parents[2]


def test_score_29(cli):
    code, out, err = cli("score", "5h", "5c", "5s", "jd", "--starter", "5d")
    assert code == 0 and err == ""
    assert "total     29" in out
    assert "fifteens  16" in out and "pairs     12" in out and "nobs       1" in out
    assert "and nobs is 29 (J♦)" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_score_json(cli):
    code, out, _ = cli("score", "5h5c5sjd", "--starter", "5d", "--json")
    d = json.loads(out)
    assert code == 0
    assert (d["fifteens"], d["pairs"], d["runs"], d["flush"], d["nobs"], d["total"]) == (16, 12, 0, 0, 1, 29)
    assert d["hand"] == ["5♥", "5♣", "5♠", "J♦"] and d["starter"] == "5♦" and d["variant"] == "six-card"


def test_score_crib_and_variant(cli):
    code, out, _ = cli("score", "ah,3h,7h,10h", "--starter", "js", "--crib", "--json")
    assert code == 0 and json.loads(out)["total"] == 0
    code, out, _ = cli("score", "2h", "4h", "6h", "-s", "9h", "--variant", "five-card", "--json")
    assert code == 0 and json.loads(out)["flush"] == 4 and json.loads(out)["variant"] == "five-card"


def test_suits_with_a_variation_selector_are_accepted(cli):
    # copied from a phone: U+FE0F follows each suit symbol
    code, out, err = cli("score", "5\u2665\ufe0f", "5\u2663\ufe0f", "5\u2660\ufe0f", "J\u2666\ufe0f", "--starter", "5\u2666\ufe0f")
    assert code == 0 and err == "" and "total     29" in out


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["score", "5h", "5c", "5x", "jd", "--starter", "5d"], "no suit 'x'"),
        (["discard", "5h", "6h", "7c", "jd", "qs", "--variant", "three-player", "--dealer", "--pegging", "greedy"],
         "the three-player game needs a play of three hands in turn (only two-player play is modelled)"),
        (["score", "5h", "5c", "1h", "jd", "--starter", "5d"], "use A for an ace"),
        (["score", "5h", "5c", "5h", "jd", "--starter", "5d"], "duplicate card"),
        (["score", "5h", "5c", "jd", "--starter", "5d"], "needs 4 cards, got 3 (5♥ 5♣ J♦); for a three-card hand use --variant five-card"),
        (["score", "5h", "5c", "5s", "jd", "--starter", "5h"], "starter 5♥ is also in the hand"),
        (["score", "5h", "5c", "5s", "jd"], "--starter"),
        (["score", "5h", "5c", "5s", "jd", "--starter", "5d", "--variant", "seven"], "unknown variant 'seven'"),
        (["score", "5h", "5c", "5s", "jd", "--starter", "5d 6c"], "the starter needs 1 card, got 2"),
        (["enumerate", "--table", "nope"], "invalid choice"),
        (["enumerate", "--plot", "out.jpg"], "png"),
        (["enumerate", "--out", ""], "--out needs a directory"),
        (["frobnicate"], "invalid choice"),
        (["discard", "5h", "5c", "5d", "js", "7c", "--dealer"], "--variant five-card|three-player|four-player"),
        (["peg", "1", "2"], "use A for an ace"),
        (["peg", "--best", "pone", "5", "5"], "--best/--worst need both hands"),
        (["peg", "4", "5", "--variant", "three-player"], "two-player games"),
        (["peg", "7", "7", "7", "7", "7"], "more than four cards of rank 7"),
        # #48 item 9: the command that refused says so (it said "game:"); three players take three scores (#53)
        (["discard", "5h", "6h", "7c", "jd", "qs", "--dealer", "--score", "10", "10", "--variant", "three-player"],
         "error: discard --score: three-player takes three scores: --score MINE LEFT RIGHT"),
    ],
)
def test_bad_input_one_line_exit_2(cli, argv, fragment):
    code, out, err = cli(*argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith("crib-stats: error: ")
    assert fragment in err
    assert "Traceback" not in err


def test_error_quotes_the_card_not_the_argument(cli):
    code, _, err = cli("score", "5h", "5c", "5s", "jd" + "x" * 60000, "--starter", "5d")
    # J♦ reads fine; the error names the piece after it, capped, not the 60 KB argument
    assert code == 2 and len(err) < 300
    assert "cannot read 'jdxxxxxxxxxx'...: no rank 'x'" in err


def test_argparse_errors_use_the_same_format(cli):
    code, out, err = cli("discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer", "--pone")
    assert code == 2 and out == ""
    assert err.startswith("crib-stats: error: discard: argument --pone: not allowed with argument --dealer")


def test_no_command_prints_usage_on_stderr(cli):
    code, out, err = cli()
    assert code == 2 and out == ""
    assert err.startswith("usage: crib-stats") and "crib-stats: error: give a command" in err


def test_enumerate_hand_table_json(cli):
    code, out, _ = cli("enumerate", "--table", "hand", "--json", "--no-deals")
    d = json.loads(out)
    assert code == 0
    h = d["tables"]["hand"]
    assert h["combinations"] == 12_994_800 and sum(h["counts"]) == 12_994_800
    assert h["mean_exact"] == "60759/12740"
    assert h["impossible_scores"] == [19, 25, 26, 27]
    assert abs(h["mean"] - 4.769152276) < 1e-9
    assert set(d["odds"]) == {"random-hand"}


def test_enumerate_all_text_and_csv(cli):
    code, out, _ = cli("enumerate", "--no-deals", "--method", "ranks")
    assert code == 0
    for line in ("== hand:", "== crib:", "== five-card:", "impossible    19, 25, 26, 27", "60759/12740 = 4.769152"):
        assert line in out
    assert "(4 combinations)" in out and max(len(x) for x in out.splitlines()) <= 80
    code, out, _ = cli("enumerate", "--csv", "--no-deals", "--table", "five-card")
    rows = out.strip().splitlines()
    assert rows[0] == "table,score,count,combinations,probability,p_at_least,one_in"
    assert sum(int(r.split(",")[2]) for r in rows[1:]) == 1_082_900


@pytest.mark.slow  # over 10 s on 2 cores
def test_enumerate_table_crib_prints_only_the_crib_odds(cli):
    code, out, _ = cli("enumerate", "--table", "crib")
    assert code == 0
    assert "a random 4-card crib" in out
    assert "six-card deal" not in out and "random 4-card hand" not in out


@pytest.mark.slow  # over 10 s on 2 cores
def test_enumerate_csv_includes_the_deal_odds(cli):
    code, out, _ = cli("enumerate", "--csv", "--table", "hand")
    rows = [r.split(",") for r in out.strip().splitlines()[1:]]
    six = {int(r[1]): int(r[2]) for r in rows if r[0] == "six-card-deal"}
    # a 29 kept from six: the jack and three 5s of the other suits in the six, the fourth 5 (the
    # jack's suit) turned; 4 suits for the jack x C(47, 2) for the other two cards = 4,324
    from math import comb

    assert code == 0 and six[29] == 4 * comb(47, 2) == 4324


def test_enumerate_out_and_plot(cli, tmp_path):
    out_dir = tmp_path / "data"
    png = tmp_path / "dist.png"
    code, _, err = cli("enumerate", "--no-deals", "--out", str(out_dir), "--plot", str(png))
    assert code == 0
    names = sorted(p.name for p in out_dir.iterdir())
    assert names == ["crib-stats-index.md", "crib.csv", "five-card.csv", "hand.csv", "odds.csv"]
    index = (out_dir / "crib-stats-index.md").read_text()
    assert "crib-stats enumerate --table hand" in index
    lines = (out_dir / "hand.csv").read_text().splitlines()
    assert lines[0] == "score,count,probability,p_at_least"
    assert lines[1].startswith("0,1009008,")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"wrote {png}" in err


def test_out_never_touches_a_users_files(cli, tmp_path):
    (tmp_path / "README.md").write_text("my project\n")
    code, out, err = cli("enumerate", "--table", "hand", "--no-deals", "--out", str(tmp_path))
    assert code == 0 and (tmp_path / "README.md").read_text() == "my project\n"
    (tmp_path / "crib.csv").write_text("mine\n")
    code, out, err = cli("enumerate", "--table", "crib", "--no-deals", "--out", str(tmp_path))
    assert code == 2 and out == "" and "crib.csv exists and was not written by crib-stats" in err
    assert (tmp_path / "crib.csv").read_text() == "mine\n"
    # the tool's own file is rewritten in place
    code, _, _ = cli("enumerate", "--table", "hand", "--no-deals", "--out", str(tmp_path))
    assert code == 0


def test_plot_to_missing_directory_writes_nothing(cli, tmp_path):
    code, out, err = cli("enumerate", "--no-deals", "--table", "hand", "--plot", str(tmp_path / "nope" / "x.png"))
    assert code == 2 and "does not exist" in err and out == ""
    assert not (tmp_path / "nope").exists()


@pytest.mark.parametrize("argv", [["--plot", "/proc/x.png"], ["--out", "/proc"]])
def test_unwritable_destination_fails_before_any_output(cli, argv):
    code, out, err = cli("enumerate", "--table", "hand", "--no-deals", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "cannot write" in err


@pytest.mark.slow  # over 2 s on 2 cores
def test_written_files_follow_the_umask(tmp_path):
    script = (
        "import os, sys; os.umask(0o022); from crib_stats.presentation.cli import main; "
        f"sys.exit(main(['enumerate', '--table', 'hand', '--no-deals', '--out', {str(tmp_path / 'o')!r}, "
        f"'--plot', {str(tmp_path / 'p.png')!r}]))"
    )
    subprocess.run([sys.executable, "-c", script], check=True, capture_output=True)
    for path in (tmp_path / "o" / "hand.csv", tmp_path / "o" / "crib-stats-index.md", tmp_path / "p.png"):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o644, path


def test_ctrl_c_exits_quietly_with_130():
    with started([sys.executable, "-c", "from crib_stats.presentation.cli import main; import sys; "
                  "print('ready', flush=True); sys.exit(main(['peg', '--extremes', '--recompute']))"],
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        assert proc.stdout.readline() == "ready\n"  # imported, however loaded the machine is
        time.sleep(1.5)  # inside main's search (the six-card extremes take tens of seconds)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


@pytest.mark.slow  # over 2 s on 2 cores
def test_a_first_run_on_a_terminal_says_what_it_builds_and_draws_a_bar(tmp_path):
    """#30 item 10: a first discard --score was silent for 39 s on a terminal (compiling, building
    the sweep's rank memo). With empty caches and stderr a terminal: one line says what is being
    built and why, the table is named as it is built, and a bar counts the kernels with the time
    left; interrupted as soon as the bar shows it (event, not a fixed wait). The child starts
    with SIGINT at its default."""
    import pty
    import re
    import select

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    master, slave = pty.openpty()
    with started([sys.executable, "-m", "crib_stats", "discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer",
                  "--score", "0", "115"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave, env=env) as proc:
        os.close(slave)
        seen = ""
        bar = re.compile(r"compiling \[#* *\] \d+/26 kernels, \d+:\d\d left")
        while not bar.search(seen):
            ready, _, _ = select.select([master], [], [], 600)
            chunk = os.read(master, 4096).decode(errors="replace") if ready else ""
            assert chunk, f"no bar with the time left: {seen!r}"
            seen += chunk
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=300)
        os.close(master)
    assert proc.returncode == 130
    flat = " ".join(seen.split())
    assert flat.count("crib-stats: first run after an install or upgrade: numba compiles the kernels this command "
                      "uses, once; they are kept in") == 1
    assert "crib-stats: building the table board_memo_six-card once" in flat


def test_a_warm_run_on_a_terminal_prints_no_first_run_lines(cli, monkeypatch):
    code, out, _ = cli("discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--score", "0", "115")  # warm
    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    code, out, _ = cli("discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--score", "0", "115")
    assert code == 0 and tty.text == ""


def test_a_command_off_a_terminal_draws_nothing_after_one_on_a_terminal(monkeypatch, capsys):
    """The compile listener stays registered for the process once a command on a terminal added
    it (tests run many commands in one process); a later command whose stderr is not a terminal
    draws no line or bar when a kernel compiles (the suite's CI once failed on such a bar)."""
    monkeypatch.setattr(sys, "stderr", _Tty())
    console.first_run_note()
    run = console._WATCH[0]
    assert run.active
    monkeypatch.undo()
    console.reset()  # the next command, its stderr captured (not a terminal)
    console.first_run_note()
    run.started("crib_stats.kernels.a.f")
    run.ended("crib_stats.kernels.a.f", True)
    run.table("t", False)
    console.end_line()
    assert capsys.readouterr().err == "" and not run.active


def test_the_first_run_bar_weighs_by_the_plan(monkeypatch):
    """The bar's share and time left are the plan's seconds (what each part took when measured)
    scaled by this machine's rate so far; the count is of kernels."""
    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    clock = iter([100.0, 110.0, 110.0, 110.0, 110.0])
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    run = console._FirstRun()
    run.active = True
    run.plan = {"kernels": {"crib_stats.kernels.a.f": 1.0, "crib_stats.kernels.a.g": 2.0}, "tables": {"t": 1.0}}
    run.started("crib_stats.kernels.a.f")  # says the line, starts the clock at 100
    run.ended("crib_stats.kernels.a.f", True)  # a quarter of the plan's 4 s in 10 s: 30 s left
    assert "compiling [#######                       ] 1/2 kernels, 0:30 left" in tty.text
    assert tty.text.count("first run after an install or upgrade") == 1
    run.table("t", False)
    assert tty.text.count("\n") == 3  # the line, the bar ended, the table's line
    assert "crib-stats: building the table t once" in tty.text
    console._LINE.clear()


def test_the_first_run_plans_name_kernels_that_exist():
    """data/first_runs.json (scripts/first_run_plan.py) names kernels of the package: a kernel
    renamed or gone is found here, and the plan measured again."""
    import importlib
    import json

    from crib_stats.core.data import data_file
    from crib_stats.presentation import game_cli  # noqa: F401  (its runners name the plans)

    runs = json.loads(data_file(console.FIRST_RUNS).read_text())["runs"]
    assert set(runs) == {"discard --score", "advise", "advise --score", "game --board-play", "game --deals"}
    for label, run in runs.items():
        assert run["kernels"] and all(v >= 0 for v in run["kernels"].values())
        for name in run["kernels"]:
            module, _, qualname = name.rpartition(".")
            obj = importlib.import_module(module)
            assert hasattr(obj, qualname.split(".")[0]), (label, name)


def test_help_is_instant_and_imports_nothing_heavy():
    code = (
        "import sys; from crib_stats.presentation.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('numba', 'pandas', 'matplotlib') if m in sys.modules]\n"
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("[]")
    assert max(len(line) for line in out.stdout.splitlines()) <= 80


def test_serve_help_names_every_tab_of_the_page(capsys):
    """#48 item 9: serve --help names the page's tabs, each as the page labels it (read from the
    page's panels)."""
    import re

    from crib_stats.presentation.cli import main

    static = ROOT / "crib_stats" / "presentation" / "web" / "static"
    labels = [re.search(r'export const label = "([^"]+)"', f.read_text()).group(1) for f in sorted(static.glob("panel_*.js"))]
    assert len(labels) == 6 and "Play a game" in labels and "Counting" in labels
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "six tabs" in text and all(f"{label} (" in text for label in labels), text


@pytest.mark.parametrize("command", ["score", "enumerate", "discard", "peg", "serve"])
def test_help_texts_fit_80_columns(command):
    out = subprocess.run([sys.executable, "-m", "crib_stats.presentation.cli", command, "--help"], capture_output=True,
                         text=True, check=True, env=dict(os.environ, COLUMNS="80"))
    assert max(len(line) for line in out.stdout.splitlines()) <= 80


def test_commands_call_the_library_with_the_parsed_arguments(cli, monkeypatch):
    """Wiring: the CLI hands the parsed options to discard.analyse unchanged."""
    import crib_stats.discard.analysis as discard

    seen = {}
    real = discard.analyse

    def spy(cards, **kwargs):
        seen.update(kwargs, cards=cards)
        return real(cards, **kwargs)

    monkeypatch.setattr(discard, "analyse", spy)
    code, _, _ = cli("discard", "5h", "6h", "7c", "jd", "qs", "--variant", "five-card", "--pone", "--need", "7",
                     "--starter", "4c", "--rank-by", "ev")
    assert code == 0
    assert seen == {"cards": ["5h", "6h", "7c", "jd", "qs"], "role": "pone", "variant": "five-card",
                    "crib_model": "random", "starter": "4c", "need": 7, "rank_by": "ev", "pegging": None,
                    "peg_opponent": None}


def test_committed_data_is_what_the_code_computes():
    """Drift detector: crib_stats/data/ is generated by the CLI (see its crib-stats-index.md); it must not drift
    from the code. The counts themselves are held to the naive scorer on all 12,994,800 combinations
    by tests/kernels/test_exhaustive.py and to the rank method by tests/show/test_enumeration.py."""
    import csv

    from crib_stats.show.deals import deal_odds
    from crib_stats.show.enumeration import counts

    root = os.path.join(os.path.dirname(__file__), "..", "..", "crib_stats", "data")
    for table in ("hand", "crib", "five-card"):
        with open(os.path.join(root, f"{table}.csv"), newline="") as fh:
            got = [int(r["count"]) for r in csv.DictReader(fh)]
        assert got == counts(table).tolist(), table
    with open(os.path.join(root, "odds.csv"), newline="") as fh:
        rows = list(csv.DictReader(fh))
    for key, (dealt, keep) in {"six-card-deal": (6, 4), "three-four-player-deal": (5, 4), "five-card-deal": (5, 3)}.items():
        got = {int(r["score"]): int(r["count"]) for r in rows if r["framing"] == key}
        want = {s: c for s, c in enumerate(deal_odds(dealt, keep).counts) if c}
        assert got == want, key


def test_the_index_reads_back_as_it_was_written(tmp_path):
    """The committed index and a command cell only partly in code survive a read and a rewrite
    unchanged (a rewrite once added a stray backtick to such a row)."""
    from crib_stats.core.io import INDEX_NAME, index_text, parse_index

    root = os.path.join(os.path.dirname(__file__), "..", "..", "crib_stats", "data")
    text = open(os.path.join(root, INDEX_NAME), encoding="utf-8").read()
    assert index_text(parse_index(text)) == text
    rows = {"a.npz": ("`make data` (the hook, seed 0)", "partly code"), "b.csv": ("crib-stats x --out DIR", "plain")}
    written = index_text(rows)
    assert "| `b.csv` | `crib-stats x --out DIR` | plain |" in written
    assert "| `a.npz` | `make data` (the hook, seed 0) | partly code |" in written
    assert parse_index(written) == rows and index_text(parse_index(written)) == written


@pytest.mark.slow  # over 10 s on 2 cores
def test_sweep_with_pegging_adds_the_per_seat_table(cli):
    """The per-seat figures the command prints, derived here without crib_stats.strategy.seats: the
    show from the sweep's own roles, his heels by hand, and the play's value from the pairing
    formula of the seats docstring evaluated in floats with numpy on the committed keeps."""
    from fractions import Fraction
    from math import comb

    import numpy as np
    import pandas as pd

    from crib_stats.peg import tables as playvalue

    code, out, _ = cli("sweep", "--pegging", "minimax", "--json")
    d = json.loads(out)
    assert code == 0 and d["command"] == "sweep"
    s, roles = d["seats"], d["roles"]
    exact = lambda k: Fraction(s[f"{k}_exact"])  # noqa: E731
    assert exact("hand_dealer") == Fraction(roles["dealer"]["mean_hand_exact"])
    assert exact("crib") == Fraction(roles["dealer"]["mean_crib_exact"])
    assert exact("hand_pone") == Fraction(roles["pone"]["mean_hand_exact"])
    assert exact("heels") == Fraction(2 * 4, 52)  # 2 points when one of the 4 jacks of 52 is turned
    # dealer - pone over the deal: the play's value + the dealer's hand, crib and heels - the pone's hand
    assert exact("value") == exact("peg_value") + exact("hand_dealer") + exact("crib") + exact("heels") \
        - exact("hand_pone")
    # the play's value: keeps i (pone) and j (dealer) weighed by w_p(i) w_d(j) prod_r C(4 - j_r, i_r) / C(4, i_r)
    ms = playvalue.multisets()
    keeps = pd.read_parquet(os.path.join(os.path.dirname(__file__), "..", "..", "crib_stats", "data", "sweep_six-card_keeps.parquet"))
    names = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    w = {role: np.zeros(len(ms)) for role in ("pone", "dealer")}
    for role, text, n in zip(keeps["role"], keeps["keep"], keeps["deals"]):
        if role in w:
            w[role][playvalue.multiset_row([names.index(x) for x in text.split()])] += n
    c = np.array([[comb(a, k) for k in range(5)] for a in range(5)], float)
    factor = np.ones((len(ms), len(ms)))
    for r in range(13):
        factor *= c[4 - ms[None, :, r], ms[:, None, r]] / c[4, ms[:, None, r]]
    weight = w["pone"][:, None] * w["dealer"][None, :] * factor
    values = playvalue.value_matrix("minimax").astype(float)
    peg = (weight * np.where(weight > 0, values, 0)).sum() / weight.sum()
    assert abs(float(exact("peg_value")) - peg) < 1e-9
    assert abs(float(exact("pairs_kept")) - weight.sum() / (w["pone"].sum() * w["dealer"].sum())) < 1e-12
    code, out, err = cli("sweep", "--variant", "five-card", "--pegging", "greedy")
    assert code == 2 and "six-card" in err
    code, out, err = cli("sweep", "--pegging", "greedy", "--sample", "5")
    assert code == 2 and "--sample needs --pegging and --out" in err


def test_claims_command(cli, tmp_path):
    code, out, _ = cli("claims", "--id", "hand-29", "--json")
    d = json.loads(out)
    assert code == 0 and d["command"] == "claims" and [c["id"] for c in d["claims"]] == ["hand-29"]
    md = tmp_path / "claims.md"
    code, out, err = cli("claims", "--id", "odds-29", "--markdown", str(md))
    assert code == 0 and md.read_text().splitlines()[1] == "# The seeds' claims, checked" and f"wrote {md}" in err
    code, out, err = cli("claims", "--id", "no-such-claim")
    assert code == 2 and out == "" and err.count("\n") == 1 and "no claim 'no-such-claim'" in err
    assert max(len(line) for line in cli("claims")[1].splitlines()) <= 80


# ---- a closed stdout never costs the files asked for (#20 item 2) ----------------------------------


@pytest.mark.parametrize("argv, files", [
    (["enumerate", "--table", "hand", "--no-deals", "--out", "{d}/oh", "--plot", "{d}/oh.png"],
     ["oh/hand.csv", "oh/odds.csv", "oh/crib-stats-index.md", "oh.png"]),
    (["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--plot", "{d}/d.png"], ["d.png"]),
    (["claims", "--id", "odds-29", "--markdown", "{d}/c.md"], ["c.md"]),
    (["sweep", "--variant", "five-card", "--out", "{d}/sw"], ["sw/sweep_five-card_throws.parquet",
                                                             "sw/crib-stats-index.md"]),
])
@pytest.mark.slow  # over 2 s on 2 cores
def test_files_are_written_when_stdout_closes_early(argv, files, tmp_path):
    cmd = " ".join([f"'{sys.executable}'", "-m", "crib_stats.presentation.cli"] + [a.format(d=tmp_path) for a in argv])
    proc = subprocess.run(["bash", "-c", f"set -o pipefail; {cmd} | true"], capture_output=True, text=True,
                          env=dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache")))
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr and "Exception ignored" not in proc.stderr
    for name in files:
        assert (tmp_path / name).stat().st_size > 0, name


def test_markdown_into_a_directory_fails_before_any_output(cli, tmp_path):
    code, out, err = cli("claims", "--markdown", str(tmp_path))
    assert code == 2 and out == "" and err.count("\n") == 1 and "is a directory" in err


# ---- never over a file crib-stats did not write (#19 item 2) -----------------------------------------


@pytest.mark.parametrize("argv, name", [
    (["enumerate", "--table", "hand", "--no-deals", "--plot"], "p.png"),
    (["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--plot"], "p.png"),
    (["claims", "--id", "odds-29", "--markdown"], "notes.md"),
])
@pytest.mark.slow  # over 2 s on 2 cores
def test_single_file_outputs_replace_only_their_own_files(cli, tmp_path, argv, name):
    from crib_stats.core.io import written_by_us

    path = tmp_path / name
    path.write_bytes(b"the user's own file\n")
    code, out, err = cli(*argv, str(path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "was not written by crib-stats; add --force" in err
    assert path.read_bytes() == b"the user's own file\n"  # untouched
    code, out, err = cli(*argv, str(path), "--force")
    assert code == 0 and written_by_us(path)
    code, out, err = cli(*argv, str(path))  # its own file: replaced without --force
    assert code == 0 and written_by_us(path), err


def test_own_file_markers(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from crib_stats.core import io

    fig = plt.figure()
    io.save_figure(tmp_path / "ours.png", fig)
    fig.savefig(tmp_path / "theirs.png")  # a matplotlib PNG, not crib-stats'
    plt.close(fig)
    io.write_markdown(tmp_path / "ours.md", "# x\n")
    (tmp_path / "theirs.md").write_text("# x\n" + io.MARKDOWN_MARKER + "\n")  # the marker must be first
    assert io.written_by_us(tmp_path / "ours.png") and not io.written_by_us(tmp_path / "theirs.png")
    assert io.written_by_us(tmp_path / "ours.md") and not io.written_by_us(tmp_path / "theirs.md")


# ---- conflicting or repeated options are refused (#20 item 3) ----------------------------------------


@pytest.mark.parametrize("argv, fragment", [
    (["enumerate", "--table", "hand", "--crib"], "enumerate: --table and --crib set the same thing"),
    (["enumerate", "--crib", "--all"], "enumerate: --crib and --all set the same thing"),
    (["enumerate", "--method", "brute", "--method", "ranks"], "--method given twice (brute, then ranks)"),
    (["score", "5h", "5c", "5s", "jd", "--starter", "4d", "--starter", "5d"], "--starter given twice (4d, then 5d)"),
    (["score", "5h", "5c", "5s", "jd", "-s", "4d", "--starter=5d"], "--starter given twice (4d, then 5d)"),
    (["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--variant", "six-card", "--variant", "five-card"],
     "--variant given twice"),
    (["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--need", "8", "--need", "9"], "--need given twice"),
    (["peg", "--pone", "5", "5", "4", "4", "--pone", "4", "--dealer", "5", "4", "4", "K"], "--pone given twice"),
    (["sweep", "--seed", "1", "--seed", "2"], "--seed given twice"),
    (["enumerate", "--plot", "a.png", "--plot", "b.png"], "--plot given twice"),
])
def test_conflicting_or_repeated_options_are_refused(cli, argv, fragment):
    code, out, err = cli(*argv)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert fragment in err


def test_repeatable_options_still_repeat(cli):
    code, out, _ = cli("claims", "--id", "hand-29", "--id", "odds-29", "--json")
    assert code == 0 and [c["id"] for c in json.loads(out)["claims"]] == ["hand-29", "odds-29"]


# ---- progress on a terminal, silence elsewhere (#20 item 4) ------------------------------------------


from terminal import FakeTerminal as _Tty  # noqa: E402

def test_progress_bar_shows_the_total_and_the_time_left(monkeypatch):
    tty = _Tty()
    monkeypatch.setattr(sys, "stderr", tty)
    draw = console.progress_bar("sample", "deals")
    draw(0, 400)
    draw(100, 400)
    assert "100/400 deals" in tty.text and " left" in tty.text.split("\r")[-1]
    draw(400, 400)
    assert tty.text.endswith("\n") and "400/400 deals, 0:0" in tty.text


@pytest.mark.slow  # over 2 s on 2 cores
def test_claims_show_progress_on_a_terminal_only(tmp_path):
    import pty

    argv = [sys.executable, "-m", "crib_stats.presentation.cli", "claims", "--id", "hand-29", "--id", "odds-29"]
    piped = subprocess.run(argv, capture_output=True, text=True)
    assert piped.returncode == 0 and piped.stderr == ""
    master, slave = pty.openpty()
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=slave, text=True)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert proc.returncode == 0
    assert "claims [" in seen.decode() and "2/2 claims" in seen.decode()


class _Stop(Exception):
    pass


@pytest.mark.parametrize("argv, module, function", [
    (["peg", "--play-table", "minimax"], "crib_stats.peg.tables", "compute_table"),
    (["peg", "--extremes", "--recompute"], "crib_stats.peg.extremes", "extremes"),
    (["claims", "--recompute"], "crib_stats.claims", "evaluate"),
])
def test_long_commands_pass_a_progress_bar_on_a_terminal(monkeypatch, argv, module, function):
    import importlib

    seen = []

    def spy(*args, progress=None, **kwargs):
        seen.append(progress)
        raise _Stop

    monkeypatch.setattr(importlib.import_module(module), function, spy)
    for stderr, want in ((_Tty(), True), (None, False)):
        if stderr is not None:
            monkeypatch.setattr(sys, "stderr", stderr)
        else:
            monkeypatch.undo()
            monkeypatch.setattr(importlib.import_module(module), function, spy)
        with pytest.raises(_Stop):
            cli_module.main(argv)
        assert (seen[-1] is not None) == want


def test_the_sample_reports_its_progress():
    from crib_stats.strategy.seats_sample import sample_records

    calls = []
    sample_records(3, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(3, 3)]


# ---- the two commands give a working tool (#48 item 8) -----------------------------------------


def test_make_run_installs_the_web_extra_from_this_checkout():
    """make run installs the web extra from the checkout (crib-stats serve needs it) and says how
    to reach crib-stats after it (the README's commands are typed with .venv activated)."""
    import shutil

    if shutil.which("make") is None:
        pytest.skip("no make")
    dry = subprocess.run(["make", "--no-print-directory", "-n", "-B", "run"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    lines = dry.splitlines()
    install = [x for x in lines if "pip install" in x and "--upgrade pip" not in x]
    assert install == [".venv/bin/python -m pip install --quiet -e '.[web]'"], dry
    assert lines.index(install[0]) < lines.index(".venv/bin/crib-stats enumerate")
    assert ". .venv/bin/activate" in lines[-1]


def test_serve_without_the_web_extra_says_how_to_install_it_from_here(cli, monkeypatch):
    """The line named ``pip install 'crib-stats[web]'``, which would fetch whatever an index calls
    crib-stats; from a checkout it is this checkout's extra, into the Python running crib-stats."""
    from crib_stats.presentation.web import command

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if the extra were not installed
    code, out, err = cli("serve", "--port", "0")
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert f"serve needs the web extra (uvicorn is missing): {sys.executable} -m pip install -e '{ROOT}[web]'" in err
    assert "'crib-stats[web]'" not in err
    # installed from a wheel (no checkout around it): the extra's own requirements
    monkeypatch.setattr(command, "__file__", "/nowhere/site-packages/crib_stats/presentation/web/command.py")
    line = command.install_web_line()
    assert line.startswith(f"{sys.executable} -m pip install ") and "fastapi" in line and "uvicorn" in line
    assert "crib-stats[web]" not in line


def test_the_compile_line_is_drawn_on_a_terminal_only(monkeypatch, capsys):
    """#48 item 12, the flaky test found: the first-run watcher is the process's, and once a command
    on a terminal (a test's fake one) had set it going, a later command whose kernel compiled drew
    its bar into a captured stderr, and a one-line refusal came out as two lines. Drawing needs a
    terminal now, whatever the watcher's state."""
    from crib_stats.presentation import console

    run = console._FirstRun()
    run.active, run.start, run.kernels = True, 0.0, 1
    run.started("crib_stats.kernels.show.x")
    run.draw()
    run.table("a table", False)
    assert capsys.readouterr().err == "" and not console._LINE
