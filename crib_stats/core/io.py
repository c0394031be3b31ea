"""The only module that writes files: atomic, umask-respecting, never over a foreign file.

Each file is written to a temporary file in the same directory and renamed into place, so a
reader never sees half a file; it then gets the mode any other program's output would get
(0666 less the umask). In an output directory the tool keeps its own index
(``crib-stats-index.md``) of the files it wrote, with the command behind each; it refuses to
replace a file that the index does not list, so a user's own ``README.md`` or ``hand.csv`` is
never touched. Destinations are checked (by writing a probe file) before any output is printed.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from crib_stats.core.errors import CribStatsError

INDEX_NAME = "crib-stats-index.md"
_INDEX_HEAD = [
    "# Tables written by crib-stats",
    "",
    "Every file listed here was produced by crib-stats; regenerate one with the command beside it",
    "(or all of them with `make data`). Do not edit them by hand; files not listed are not the tool's.",
    "",
    "| file | command | contents |",
    "| --- | --- | --- |",
]


def parse_index(text: str) -> dict[str, tuple[str, str]]:
    """Rows of an index written by :func:`index_text`: file -> (command, contents)."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("| `") and line.count("|") >= 4:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[_unquote(cells[0])] = (_unquote(cells[1]), cells[2])
    return rows


def _unquote(cell: str) -> str:
    """A cell that is one code span, without its backticks; any other cell as it is (so a
    command written partly in code reads back as written)."""
    return cell[1:-1] if len(cell) >= 2 and cell[0] == cell[-1] == "`" and cell.count("`") == 2 else cell


def _quote(text: str) -> str:
    return text if "`" in text else f"`{text}`"


def index_text(rows: dict[str, tuple[str, str]]) -> str:
    lines = list(_INDEX_HEAD)
    for name in sorted(rows):
        command, description = rows[name]
        lines.append(f"| {_quote(name)} | {_quote(command)} | {description} |")
    return "\n".join(lines) + "\n"


class OutputError(CribStatsError):
    """A destination that cannot be written (one-line message)."""


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path: str | os.PathLike, write: Callable, binary: bool = False) -> Path:
    """Call ``write(fileobj)`` on a temp file beside ``path`` and rename it into place."""
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise OutputError(f"cannot write {path}: directory {directory} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    try:
        mode = "wb" if binary else "w"
        with os.fdopen(fd, mode, **({} if binary else {"encoding": "utf-8", "newline": ""})) as fh:
            write(fh)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except OSError as exc:
        _remove(tmp)
        raise OutputError(f"cannot write {path}: {exc.strerror}") from None
    except BaseException:
        _remove(tmp)
        raise
    return path


def _remove(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass


def write_text(path: str | os.PathLike, text: str) -> Path:
    return atomic_write(path, lambda fh: fh.write(text))


def check_writable_dir(directory: str | os.PathLike, what: str) -> None:
    """Fail with one line unless a file can really be created in ``directory`` (a read-only
    file system or /proc passes os.access for root, so a probe file is written and removed)."""
    d = Path(directory)
    if not d.is_dir():
        raise OutputError(f"{what}: directory {d} does not exist")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".crib-stats-probe.", dir=d)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        raise OutputError(f"{what}: cannot write in {d} ({exc.strerror})") from None


# How crib-stats knows a single file as its own (and so may replace it): a PNG carries
# "Software: crib-stats ..." in a tEXt chunk; a Markdown file starts with this line.
PNG_SOFTWARE = "crib-stats"
MARKDOWN_MARKER = "<!-- written by crib-stats, which may replace this file; delete this line to keep it -->"


def _png_is_ours(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            if fh.read(8) != b"\x89PNG\r\n\x1a\n":
                return False
            while True:
                head = fh.read(8)
                if len(head) < 8:
                    return False
                length, kind = int.from_bytes(head[:4], "big"), head[4:]
                if kind in (b"IDAT", b"IEND"):
                    return False
                data = fh.read(length)
                fh.seek(4, 1)  # crc
                if kind == b"tEXt":
                    key, _, value = data.partition(b"\0")
                    if key == b"Software" and value.startswith(PNG_SOFTWARE.encode()):
                        return True
    except OSError:
        return False


def _markdown_is_ours(path: Path) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.readline().rstrip("\n") == MARKDOWN_MARKER
    except OSError:
        return False


def written_by_us(path: str | os.PathLike) -> bool:
    """True when ``path`` is a file crib-stats wrote (a PNG's Software chunk, a Markdown file's
    first line)."""
    path = Path(path)
    return _png_is_ours(path) if path.suffix.lower() == ".png" else _markdown_is_ours(path)


def check_file(path: str | None, flag: str, force: bool = False, suffix: str | None = None,
               kind: str = "files") -> None:
    """Refuse a bad single-file destination before any work is done or anything printed: no
    name, the wrong suffix, a directory, a folder that cannot be written, or an existing file
    crib-stats did not write (unless ``force``)."""
    if path is None:
        return
    if not path:
        raise OutputError(f"{flag} needs a file name" + (f" ending in {suffix}" if suffix else ""))
    if suffix and not path.lower().endswith(suffix):
        raise OutputError(f"{flag} {path}: {kind} are written as {suffix} files")
    if os.path.isdir(path):
        raise OutputError(f"{flag} {path}: is a directory; give a file name")
    check_writable_dir(os.path.dirname(path) or ".", f"{flag} {path}")
    if os.path.lexists(path) and not force and not written_by_us(path):
        raise OutputError(f"{flag} {path}: the file exists and was not written by crib-stats; "
                          "add --force to replace it")


def check_png(path: str | None, force: bool = False) -> None:
    """Refuse a bad --plot destination before any work is done or anything printed."""
    check_file(path, "--plot", force, ".png", "plots")


def save_figure(path: str | os.PathLike, fig) -> Path:
    """Save a matplotlib figure as PNG, atomically, marked as crib-stats' own (see
    :func:`written_by_us`)."""
    from crib_stats import __version__

    path = Path(path)
    if path.suffix.lower() != ".png":
        raise OutputError(f"cannot write {path}: plots are written as .png files")
    meta = {"Software": f"{PNG_SOFTWARE} {__version__}"}
    return atomic_write(path, lambda fh: fig.savefig(fh, format="png", dpi=110, bbox_inches="tight", metadata=meta),
                        binary=True)


def write_markdown(path: str | os.PathLike, text: str) -> Path:
    """Write a Markdown file whose first line marks it as crib-stats' own."""
    return write_text(path, MARKDOWN_MARKER + "\n" + text)


class OutputDir:
    """An output directory of the tool's: checked before any output, created (with any missing
    parents) only when its first file is written, so a run stopped before it writes anything
    leaves no empty folder; written only where the file is new or listed in the tool's own
    index (or anywhere with ``force``: the command's ``--force``). ``keep``: names that hold a
    run's own results (a match's records), which a later run does not replace without ``force``
    even though the tool wrote them. ``written``: the files written so far, the index last.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> out = OutputDir(root / "a" / "b", ["x.txt"])
    >>> (root / "a").exists()
    False
    >>> [p.name for p in (out.write("x.txt", "1\\n", "crib-stats x", "a figure"), *out.written)]
    ['x.txt', 'x.txt', 'crib-stats-index.md']
    >>> OutputDir(root / "a" / "b", ["x.txt"], keep=["x.txt"])
    Traceback (most recent call last):
    ...
    crib_stats.core.io.OutputError: --out ...: x.txt holds an earlier run's output (crib-stats x); --force replaces it, or choose another directory
    """

    def __init__(self, directory: str | os.PathLike, names: Iterable[str], force: bool = False,
                 keep: Iterable[str] = ()):
        if not str(directory):
            raise OutputError("--out needs a directory name")
        self.dir = Path(directory)
        if self.dir.exists() and not self.dir.is_dir():
            raise OutputError(f"--out {self.dir}: not a directory")
        there = self.dir
        while not there.exists():  # the deepest folder there is: the rest is made at the first write
            there = there.parent
        if not there.is_dir():
            raise OutputError(f"--out {self.dir}: {there} is not a directory")
        check_writable_dir(there, f"--out {self.dir}")
        index = self.dir / INDEX_NAME
        self.rows = parse_index(index.read_text(encoding="utf-8")) if index.exists() else {}
        for name in names:
            if not (self.dir / name).exists() or force:
                continue
            if name not in self.rows:
                raise OutputError(f"--out {self.dir}: {name} exists and was not written by crib-stats "
                                  f"(not in {INDEX_NAME}); choose another directory")
            if name in keep:
                raise OutputError(f"--out {self.dir}: {name} holds an earlier run's output ({self.rows[name][0]}); "
                                  "--force replaces it, or choose another directory")
        self.files: list[Path] = []

    @property
    def written(self) -> list[Path]:
        """The files written so far, then the index that lists them (once any is written)."""
        return self.files + ([self.dir / INDEX_NAME] if self.files else [])

    def write(self, name: str, text: str, command: str, description: str) -> Path:
        return self.write_with(name, lambda fh: fh.write(text), command, description)

    def write_with(self, name: str, write: Callable, command: str, description: str, binary: bool = False) -> Path:
        """Write ``name`` by calling ``write(fileobj)`` (atomically) and list it in the index."""
        self._make()
        path = atomic_write(self.dir / name, write, binary=binary)
        self.rows[name] = (command, description)
        if path not in self.files:
            self.files.append(path)
        self.close()  # listed at once: a run stopped before the end leaves only files it may replace
        return path

    def _make(self) -> None:
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OutputError(f"--out {self.dir}: cannot create the directory ({exc.strerror})") from None

    def close(self) -> Path:
        """Write the index listing every file of the tool's in the directory."""
        self._make()
        return write_text(self.dir / INDEX_NAME, index_text(self.rows))
