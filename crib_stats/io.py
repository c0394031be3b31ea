"""The only module that writes files: tables under a data directory, written atomically.

Each file is written to a temporary file in the same directory and renamed into place, so a
reader never sees half a file; the directory's README.md lists every file with the command
that made it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from .errors import CribStatsError


class OutputError(CribStatsError):
    """A destination that cannot be written (one-line message)."""


def atomic_write(path: str | os.PathLike, write: Callable, binary: bool = False) -> Path:
    """Call ``write(fileobj)`` on a temp file beside ``path`` and rename it into place."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise OutputError(f"cannot write {path}: directory {directory} does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        mode = "wb" if binary else "w"
        with os.fdopen(fd, mode, **({} if binary else {"encoding": "utf-8", "newline": ""})) as fh:
            write(fh)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


def write_text(path: str | os.PathLike, text: str) -> Path:
    return atomic_write(path, lambda fh: fh.write(text))


def write_frame_csv(path: str | os.PathLike, df) -> Path:
    return atomic_write(path, lambda fh: df.to_csv(fh, index=False, lineterminator="\n"))


def save_figure(path: str | os.PathLike, fig) -> Path:
    """Save a matplotlib figure as PNG, atomically."""
    path = Path(path)
    if path.suffix.lower() != ".png":
        raise OutputError(f"cannot write {path}: plots are written as .png files")
    return atomic_write(path, lambda fh: fig.savefig(fh, format="png", dpi=110, bbox_inches="tight"), binary=True)


def prepare_dir(directory: str | os.PathLike) -> Path:
    """Create the output directory (parents included) or fail with one line."""
    d = Path(directory)
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create output directory {d}: {exc.strerror}") from None
    if not os.access(d, os.W_OK):
        raise OutputError(f"cannot write to output directory {d}")
    return d


def update_readme(directory: str | os.PathLike, entries: Iterable[tuple[str, str, str]]) -> Path:
    """Record (file, command, description) rows in DIR/README.md, keeping rows for other files."""
    d = Path(directory)
    readme = d / "README.md"
    rows: dict[str, tuple[str, str]] = {}
    if readme.exists():
        for line in readme.read_text(encoding="utf-8").splitlines():
            if line.startswith("| `") and line.count("|") >= 4:
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                rows[cells[0].strip("`")] = (cells[1].strip("`"), cells[2])
    for name, command, description in entries:
        rows[name] = (command, description)
    lines = [
        "# Data tables",
        "",
        "Every file here is produced by crib-stats; regenerate one with the command beside it",
        "(or all of them with `python scripts/regenerate_data.py`). Do not edit them by hand.",
        "",
        "| file | command | contents |",
        "| --- | --- | --- |",
    ]
    for name in sorted(rows):
        command, description = rows[name]
        lines.append(f"| `{name}` | `{command}` | {description} |")
    return write_text(readme, "\n".join(lines) + "\n")
