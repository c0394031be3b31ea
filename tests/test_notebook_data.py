"""Notebooks find the committed data through the package (crib_stats.core.data), not through
the working directory, and their committed outputs carry no install warnings (#20 item 8)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _code(path):
    return ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
            if c["cell_type"] == "code"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebooks_do_not_look_for_data_in_the_working_directory(path):
    for src in _code(path):
        assert "../data" not in src and "Path('data')" not in src and 'Path("data")' not in src, src[:200]


def test_the_data_notebooks_use_the_locator():
    for name in ("05_policy", "06_strategic_crib", "07_pegging"):
        assert any("crib_stats.core.data import" in src for src in _code(ROOT / "notebooks" / f"{name}.ipynb")), name


def test_data_dir_does_not_depend_on_the_working_directory(tmp_path):
    code = "from crib_stats.core.data import data_file; print(data_file('equilibrium_summary.json', must_exist=True))"
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert Path(out.stdout.strip()).resolve() == (ROOT / "crib_stats" / "data" / "equilibrium_summary.json").resolve()


def test_a_missing_data_file_is_one_line():
    from crib_stats.core.data import DataError, data_file

    with pytest.raises(DataError, match="no_such_table.csv is missing from this install of crib-stats"):
        data_file("no_such_table.csv", must_exist=True)


def test_notebook_02_has_no_install_warning():
    nb = json.loads((ROOT / "notebooks" / "02_discard_explorer.ipynb").read_text(encoding="utf-8"))
    text = json.dumps(nb)
    assert "ipywidgets" not in text
