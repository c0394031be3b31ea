"""The README shows real output: every ```console block matches what its commands print now
(scripts/update_readme.py refreshes them)."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import update_readme  # noqa: E402

BLOCKS = update_readme.BLOCK.findall(update_readme.README.read_text(encoding="utf-8"))


@pytest.mark.parametrize("block", [b for b in BLOCKS if "--extremes" not in b], ids=lambda b: b.splitlines()[0][:60])
@pytest.mark.slow  # over 2 s on 2 cores
def test_console_block_is_current(block):
    assert update_readme.render(block) == block


@pytest.mark.slow
@pytest.mark.parametrize("block", [b for b in BLOCKS if "--extremes" in b], ids=lambda b: b.splitlines()[0][:60])
def test_extremes_block_is_current(block):
    assert update_readme.render(block) == block


def test_readme_has_the_json_schema_and_the_first_run_note():
    text = update_readme.README.read_text(encoding="utf-8")
    assert "## JSON: one schema for every command" in text and "schema_version" in text
    assert "The first run compiles them" in text
