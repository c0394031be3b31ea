"""Ctrl-C in every long command (a subprocess and SIGINT): it stops within about a second
(bound: 15 s, the machine is shared), prints one line, exits 130 and leaves nothing half-written;
the sweep keeps the shards it finished."""

import os
import signal
import subprocess
import sys
import time

import pytest

COMMANDS = {
    "solve": ["crib-table", "--solve", "--out", "{tmp}/out"],
    "sweep": ["sweep", "--fresh", "--out", "{tmp}/out"],
    "sweep-pegging": ["sweep", "--pegging", "greedy", "--sample", "5000", "--out", "{tmp}/out"],
    "extremes": ["peg", "--extremes", "--out", "{tmp}/out"],
    "play-table": ["peg", "--play-table", "minimax", "--out", "{tmp}/out"],
    "claims-recompute": ["claims", "--recompute", "--markdown", "{tmp}/claims.md"],
}


@pytest.fixture(scope="module", autouse=True)
def compiled_kernels():
    """Compile (or load) every kernel first: the moments below are inside the commands' work, not
    inside a first run's compilation (LLVM, which a Ctrl-C cannot cut short)."""
    from crib_stats.kernels import warmup

    warmup()


def interrupt(argv, tmp_path, delay, until=None):
    """Run crib-stats ARGV, send SIGINT ``delay`` s after it has imported (or, with ``until``, as
    soon as ``until()`` is true, polled for up to 120 s); (code, err, seconds)."""
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    proc = subprocess.Popen([sys.executable, "-c", "from crib_stats.presentation.cli import main; import sys; "
                             "print('ready', flush=True); sys.exit(main(sys.argv[1:]))",
                             *[a.format(tmp=tmp_path) for a in argv]],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout.readline() == "ready\n"  # imported, however loaded the machine is
    if until is None:
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
@pytest.mark.parametrize("name, delay", [(n, 0.7 if n == "sweep" else 2.0) for n in COMMANDS])
def test_ctrl_c_early_in_each_long_command(name, delay, tmp_path):
    check_stopped(*interrupt(COMMANDS[name], tmp_path, delay), tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name, delay", [("solve", 7.0), ("sweep-pegging", 7.0), ("extremes", 5.0),
                                         ("play-table", 5.0), ("claims-recompute", 9.0), ("claims-recompute", 30.0)])
def test_ctrl_c_later_in_each_long_command(name, delay, tmp_path):
    check_stopped(*interrupt(COMMANDS[name], tmp_path, delay), tmp_path)


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
    """held_interrupt.run_released: a 60-second nogil kernel stops on Ctrl-C within seconds."""
    script = (
        "import sys\nfrom numba import njit\nfrom crib_stats.core.errors import held_interrupt\n"
        "@njit(nogil=True)\ndef spin(n):\n    x = 0\n    for i in range(n):\n        x = (x * 31 + i) % 1000003\n"
        "    return x\n"
        "spin(10)\nprint('ready', flush=True)\n"
        "try:\n    held_interrupt.run_released(spin, 10**12)\nexcept KeyboardInterrupt:\n    print('stopped')\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout.readline() == "ready\n"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    out, err = proc.communicate(timeout=60)
    assert out == "stopped\n" and proc.returncode == 0, err
    assert time.monotonic() - t0 < 15


def test_held_interrupt_raises_after_the_kernel_and_restores_the_handler():
    from crib_stats.core.errors import held_interrupt

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        with held_interrupt():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the handler runs here and only notes it
            reached = True
    assert reached and signal.getsignal(signal.SIGINT) is before
