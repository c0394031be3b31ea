#!/usr/bin/env python
"""Execute every notebook in notebooks/ and save it with its outputs, so a reader on a code host
sees the tables and charts. The test suite executes them again (pytest --nbmake).

Usage: python scripts/execute_notebooks.py [NAME.ipynb ...]
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def execute(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    for cell in nb.cells:  # keep diffs small: no execution timestamps
        cell.get("metadata", {}).pop("execution", None)
    nbformat.write(nb, path)
    print(f"executed {path.relative_to(ROOT)}")


def main(names: list[str]) -> int:
    paths = [ROOT / "notebooks" / n for n in names] if names else sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        execute(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
