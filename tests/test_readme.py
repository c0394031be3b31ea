"""The front page and the manual show real output: every ```console block of README.md and of
docs/**/*.md matches what its commands print now (scripts/update_readme.py refreshes them), and
every ```pycon block runs as a doctest."""

import doctest
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import update_readme  # noqa: E402

BLOCKS = update_readme.blocks()


def ident(item):
    return f"{item[0]}: {item[1].splitlines()[0][:60]}" if isinstance(item, tuple) else str(item)


@pytest.mark.parametrize("where", BLOCKS, ids=ident)
@pytest.mark.slow  # over 2 s on 2 cores
def test_console_block_is_current(where):
    _, block = where
    assert update_readme.render(block) == block


PYCON = [(str(p.relative_to(ROOT)), b) for p in update_readme.pages()
         for b in re.findall(r"```pycon\n(.*?)```", p.read_text(encoding="utf-8"), re.S)]


@pytest.mark.parametrize("where", PYCON, ids=ident)
def test_python_example_runs(where):
    name, block = where
    test = doctest.DocTestParser().get_doctest(block, {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0, name


def test_the_blocks_are_found_in_the_readme_and_the_manual():
    files = {f for f, _ in BLOCKS}
    assert "README.md" in files and any(f.startswith("docs/") for f in files)
    assert all(update_readme.commands(b) for _, b in BLOCKS)  # every block runs at least one command


def test_the_manual_has_the_json_schema_and_the_first_run_note():
    json_page = (update_readme.DOCS / "json.md").read_text(encoding="utf-8")
    assert "# JSON: one schema for every command" in json_page and "schema_version" in json_page
    assert "The first run compiles them" in (update_readme.DOCS / "getting-started.md").read_text(encoding="utf-8")
