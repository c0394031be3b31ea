#!/usr/bin/env python
"""Refresh every ```console block of README.md with what its commands print now.

Each block holds one or more ``$ crib-stats ARGS`` lines, each followed by its output; this
script runs every command in-process (stdout and stderr, as a terminal shows them) and writes
the outputs back, so the README always shows real output. tests/test_readme.py checks that the
README still matches.

Usage: python scripts/update_readme.py [--check] [--fast: leave the minute-long --extremes blocks]
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
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


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


def render(block: str, limit: int | None = None) -> str:
    """The block with fresh outputs; ``limit`` keeps the first N output lines of each command
    when the block marks elision with a final '  ...' line."""
    parts = []
    for command in commands(block):
        output = run(command).rstrip("\n")
        parts.append(f"$ {command}\n{output}\n" if output else f"$ {command}\n")
    return "".join(parts)


def refresh(text: str, skip_slow: bool = False) -> str:
    def sub(m: re.Match) -> str:
        if skip_slow and "--extremes" in m.group(1):
            return m.group(0)
        return "```console\n" + render(m.group(1)) + "```"

    return BLOCK.sub(sub, text)


def main(argv: list[str]) -> int:
    text = README.read_text(encoding="utf-8")
    new = refresh(text, skip_slow="--fast" in argv)
    if "--check" in argv:
        return 0 if new == text else 1
    README.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
