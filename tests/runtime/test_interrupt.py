"""Ctrl-C in every long command (a subprocess and SIGINT): it stops within about a second
(bound: 15 s, the machine is shared), prints one line, exits 130 and leaves nothing half-written;
the sweep keeps the shards it finished."""

import os
import signal
import subprocess
import sys
import time
import weakref

import pytest
from children import started

COMMANDS = {
    "solve": ["crib-table", "--solve", "--out", "{tmp}/out"],
    "sweep": ["sweep", "--fresh", "--out", "{tmp}/out"],
    "sweep-pegging": ["sweep", "--pegging", "greedy", "--sample", "5000", "--out", "{tmp}/out"],
    "extremes": ["peg", "--extremes", "--recompute", "--out", "{tmp}/out"],
    "play-table": ["peg", "--play-table", "minimax", "--out", "{tmp}/out"],
    "claims-recompute": ["claims", "--recompute", "--markdown", "{tmp}/claims.md"],
}


@pytest.fixture(scope="module", autouse=True)
def compiled_kernels():
    """Compile (or load) every kernel first: the moments below are inside the commands' work, not
    inside a first run's compilation (LLVM, which a Ctrl-C cannot cut short). Nothing to do when
    conftest.py's --warm-kernels compiled them into this cache before the workers started."""
    if os.environ.get("CRIB_STATS_TEST_WARM") == os.environ.get("NUMBA_CACHE_DIR"):
        return
    from crib_stats.kernels import warmup

    warmup()


def interrupt(argv, tmp_path, delay, until=None, at=None):
    """Run crib-stats ARGV, send SIGINT ``delay`` s after it has imported (or, with ``until``, as
    soon as ``until()`` is true, polled for up to 120 s; or, with ``at=(module, function, n)``, as
    soon as the command calls ``module.function`` for the n-th time: the child reports the call on
    its stdout, so the moment is the event itself, however loaded the machine is); (code, err,
    seconds)."""
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    mark = ""
    if at is not None:  # wrap the function: the n-th call prints "reached" before it runs
        mark = ("import importlib; m = importlib.import_module(%r); f = getattr(m, %r); calls = []\n"
                "def marked(*a, **k):\n    calls.append(1)\n"
                "    if len(calls) == %d: print('reached', flush=True)\n    return f(*a, **k)\n"
                "setattr(m, %r, marked)\n") % (at[0], at[1], at[2], at[1])
    with started([sys.executable, "-c", "from crib_stats.presentation.cli import main; import sys\n" + mark
                  + "print('ready', flush=True); sys.exit(main(sys.argv[1:]))", *[a.format(tmp=tmp_path) for a in argv]],
                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) as proc:
        assert proc.stdout.readline() == "ready\n"  # imported, however loaded the machine is
        if at is not None:
            assert proc.stdout.readline() == "reached\n", f"{at} was not called {at[2]} times"
        elif until is None:
            time.sleep(delay)
        else:
            deadline = time.monotonic() + 120
            while not until() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
        assert proc.poll() is None, "finished before it was interrupted"
        proc.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        _, err = proc.communicate(timeout=120)
        return proc.returncode, err, time.monotonic() - t0


def check_stopped(code, err, seconds, tmp_path):
    assert code == 130, err
    assert err.splitlines() == ["crib-stats: interrupted (no file is left half-written; a resumable run keeps its "
                                "finished work)"], err
    assert seconds < 15  # about a second on an idle machine; generous for a shared one
    out = tmp_path / "out"
    if out.exists():  # every file there is whole and listed in the tool's index
        from crib_stats.core.io import INDEX_NAME, parse_index

        names = {p.name for p in out.iterdir()} - {INDEX_NAME}
        assert not [n for n in names if n.endswith(".tmp")]
        listed = parse_index((out / INDEX_NAME).read_text()) if (out / INDEX_NAME).exists() else {}
        assert names <= set(listed)
    assert not (tmp_path / "claims.md").exists()


# the six-card sweep takes about 2 s on an idle 2-core machine: it is interrupted sooner
@pytest.mark.parametrize("name, delay", [(n, 0.7 if n == "sweep" else 1.0) for n in COMMANDS])
@pytest.mark.slow  # over 2 s on 2 cores
def test_ctrl_c_early_in_each_long_command(name, delay, tmp_path):
    check_stopped(*interrupt(COMMANDS[name], tmp_path, delay), tmp_path)


# later: well inside each command's work, as a given step of it begins (they were once aimed at
# by waiting 5 to 7 s, which is not the same moment on a loaded machine, and seconds of work)
@pytest.mark.slow
@pytest.mark.parametrize("name, at", [
    ("solve", ("crib_stats.kernels.equilibrium", "crib_values", 3)),  # the third call of about a second
    ("sweep-pegging", ("crib_stats.strategy.seats_sample", "choose", 101)),  # the sampled deals, 50 done
    ("extremes", ("crib_stats.kernels.playsearch", "peg_extremes_rows", 4)),  # the fourth of 40 blocks
    ("play-table", ("crib_stats.peg.tables", "compute_rows", 4)),
])
def test_ctrl_c_later_in_each_long_command(name, at, tmp_path):
    check_stopped(*interrupt(COMMANDS[name], tmp_path, None, at=at), tmp_path)


@pytest.mark.slow
def test_ctrl_c_before_a_match_writes_leaves_no_folder(tmp_path):
    """#48 item 10: a match interrupted as its first shard begins left its --out folders behind,
    empty (made before any game); now they are made with the first file."""
    argv = ["match", "random", "random", "--games", "400", "--out", "{tmp}/out/deeper"]
    check_stopped(*interrupt(argv, tmp_path, None, at=("crib_stats.match.run", "run_part", 1)), tmp_path)
    assert not (tmp_path / "out").exists()


# claims --recompute spends its first minute in the dealer's maxima: the searches of his largest
# hand + crib + pegging, without heels then with: SIGINT arrives as each begins (they were once
# aimed at by waiting 9 s and 30 s, which land elsewhere in the work on a loaded machine)
@pytest.mark.slow
@pytest.mark.parametrize("call", [1, 2], ids=["without-heels", "with-heels"])
def test_ctrl_c_as_each_search_of_the_dealers_largest_total_begins(call, tmp_path):
    at = ("crib_stats.claims.core", "dealer_total_max", call)
    check_stopped(*interrupt(COMMANDS["claims-recompute"], tmp_path, None, at=at), tmp_path)


@pytest.mark.slow  # over 2 s on 2 cores
def test_an_interrupted_sweep_keeps_its_finished_shards(tmp_path):
    import numpy as np

    def finished():
        return list((tmp_path / "cache").glob("crib-stats/sweep/*/shard-*.npz"))

    code, err, seconds = interrupt(COMMANDS["sweep"], tmp_path, 0, until=lambda: len(finished()) >= 2)
    check_stopped(code, err, seconds, tmp_path)
    shards = sorted(finished())
    assert 0 < len(shards) < 16
    for path in shards:
        with np.load(path) as z:
            assert int(z["totals"][1, 0]) > 0  # whole: readable, deals counted


def test_a_kernel_that_cannot_be_cut_is_interrupted_at_once():
    """run_released: a 60-second nogil kernel stops on Ctrl-C within seconds."""
    script = (
        "import sys\nfrom numba import njit\nfrom crib_stats.runtime.interrupt import run_released\n"
        "@njit(nogil=True)\ndef spin(n):\n    x = 0\n    for i in range(n):\n        x = (x * 31 + i) % 1000003\n"
        "    return x\n"
        "spin(10)\nprint('ready', flush=True)\n"
        "try:\n    run_released(spin, 10**12)\nexcept KeyboardInterrupt:\n    print('stopped')\n"
    )
    with started([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        assert proc.stdout.readline() == "ready\n"
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        out, err = proc.communicate(timeout=60)
    assert out == "stopped\n" and proc.returncode == 0, err
    assert time.monotonic() - t0 < 15


def test_the_command_guard_raises_a_ctrl_c_that_lands_in_a_kernel_after_it_returns():
    """Under :func:`command_guard` a Ctrl-C that arrives while a kernel runs is a plain
    KeyboardInterrupt raised once the kernel has returned (not numba's ``SystemError``), and the
    handler that was there before is put back."""
    import threading

    from numba import njit

    from crib_stats.runtime.interrupt import command_guard

    @njit
    def spin(n):
        x = 0
        for i in range(n):
            x = (x * 31 + i) % 1000003
        return x

    spin(10)
    # SIGINT as a Python started with it at its default has it (a suite run as a background job
    # of a non-interactive shell inherits it ignored: then nothing is replaced, the next test)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    returned = []
    try:
        with pytest.raises(KeyboardInterrupt):
            with command_guard():
                timer = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))
                timer.start()
                returned.append(spin(3 * 10**8))  # a second or so: the signal lands inside it
                for _ in range(10**6):  # raised here at the latest
                    pass
        timer.join()
        assert returned  # the kernel ran to its end and handed its result back first
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, previous)


def test_the_command_guard_leaves_an_ignored_sigint_ignored():
    from crib_stats.runtime.interrupt import command_guard

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with command_guard():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # nothing raised, nothing replaced
    finally:
        signal.signal(signal.SIGINT, previous)


# A child that says on stdout when numba's compiler starts on a kernel called from Python (at its
# first pass, so that the child is inside the compiler when it says so) and when that compile
# ends, then runs its Python code.
COMPILE_WATCH = """
import sys
from numba.core import event

depth, said = [0], [None]


class Compiles(event.Listener):
    def on_start(self, ev):
        depth[0] += 1

    def on_end(self, ev):
        depth[0] -= 1
        if depth[0] == 0:
            failed = getattr(ev, "_exc_details", None) is not None  # numba 0.68's is_failed says the opposite
            print("failed" if failed else "end", ev.data["dispatcher"].py_func.__name__, flush=True)
            said[0] = None


class Passes(event.Listener):
    def on_start(self, ev):
        if depth[0] == 1 and said[0] is None:
            said[0] = ev.data["qualname"]
            print("start", said[0], flush=True)

    def on_end(self, ev):
        pass


event.register("numba:compile", Compiles())
event.register("numba:run_pass", Passes())
print("ready", flush=True)
"""
CLI_CHILD = COMPILE_WATCH + "from crib_stats.presentation.cli import main\nsys.exit(main(sys.argv[1:]))\n"
LIBRARY_CHILD = COMPILE_WATCH + """
import crib_stats
try:
    crib_stats.analyse("5h 6h 7c jd qs kd", role="dealer")  # numba is loaded: the kernel, compiled here
except KeyboardInterrupt:
    print("stopped", flush=True)
    sys.exit(130)
"""


@pytest.mark.parametrize("child, argv", [
    (CLI_CHILD, ["discard", "5h", "6h", "7c", "jd", "qs", "kd", "--dealer", "--score", "0", "115"]),
    (LIBRARY_CHILD, []),
], ids=["discard --score", "analyse"])
def test_ctrl_c_stops_a_first_run_while_it_compiles(tmp_path, child, argv):
    """A first run (numba's cache empty) interrupted while numba compiles a kernel stops there,
    the compile not finished first, with the usual line and exit code. The child starts with
    SIGINT at its default (a background job of a non-interactive shell inherits it ignored) and
    is interrupted as soon as it says a compile has started."""
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"), NUMBA_CACHE_DIR=str(tmp_path / "numba"))
    with started([sys.executable, "-c", child, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                 env=env) as proc:
        assert proc.stdout.readline() == "ready\n"
        line = proc.stdout.readline()  # blocks until numba starts compiling the first kernel
        assert line.startswith("start "), line + proc.communicate()[1]
        proc.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        out, err = proc.communicate(timeout=300)
        seconds = time.monotonic() - t0
    kernel = line.split()[1]
    assert f"end {kernel}" not in out, f"{kernel} was compiled to its end before the interrupt ({seconds:.1f} s)"
    assert proc.returncode == 130, err
    if child is CLI_CHILD:
        check_stopped(proc.returncode, err, seconds, tmp_path)
    else:
        assert out.endswith("stopped\n") and seconds < 15, (out, err)


HANDLER_IN_THE_COMPILER = """
import signal, sys
from numba import njit
from numba.core import codegen
from crib_stats.runtime import interrupt

finalize = codegen.CPUCodeLibrary.finalize


def interrupted_finalize(self):  # SIGINT's handler, as if Ctrl-C came while LLVM finalizes the code
    interrupt._guard(signal.SIGINT, sys._getframe(1))
    return finalize(self)


codegen.CPUCodeLibrary.finalize = interrupted_finalize


@njit
def kernel(x):
    return x + 1


try:
    with interrupt.command_guard():
        kernel(1)
    print("compiled", flush=True)
except KeyboardInterrupt:
    print("stopped", "after" if kernel.signatures else "during", "the compile")
"""


def test_an_interrupt_inside_numbas_compiler_is_raised_there():
    """Ctrl-C while numba compiles (its own frames on the stack from the kernel's call down):
    the command's handler (``_guard``) raises it there, so the compile
    stops at once; they used to wait for the kernel to return, compile and all (20 s and more for
    the largest kernels on a first run). The handler is called as the signal would call it, with
    numba's frame, so which frame the signal lands in is not left to chance."""
    proc = subprocess.run([sys.executable, "-c", HANDLER_IN_THE_COMPILER], capture_output=True, text=True,
                          timeout=300, env=dict(os.environ, NUMBA_DISABLE_JIT="0"))
    assert proc.stdout == "stopped during the compile\n", proc.stdout + proc.stderr


@pytest.mark.parametrize("where", ["weakref callback", "__del__"])
def test_a_ctrl_c_that_lands_where_python_drops_exceptions_is_not_lost(where):
    """The command's handler can run inside a weakref callback or a ``__del__`` (CI saw it in
    importlib's module-lock callback: the sweep ran to its end and exited 0). Python prints and
    drops an exception raised there; the command's guard delivers the interrupt again, so it is
    raised in the code that was running, and nothing is printed for the dropped one."""
    from crib_stats.runtime.interrupt import command_guard

    class Thing:
        pass

    def cb(_):  # raise_signal runs the handler before it returns: here, in the callback
        signal.raise_signal(signal.SIGINT)

    class Dying:
        def __del__(self):
            signal.raise_signal(signal.SIGINT)

    dropped = []
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    hook, sys.unraisablehook = sys.unraisablehook, dropped.append
    try:
        with command_guard():
            with pytest.raises(KeyboardInterrupt):
                if where == "__del__":
                    thing = Dying()
                else:
                    thing = Thing()
                    ref = weakref.ref(thing, cb)  # noqa: F841 (the callback needs its ref alive)
                del thing  # the handler runs and its KeyboardInterrupt is dropped here
                for _ in range(10**6):  # the interrupt is delivered again within this loop
                    pass
        assert sys.unraisablehook == dropped.append and dropped == []
    finally:
        sys.unraisablehook = hook
        signal.signal(signal.SIGINT, previous)


def test_a_dropped_ctrl_c_outside_the_main_thread_goes_to_the_previous_hook():
    """The guard's hook redelivers only in the main thread, where signal handlers run; a
    KeyboardInterrupt dropped in another thread, and any other exception, reach the hook that
    was there before, and no frame is set to stop."""
    import threading
    import types

    from crib_stats.runtime.interrupt import command_guard

    seen = []
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    hook, sys.unraisablehook = sys.unraisablehook, seen.append
    try:
        with command_guard():
            guard = sys.unraisablehook
            dropped = types.SimpleNamespace(exc_value=KeyboardInterrupt())
            other = types.SimpleNamespace(exc_value=ValueError("x"))
            worker = threading.Thread(target=guard, args=(dropped,))
            worker.start()
            worker.join()
            tracer = sys.gettrace()
            guard(other)
            assert sys.gettrace() is tracer
        assert seen == [dropped, other]
    finally:
        sys.unraisablehook = hook
        signal.signal(signal.SIGINT, previous)


def test_a_dropped_ctrl_c_is_raised_past_a_hook_that_wraps_the_guards_and_the_tracer_is_put_back():
    """A hook installed inside the command that calls the guard's (a library logging what Python
    drops) does not swallow the redelivered Ctrl-C: it is raised in the code that was running; the
    trace function that was there before (a debugger's, coverage's) is put back when the command
    ends; and the hook installed inside the command is left in place."""
    from crib_stats.runtime.interrupt import command_guard

    class Dying:
        def __del__(self):
            signal.raise_signal(signal.SIGINT)

    def tracer(frame, event, arg):
        return None

    dropped = []
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    hook, sys.unraisablehook = sys.unraisablehook, dropped.append
    old_tracer = sys.gettrace()
    try:
        sys.settrace(tracer)
        with command_guard():
            guard = sys.unraisablehook

            def wrapping(unraisable):
                guard(unraisable)

            sys.unraisablehook = wrapping
            with pytest.raises(KeyboardInterrupt):
                thing = Dying()
                del thing
                for _ in range(10**6):
                    pass
        assert sys.gettrace() is tracer and sys.unraisablehook is wrapping and dropped == []
    finally:
        sys.settrace(old_tracer)
        sys.unraisablehook = hook
        signal.signal(signal.SIGINT, previous)
