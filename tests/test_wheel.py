"""The wheel as a user gets it: built from this checkout, installed into a fresh virtual
environment outside it, and run from a folder that is not the checkout.

The new environment gets only the wheel (``--no-deps``); its dependencies (numba, numpy,
pandas, ...) are those of the suite's environment, made visible by one ``.pth`` line (their
site-packages directory is not a site dir there, so the editable install's finder in it is not
loaded: ``crib_stats`` can only come from the wheel, which the first check proves). Every
command must work from the package data alone: the committed tables are in the wheel.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel_env(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp / "dist"), str(ROOT)],
                   check=True, capture_output=True)
    (wheel,) = (tmp / "dist").glob("crib_stats-*.whl")
    # no pip of its own (ensurepip is most of a venv's five seconds): the suite's pip installs into it
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp / "venv")], check=True)
    py = tmp / "venv" / "bin" / "python"
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "suite-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--quiet", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True)
    work = tmp / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    return {"wheel": wheel, "python": py, "site": site, "cwd": work, "env": env,
            "cli": tmp / "venv" / "bin" / "crib-stats"}


def run(env, *argv, python=False):
    cmd = [str(env["python"]), *argv] if python else [str(env["cli"]), *argv]
    return subprocess.run(cmd, cwd=env["cwd"], env=env["env"], capture_output=True, text=True, timeout=600)


def test_the_wheel_holds_the_code_and_every_committed_table(wheel_env):
    names = set(zipfile.ZipFile(wheel_env["wheel"]).namelist())
    committed = sorted(p.name for p in (ROOT / "crib_stats" / "data").iterdir() if p.is_file())
    missing = [n for n in committed if f"crib_stats/data/{n}" not in names]
    assert not missing, missing
    assert "crib_stats/presentation/cli.py" in names and "crib_stats/kernels/show.py" in names
    # the studies (studies/: the measurements that regenerate committed data, the page's load client) stay in
    # the checkout; their results' readers are in the package
    assert (ROOT / "studies" / "boardcost.py").is_file() and "crib_stats/game/boardcost.py" in names
    assert not [n for n in names if n.startswith("studies/") or "/studies/" in n]


def test_the_wheel_ships_every_json_schema_and_they_resolve_from_it(wheel_env):
    """The schemas of the record, the protocol and the --json objects are package data: a bot
    author's program finds them in the installed package, each file as committed."""
    names = set(zipfile.ZipFile(wheel_env["wheel"]).namelist())
    home = ROOT / "crib_stats" / "schema"
    committed = sorted(p.relative_to(home).as_posix() for p in home.rglob("*.json"))
    assert committed and [n for n in committed if f"crib_stats/schema/{n}" not in names] == []
    out = run(wheel_env, "-c", "from importlib.resources import files; import json; "
              "s = files('crib_stats') / 'schema'; "
              "print(json.loads((s / 'record' / 'crib-stats-game-1.schema.json').read_text())['title']); "
              "print(sum(1 for p in (s / 'protocol' / '1').iterdir()))", python=True)
    assert out.returncode == 0, out.stderr
    title, messages = out.stdout.split("\n")[:2]
    assert title.startswith("crib-stats-game/1") and int(messages) == len([n for n in committed if n.startswith("protocol/1/")])


def test_crib_stats_comes_from_the_wheel(wheel_env):
    out = run(wheel_env, "-c", "import crib_stats, crib_stats.core.data as d; print(crib_stats.__file__); "
              "print(d.DATA_DIR)", python=True)
    assert out.returncode == 0, out.stderr
    module, data = out.stdout.split()
    assert module.startswith(str(wheel_env["site"])) and data.startswith(str(wheel_env["site"])), out.stdout
    assert not module.startswith(str(ROOT))


@pytest.mark.parametrize("argv, first", [
    (["score", "5h", "5c", "5s", "jd", "--starter", "5d"], "hand 5♥ 5♣ 5♠ J♦  starter 5♦"),
    (["enumerate", "--table", "hand"], "== hand: 4-card hand + starter"),
    (["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--pegging", "greedy", "--crib-model", "hessel"],
     "crib model hessel, play greedy: 5♥ 6♥ 7♣ J♦ Q♠ K♦"),
    (["crib-table"], "equilibrium: the dealer's own crib"),
    (["claims"], "[reproduced] hands-12994800"),
    (["claims", "--id", "peg-rule-no-pair"], "peg-rule-no-pair"),
    (["game", "--board-play"], "what playing to the board is worth (six-card): 12,000 whole games"),
    (["match", "greedy", "random", "--games", "2"], "match: greedy (A) against random (B), six-card, 2 games"),
])
def test_every_command_runs_from_the_installed_wheel(wheel_env, argv, first):
    out = run(wheel_env, *argv)
    assert out.returncode == 0, out.stderr
    assert first in out.stdout.splitlines()[0], out.stdout.splitlines()[:2]


def test_the_studies_results_are_read_from_the_wheel(wheel_env):
    """What the notebooks and the commands read of the studies' committed files, from the wheel
    alone (no studies/ there): the advisor's worth, the board cost, the rules of thumb, the matches."""
    code = ("from crib_stats.game import advise_value, boardcost, boardplay, peg_rules\n"
            "from crib_stats.match.committed import committed\n"
            "print(advise_value.committed()['dealer'].deals, boardcost.committed()['games'],\n"
            "      len(boardcost.committed_rows()['ints']) > 0, len(boardplay.committed_games()['rows']),\n"
            "      len(peg_rules.frame()), 'greedy-greedy' in committed())\n"
            "import importlib.util; print(importlib.util.find_spec('studies'))\n")
    out = run(wheel_env, "-c", code, python=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["3000", "240", "True", "12000", "8", "True", "None"], out.stdout


def test_the_play_table_is_read_from_the_wheel_not_rebuilt(wheel_env):
    # computing it would call compute_table, which is made to fail here
    code = ("import crib_stats.peg.tables as t\n"
            "t.compute_table = t.compute_rows = None\n"
            "table = t.play_table('greedy')\n"
            "print(t.table_path('greedy'), table.shape)\n")
    out = run(wheel_env, "-c", code, python=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(str(wheel_env["site"])) and "(1820, 1820, 2)" in out.stdout
