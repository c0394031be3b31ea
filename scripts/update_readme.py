#!/usr/bin/env python
"""Refresh every ```console block of README.md and of the documentation's pages (docs/**/*.md)
with what its commands print now.

Each block holds one or more ``$ crib-stats ARGS`` lines, each followed by its output; this
script runs every command in-process (stdout and stderr, as a terminal shows them) and writes
the outputs back, so the front page and the manual always show real output.
tests/test_readme.py checks that every block still matches.

Usage: python scripts/update_readme.py [--check] [FILE ...]
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def pages() -> list[Path]:
    """Every file whose console blocks are real output: the README, then the manual's pages."""
    return [README] + sorted(DOCS.rglob("*.md"))


def blocks() -> list[tuple[str, str]]:
    """(the file relative to the checkout, the block's text) for every console block."""
    return [(str(p.relative_to(ROOT)), b) for p in pages() for b in BLOCK.findall(p.read_text(encoding="utf-8"))]


def run(command: str) -> str:
    from crib_stats.presentation.cli import main

    argv = shlex.split(command)
    assert argv[0] == "crib-stats", command
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(argv[1:])
    return out.getvalue() + err.getvalue()


def commands(block: str) -> list[str]:
    return [line[2:] for line in block.splitlines() if line.startswith("$ ")]


def render(block: str) -> str:
    """The block with fresh outputs."""
    parts = []
    for command in commands(block):
        output = run(command).rstrip("\n")
        parts.append(f"$ {command}\n{output}\n" if output else f"$ {command}\n")
    return "".join(parts)


def refresh(text: str) -> str:
    def sub(m: re.Match) -> str:
        return "```console\n" + render(m.group(1)) + "```"

    return BLOCK.sub(sub, text)


def main(argv: list[str]) -> int:
    files = [Path(a).resolve() for a in argv if not a.startswith("--")] or pages()
    stale = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        new = refresh(text)
        if new == text:
            continue
        stale.append(path)
        if "--check" not in argv:
            path.write_text(new, encoding="utf-8")
    for path in stale:
        print(f"{'stale' if '--check' in argv else 'refreshed'}: {path.relative_to(ROOT)}")
    return 1 if stale and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
