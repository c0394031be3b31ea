"""What the commands print and how: stdout that survives a closed pipe, the files-written
lines, progress bars on a terminal, the first-run note, the exit codes."""

from __future__ import annotations

import io
import sys

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def say(*args, **kwargs) -> None:
    """print() to stdout, flushed; when the reader has gone (``| head``, ``| true``) the rest of
    the output is dropped and the command goes on to write the files it was asked for."""
    global _STDOUT_GONE
    if _STDOUT_GONE:
        return
    try:
        print(*args, **kwargs)
        sys.stdout.flush()
    except BrokenPipeError:
        _STDOUT_GONE = True
        drop_stdout()


def drop_stdout() -> None:
    """Point stdout at /dev/null so that nothing (not even the flush at exit) fails on it again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


_STDOUT_GONE = False


def wrote(path) -> None:
    print(f"wrote {path}", file=sys.stderr)


def clock(seconds: float) -> str:
    s = int(round(seconds))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def progress_bar(label: str, unit: str):
    """A one-line bar on stderr, ``label [####    ] done/total unit, M:SS left``, the time left
    from the rate since the first call (work found done in a cache does not count); the final
    call ends the line with the time taken. Used only when stderr is a terminal."""
    import time

    start: list = []

    def draw(done: int, total: int) -> None:
        now = time.monotonic()
        if not start:
            start.extend((now, done))
        t0, d0 = start
        bar = "#" * (30 * done // max(total, 1))
        if done >= total:
            tail, end = f", {clock(now - t0)}", "\n"
        elif done > d0 and now > t0:
            tail, end = f", {clock((total - done) * (now - t0) / (done - d0))} left", ""
        else:
            tail, end = "", ""
        print(f"\r{label} [{bar:<30}] {done:,}/{total:,} {unit}{tail}\033[K", end=end, file=sys.stderr, flush=True)

    return draw


def bar_if_tty(label: str, unit: str):
    """:func:`progress_bar` on a terminal, else None (silent when stderr is a file or pipe)."""
    return progress_bar(label, unit) if sys.stderr.isatty() else None


def first_run_note() -> None:
    """Say once, on a terminal, that the kernels are being compiled (first run only)."""
    if sys.stderr.isatty():
        from crib_stats.kernels import cache_is_cold

        if cache_is_cold():
            print("crib-stats: compiling the numba kernels (first run only, up to a minute)...",
                  file=sys.stderr, flush=True)


def reset() -> None:
    """A new command: stdout is there again (main() runs several commands in one process: tests)."""
    global _STDOUT_GONE
    _STDOUT_GONE = False


def dumps(obj, **kw) -> str:
    import json  # lazy: only --json and the JSON files need it (2 ms of every other start)

    return json.dumps(obj, **kw)


def print_throws(args, shown, as_json, as_csv, as_text):
    """Print a discard analysis as ``--json``, ``--csv`` or text (the first-run note before text)."""
    if args.json:
        say(dumps(as_json(shown), ensure_ascii=False))
    elif args.csv:
        say(as_csv(shown))
    else:
        first_run_note()
        say(as_text(shown))
    return shown
