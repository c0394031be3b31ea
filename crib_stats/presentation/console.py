"""What the commands print and how: stdout that survives a closed pipe, the files-written
lines, progress bars on a terminal, what a first run builds (said and drawn on a terminal), the
exit codes."""

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
    end_line()
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
    end_line()
    print(f"wrote {path}", file=sys.stderr)


def warn(text: str) -> None:
    """``crib-stats: warning: TEXT`` on stderr, on a line of its own."""
    end_line()
    print(f"crib-stats: warning: {text}", file=sys.stderr)


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


FIRST_RUNS = "first_runs.json"
_WATCH: list = []  # the one _FirstRun of the process, once first_run_note has run on a terminal


def first_run_note(plan: str | None = None) -> None:
    """Before work that runs numba kernels, on a terminal, from now on: the first time numba
    compiles one of the package's kernels (a first run after an install or an upgrade), one
    line says what is being built and why, and a bar counts the kernels compiled with the time
    left (by the command's ``plan``: its entry in ``data/first_runs.json``, what its first run
    built and how long each part took, measured by ``scripts/first_run_plan.py``); a table
    computed once per machine (:func:`crib_stats.runtime.disk.disk_cached`) is said in a line as
    it is built. A warm run prints nothing. Imports numba: call it only before work that runs
    kernels."""
    if not sys.stderr.isatty():
        return
    if _WATCH:
        _WATCH[0].active = True
        _WATCH[0].use(plan)
        return
    from numba.core import event

    from crib_stats.runtime import disk as tables

    run = _FirstRun()
    run.active = True
    run.use(plan)
    _WATCH.append(run)

    class Compiles(event.Listener):
        def on_start(self, ev):
            run.started(_kernel_name(ev))

        def on_end(self, ev):
            # compiled unless it carries an exception (numba 0.68's is_failed says the opposite)
            run.ended(_kernel_name(ev), getattr(ev, "_exc_details", None) is None)

    event.register("numba:compile", Compiles())
    tables.BUILDING.append(run.table)


def _kernel_name(ev) -> str:
    f = ev.data["dispatcher"].py_func
    return f"{getattr(f, '__module__', '')}.{f.__qualname__}"


class _FirstRun:
    """What a first run has built so far, against its plan: kernels by name and tables by name,
    each weighed by the seconds it took when the plan was measured."""

    def __init__(self):
        self.plan: dict = {}
        self.active = False  # this command called first_run_note on a terminal (the listener stays)
        self.depth = 0
        self.said = False
        self.kernels = 0  # the package's kernels compiled in this process
        self.weight = 0.0  # the plan's seconds of what is built so far
        self.start = None

    def use(self, name: str | None) -> None:
        if name is None:
            return
        import json

        from crib_stats.core.data import data_file

        try:
            runs = json.loads(data_file(FIRST_RUNS).read_text(encoding="utf-8"))["runs"]
        except (OSError, ValueError, KeyError):
            return
        self.plan = runs.get(name, {})

    def say(self) -> None:
        if not self.said and sys.stderr.isatty():
            import time

            from crib_stats.runtime.cache import cache_dir

            self.said = True
            self.start = time.monotonic()
            print(f"crib-stats: first run after an install or upgrade: numba compiles the kernels this command "
                  f"uses, once; they are kept in {cache_dir()} and later runs start at once (Ctrl-C stops it "
                  "within a few seconds)", file=sys.stderr, flush=True)

    def started(self, name: str) -> None:
        if self.active and self.depth == 0 and name.startswith("crib_stats.kernels."):
            self.say()
            self.draw()
        self.depth += 1

    def ended(self, name: str, compiled: bool) -> None:
        self.depth -= 1
        if self.active and compiled and name.startswith("crib_stats.kernels."):
            self.kernels += 1
            self.weight += self.plan.get("kernels", {}).get(name, 0.0)
            self.draw()

    def table(self, name: str, built: bool) -> None:
        if not self.active:
            return
        if built:
            self.weight += self.plan.get("tables", {}).get(name, 0.0)
            self.draw()
            return
        if not sys.stderr.isatty():
            return
        end_line()
        print(f"crib-stats: building the table {name} once (first run on this machine; kept beside the compiled "
              "kernels for later runs)", file=sys.stderr, flush=True)
        if self.said:
            self.draw()

    def draw(self) -> None:
        """``compiling [####    ] 9/28 kernels, 0:41 left``: the bar and the time left by the
        plan's seconds (the rate of this machine so far), the count of kernels compiled."""
        import time

        # only on a terminal: the watcher outlives the command that set it (a test's fake terminal, a
        # thread of another command), and a compile line in a captured stderr is a second line where
        # one was promised (seen as an advise refusal of two lines, once in a full run)
        if self.start is None or not sys.stderr.isatty():
            return
        total = sum(self.plan.get("kernels", {}).values()) + sum(self.plan.get("tables", {}).values())
        planned = len(self.plan.get("kernels", {}))
        share = min(self.weight / total, 1.0) if total else 0.0
        elapsed = time.monotonic() - self.start
        count = f"{self.kernels}/{max(planned, self.kernels)}" if planned else f"{self.kernels}"
        tail = f", {clock(elapsed * (1 - share) / share)} left" if 0 < share < 1 and self.kernels else ""
        _LINE[:] = [f"compiling [{'#' * int(30 * share):<30}] {count} kernels", self.start]
        print(f"\r{_LINE[0]}{tail}\033[K", end="", file=sys.stderr, flush=True)


_LINE: list = []  # the compile line being drawn on stderr and when it began, not yet ended


def end_line() -> None:
    """End the compile line, drawn as it stands with the time taken so far, before other output
    or at the end of the command."""
    if _LINE:
        import time

        line, start = _LINE
        _LINE.clear()
        print(f"\r{line}, {clock(time.monotonic() - start)}\033[K", file=sys.stderr, flush=True)


def drop_line() -> None:
    """Forget the compile line without drawing it again (an interrupt ends it with its own)."""
    _LINE.clear()


def reset() -> None:
    """A new command: stdout is there again, nothing built yet (main() runs several commands in
    one process: tests)."""
    global _STDOUT_GONE
    _STDOUT_GONE = False
    end_line()
    if _WATCH:
        _WATCH[0].__init__()


def dumps(obj, **kw) -> str:
    import json  # lazy: only --json and the JSON files need it (2 ms of every other start)

    return json.dumps(obj, **kw)


def print_throws(args, shown, as_json, as_csv, as_text):
    """Print a discard analysis as ``--json``, ``--csv`` or text."""
    if args.json:
        say(dumps(as_json(shown), ensure_ascii=False))
    elif args.csv:
        say(as_csv(shown))
    else:
        say(as_text(shown))
    return shown
