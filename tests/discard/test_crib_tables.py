"""Table crib models: reading and validating a CSV, and the model behind the discard interface."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from crib_stats.discard import analysis as discard
from crib_stats.discard.crib_base import CribModelError
from crib_stats.discard.crib_models import get_model
from crib_stats.core.data import DATA_DIR as DATA
from crib_stats.discard.crib_tables import CribTableError, load_table

HEADER = "r1,r2,dealer_own_crib,pone_into_dealer_crib"
NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _csv(tmp_path, lines, name="t.csv"):
    p = tmp_path / name
    p.write_text("\n".join(lines) + "\n")
    return p


def _full_rows():
    # a made-up table: own crib = rank sum / 10, into his = 1 + that (two decimals at most)
    return [f"{NAMES[a]},{NAMES[b]},{(a + b) / 10:.1f},{1 + (a + b) / 10:.1f}" for a in range(13) for b in range(a, 13)]


def test_a_user_table_is_read_in_either_rank_order(tmp_path):
    rows = _full_rows()
    rows[1] = "2,A,0.1,1.1"  # A,2 written as 2,A
    t = load_table(_csv(tmp_path, [HEADER] + rows))
    assert t.value(0, 1, True) == t.value(1, 0, True) == 0.1
    assert t.value(12, 12, False) == pytest.approx(1 + 24 / 10)
    assert len(t.rows()) == 91


@pytest.mark.parametrize("edit, message", [
    (lambda r: ["r1,r2,own,pone"] + r, "line 1: the header"),
    (lambda r: [HEADER] + r[:5] + ["A,Z,1,1"] + r[5:], "line 7: 'Z' is not a rank"),
    (lambda r: [HEADER] + r[:3] + ["A,A,x,1"] + r[4:], "line 5: dealer_own_crib 'x' is not a number"),
    (lambda r: [HEADER] + r[:3] + ["A,4,1,31"] + r[4:], "line 5: pone_into_dealer_crib 31 is outside 0..29"),
    # Q,K is the 90th of the 91 pairs (line 91); the repeat is appended as line 93
    (lambda r: [HEADER] + r + ["K,Q,1,1"], "line 93: the pair Q,K is already on line 91"),
    (lambda r: [HEADER] + r[:-1], "missing the pair(s) K,K"),
    (lambda r: [HEADER] + r[:2] + ["A,3,1"] + r[3:], "line 4: expected 4 fields"),
])
def test_a_malformed_table_is_one_line_naming_the_problem_and_the_line(tmp_path, edit, message):
    with pytest.raises(CribTableError) as err:
        load_table(_csv(tmp_path, edit(_full_rows())))
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_a_missing_file_and_a_table_error_are_crib_model_errors(tmp_path):
    with pytest.raises(CribModelError, match="cannot read"):
        get_model(f"table:{tmp_path / 'nope.csv'}")


def test_the_hessel_copy_is_the_shared_published_table():
    shared = DATA.parent.parent.parent / "shared" / "reference" / "hessel_tables.csv"
    if not shared.exists():
        pytest.skip("the shared reference directory is not beside this checkout")
    assert (DATA / "hessel_tables.csv").read_bytes() == shared.read_bytes()


def test_a_table_model_answers_with_the_table_value_and_the_exact_hand(tmp_path):
    path = _csv(tmp_path, [HEADER] + _full_rows())
    model = get_model(f"table:{path}")
    dealt = "5h 5c 5d js 7c 9h"
    for role in ("dealer", "pone"):
        by_table = {(r.throw, r.keep): r for r in discard.evaluate(dealt, role=role, crib_model=model)}
        by_random = {(r.throw, r.keep): r for r in discard.evaluate(dealt, role=role)}
        for key, r in by_table.items():
            a, b = sorted(c.rank for c in r.throw)  # Card.rank: 0 = ace .. 12 = king
            want = Fraction(a + b, 10) + (0 if role == "dealer" else 1)
            assert r.crib_ev == want
            assert r.hand_ev == by_random[key].hand_ev
            assert r.net_ev == r.hand_ev + (want if role == "dealer" else -want)


def test_hessel_model_reads_the_committed_table():
    model = get_model("hessel")
    r = next(x for x in discard.evaluate("5h 5c 2d 3s kc qh", role="dealer", crib_model=model)
             if sorted(c.rank for c in x.throw) == [1, 2])
    assert r.crib_ev == Fraction(697, 100)  # 2,3 own crib in Hessel's table: 6.97


def test_random_table_is_the_exact_random_crib_of_each_pair():
    from crib_stats.core.cards import Card
    from crib_stats.discard.model_tables import crib_table, random_exact

    exact = random_exact()
    # 5-5: every pair of fives is alike; K-Q: the mean of the 16 card pairs, 4 suited
    assert exact[4, 4] == discard.crib_value("5c 5d").crib_ev == discard.crib_value("5h 5s").crib_ev
    kq = [discard.crib_value([Card(12, s), Card(11, t)]).crib_ev for s in range(4) for t in range(4)]
    assert exact[11, 12] == sum(kq) / 16
    df = crib_table("random")
    assert (df.dealer_own_crib == df.pone_into_dealer_crib).all()
    assert df.set_index(["r1", "r2"]).loc[("5", "5"), "dealer_own_crib"] == float(exact[4, 4])


def test_the_grid_and_the_csv_render_every_pair(tmp_path):
    from crib_stats.discard.crib_tables import load_table, render_csv
    from crib_stats.discard.model_tables import model_table
    from crib_stats.presentation.report.crib import render_grid

    t = model_table("hessel")
    grid = render_grid(t)
    lines = grid.splitlines()
    assert len(lines) == 2 * 15 + 1
    five = next(line for line in lines[2:15] if line.split()[0] == "5")
    assert five.split()[5] == "8.95"  # 5,5 own crib in the published table
    again = load_table(_csv(tmp_path, render_csv(t).splitlines()))
    assert np.array_equal(again.dealer, t.dealer) and np.array_equal(again.pone, t.pone)


# --- crib-table --solve: the CLI's checks and wiring (the solve itself is `make data`) ---------

@pytest.mark.parametrize("argv, says", [
    (["--out", "x"], "--out goes with --solve"),
    (["--fresh"], "--fresh goes with --solve"),
    (["--solve"], "give --out DIR"),
    (["--solve", "--out", "x", "--csv"], "drop --csv"),
    (["--solve", "--out", "x", "--workers", "2"], "--workers goes with --scheduler local"),
    (["--solve", "--out", "x", "--shards", "0"], "--shards must be at least 1"),
    (["--solve", "--out", "x", "--scheduler", "nowhere"], "scheduler must be local or a Dask address"),
])
def test_solve_flags_are_checked_before_anything_runs(cli, monkeypatch, tmp_path, argv, says):
    from crib_stats.strategy import solution

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(solution, "solve_and_write", lambda *a, **k: pytest.fail("solved on bad input"))
    code, out, err = cli("crib-table", *argv)
    assert code == 2 and out == "" and says in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()


def test_solve_on_a_terminal_reports_each_step_with_the_time_so_far(monkeypatch, tmp_path):
    """On a terminal each step of the solve is a line with the time so far (it once named a
    function it never imported, so a terminal run failed at its first line)."""
    import io

    from crib_stats.presentation import cli as cli_module
    from crib_stats.strategy import solution

    class Tty(io.StringIO):
        def isatty(self):
            return True

    def fake(out, progress=None, **kw):
        progress("iteration 1: exploitability 0.5")
        raise RuntimeError("stop here")

    monkeypatch.setattr(solution, "solve_and_write", fake)
    err = Tty()
    monkeypatch.setattr("sys.stderr", err)
    with pytest.raises(RuntimeError, match="stop here"):
        cli_module.main(["crib-table", "--solve", "--out", str(tmp_path)])
    assert "iteration 1: exploitability 0.5 [0:00 so far]" in err.getvalue()


def test_solve_passes_the_engine_options_and_lists_its_files_in_the_index(cli, monkeypatch, tmp_path):
    from crib_stats.strategy import solution

    seen = {}

    def fake(out, **kw):
        seen.update(kw)
        for name in solution.FILES:
            out.write(name, f"{name}\n", solution.COMMAND, solution.FILES[name])
        cr = {"mean_abs_error": 0.25}
        return {"iterations": 3, "seconds_per_iteration": 1.5, "resumed_from_iteration": 1, "value": 4.5,
                "exploitability": 0.004, "purified": {"exploitability": 1e-7}, "mean_hand_dealer": 7.5,
                "mean_hand_pone": 8.0, "mean_crib": 4.75, "card_removal": {"dealer": cr, "pone": cr}}

    monkeypatch.setattr(solution, "solve_and_write", fake)
    code, out, err = cli("crib-table", "--solve", "--out", str(tmp_path), "--scheduler", "local",
                         "--workers", "2", "--shards", "4", "--fresh")
    assert code == 0
    assert seen["scheduler"] == "local" and seen["workers"] == 2 and seen["shards"] == 4 and seen["fresh"] is True
    assert "solved in 3 iterations" in out and "value (dealer's show - pone's, per deal): 4.5000" in out
    index = (tmp_path / "crib-stats-index.md").read_text()
    assert all(f"`{name}` | `{solution.COMMAND}`" in index for name in solution.FILES)
    assert err.count("wrote ") == len(solution.FILES) + 1  # and the index
