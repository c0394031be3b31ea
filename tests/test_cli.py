"""The CLI in-process: main([...]) with captured output."""

import json
import subprocess
import sys

import pytest

from crib_stats.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_29(capsys):
    code, out, err = run(capsys, "score", "5h", "5c", "5s", "jd", "--starter", "5d")
    assert code == 0 and err == ""
    assert "total     29" in out
    assert "fifteens  16" in out and "pairs     12" in out and "nobs       1" in out
    assert "and nobs is 29 (J♦)" in out


def test_score_json(capsys):
    code, out, _ = run(capsys, "score", "5h5c5sjd", "--starter", "5d", "--json")
    d = json.loads(out)
    assert code == 0
    assert (d["fifteens"], d["pairs"], d["runs"], d["flush"], d["nobs"], d["total"]) == (16, 12, 0, 0, 1, 29)
    assert d["hand"] == ["5♥", "5♣", "5♠", "J♦"] and d["starter"] == "5♦"


def test_score_crib_and_variant(capsys):
    code, out, _ = run(capsys, "score", "ah,3h,7h,10h", "--starter", "js", "--crib", "--json")
    assert code == 0 and json.loads(out)["total"] == 0
    code, out, _ = run(capsys, "score", "2h", "4h", "6h", "-s", "9h", "--variant", "five-card", "--json")
    assert code == 0 and json.loads(out)["flush"] == 4


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["score", "5h", "5c", "5x", "jd", "--starter", "5d"], "unknown suit 'x'"),
        (["score", "5h", "5c", "1h", "jd", "--starter", "5d"], "unknown rank '1'"),
        (["score", "5h", "5c", "5h", "jd", "--starter", "5d"], "duplicate card"),
        (["score", "5h", "5c", "jd", "--starter", "5d"], "needs 4 cards, got 3"),
        (["score", "5h", "5c", "5s", "jd", "--starter", "5h"], "starter 5♥ is also in the hand"),
        (["score", "5h", "5c", "5s", "jd"], "--starter"),
        (["score", "5h", "5c", "5s", "jd", "--starter", "5d", "--variant", "seven"], "unknown variant 'seven'"),
        (["enumerate", "--table", "nope"], "invalid choice"),
        (["enumerate", "--plot", "out.jpg"], "png"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_bad_input_one_line_exit_2(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert fragment in err
    assert "Traceback" not in err


def test_enumerate_hand_table_json(capsys):
    code, out, _ = run(capsys, "enumerate", "--table", "hand", "--json", "--no-deals")
    d = json.loads(out)
    assert code == 0
    h = d["hand"]
    assert h["combinations"] == 12_994_800 and sum(h["counts"]) == 12_994_800
    assert h["mean"] == "60759/12740"
    assert h["impossible_scores"] == [19, 25, 26, 27]
    assert abs(h["mean_decimal"] - 4.769152276) < 1e-9
    assert set(d["odds"]) == {"random_hand", "random_crib"}


def test_enumerate_all_text_and_csv(capsys, tmp_path):
    code, out, _ = run(capsys, "enumerate", "--no-deals", "--method", "ranks")
    assert code == 0
    for line in ("== hand:", "== crib:", "== five-card:", "impossible    19, 25, 26, 27", "60759/12740 = 4.769152"):
        assert line in out
    code, out, _ = run(capsys, "enumerate", "--csv", "--no-deals", "--table", "five-card")
    rows = out.strip().splitlines()
    assert rows[0] == "table,score,count,probability,p_at_least"
    assert sum(int(r.split(",")[2]) for r in rows[1:]) == 1_082_900


def test_enumerate_out_and_plot(capsys, tmp_path):
    out_dir = tmp_path / "data"
    png = tmp_path / "dist.png"
    code, _, _ = run(capsys, "enumerate", "--no-deals", "--out", str(out_dir), "--plot", str(png))
    assert code == 0
    names = sorted(p.name for p in out_dir.iterdir())
    assert names == ["README.md", "crib.csv", "five_card_hand.csv", "hand.csv"]
    readme = (out_dir / "README.md").read_text()
    assert "crib-stats enumerate --table hand" in readme
    lines = (out_dir / "hand.csv").read_text().splitlines()
    assert lines[0] == "score,count,probability,p_at_least"
    assert lines[1].startswith("0,1009008,")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_to_missing_directory_writes_nothing(capsys, tmp_path):
    code, out, err = run(capsys, "enumerate", "--no-deals", "--table", "hand",
                         "--plot", str(tmp_path / "nope" / "x.png"))
    assert code == 2 and "does not exist" in err and out == ""
    assert not (tmp_path / "nope").exists()


def test_help_is_instant_and_imports_nothing_heavy():
    code = (
        "import sys; from crib_stats.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('numba', 'pandas', 'matplotlib') if m in sys.modules]\n"
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("[]")
