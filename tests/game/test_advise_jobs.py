"""The advisor's two jobs on the compute engine (the study studies.advise_value.AdviseGain and
crib_stats.game.peg_rules.PegRules), each on a reduced request: the answer is the same in this
process, on a Dask cluster and with another shard count; and a Ctrl-C mid-way (SIGINT to a
subprocess, as tests/runtime/test_interrupt.py sends it) loses nothing: the shards finished before it
stay whole in the cache, the one it cut leaves no file behind, and a rerun computes only the
rest and gives the uninterrupted answer."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from children import started

from crib_stats.game import advise_value, peg_rules
from studies.advise_value import AdviseGain

TESTS = Path(__file__).resolve().parent
pytestmark = pytest.mark.slow  # the in-process answers alone take 20 s on 2 cores


def advise_gain(deals: int, parts: int, **engine) -> advise_value.Gain:
    return AdviseGain({"dealer": deals}, seed=11, shards=parts).run(**engine)["dealer"]


def rule_records(deals: int, parts: int, **engine) -> peg_rules.Records:
    return peg_rules.PegRules({"high-first": deals, "no-run": deals}, seed=0, shards=parts).run(**engine)


JOBS = {"advise-value": advise_gain, "peg-rules": rule_records}


def same(a, b) -> bool:
    """Two results of one job agree to the bit."""
    if isinstance(a, advise_value.Gain):
        pairs = [(a.gain, b.gain), (a.decisions_per_deal, b.decisions_per_deal),
                 (a.differs_per_deal, b.differs_per_deal), (a.expected, b.expected)]
        return a.seed == b.seed and all(x.dtype == y.dtype and np.array_equal(x, y) for x, y in pairs)
    return a.seed == b.seed and a.budgets == b.budgets and all(
        a.arrays[k].dtype == b.arrays[k].dtype and np.array_equal(a.arrays[k], b.arrays[k]) for k in peg_rules.FIELDS)


# the reduced requests: deals and shards (a shard is a span of deals; peg_rules cuts the most
# deals any rule has)
DEALS, PARTS = 4, 2


@pytest.fixture(scope="module")
def in_process():
    """Each job's answer here, uncached: what every other engine must give."""
    out = {name: job(DEALS, parts=PARTS, cache_dir=False) for name, job in JOBS.items()}
    # not a vacuous comparison: the advisor differs from greedy, and both rules apply, in these deals
    g, m = out["advise-value"], out["peg-rules"]
    assert g.differs > 0 and g.expected.any() and g.deals == DEALS
    assert set(m.arrays["rule"]) == {peg_rules.RULES.index("high-first"), peg_rules.RULES.index("no-run")}
    return out


@pytest.mark.parametrize("name", JOBS)
def test_another_shard_count_gives_the_same_answer(name, in_process):
    for parts in (1, 3):
        assert same(JOBS[name](DEALS, parts=parts, cache_dir=False), in_process[name]), parts


@pytest.mark.parametrize("name", JOBS)
def test_a_dask_cluster_gives_the_in_process_answer(name, in_process, tmp_path):
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    # one worker thread in this process, over TCP (the engine takes tcp:// and tls:// addresses):
    # the kernels are loaded already, and the shards still go through the scheduler, the
    # futures and the cache as on a real cluster
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                      dashboard_address=None) as cluster:
        there = JOBS[name](DEALS, parts=PARTS, scheduler=cluster.scheduler_address, cache_dir=tmp_path)
    assert same(there, in_process[name])
    assert len(list(tmp_path.rglob("shard-*.npz"))) == PARTS  # every shard cached as it came back
    seen = []
    again = JOBS[name](DEALS, parts=PARTS, cache_dir=tmp_path, progress=lambda d, n: seen.append(d))
    assert same(again, in_process[name]) and seen == [PARTS]  # all read back from the cache, here


@pytest.mark.slow  # a two-process cluster starts and loads the kernels: about 15 s on 2 busy cores
@pytest.mark.parametrize("name", JOBS)
def test_a_local_process_cluster_gives_the_in_process_answer(name, in_process):
    pytest.importorskip("distributed")
    there = JOBS[name](DEALS, parts=3, scheduler="local", workers=2, cache_dir=False)
    assert same(there, in_process[name])


# the Ctrl-C run: the reduced request cut one deal a shard, the child paced (a pause before
# each deal) so that the signal, sent as soon as the second shard is reported done, lands
# inside a later one
CUT_DEALS = DEALS
CHILD = """
import sys, time
sys.path[:0] = [{tests!r}, {helpers!r}]  # this module, and the helpers at tests/ it imports
from crib_stats.game import peg_rules
from studies import advise_value
from test_advise_jobs import JOBS

module = advise_value if {name!r} == "advise-value" else peg_rules
attr = "play_deal" if module is advise_value else "deal_situations"
work = getattr(module, attr)

def paced(*args, **kwargs):
    time.sleep(0.5)
    return work(*args, **kwargs)

setattr(module, attr, paced)
print("ready", flush=True)
try:
    JOBS[{name!r}]({deals}, parts={deals}, cache_dir={cache!r}, progress=lambda d, n: print("done", d, n, flush=True))
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(130)
print("finished", flush=True)
"""


@pytest.mark.parametrize("name", JOBS)
def test_ctrl_c_mid_way_loses_nothing_and_a_rerun_resumes(name, in_process, tmp_path):
    cache = tmp_path / "cache"
    root = TESTS.parents[1]
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    script = CHILD.format(tests=str(TESTS), helpers=str(TESTS.parent), name=name, deals=CUT_DEALS, cache=str(cache))
    with started([sys.executable, "-c", script], cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                 text=True) as proc:
        assert proc.stdout.readline() == "ready\n"  # imported, however loaded the machine is
        line = ""
        while line != f"done 2 {CUT_DEALS}\n":
            line = proc.stdout.readline()
            assert line, proc.stderr.read()  # the child died before its second shard
        assert proc.poll() is None, "finished before it was interrupted"
        proc.send_signal(signal.SIGINT)
        t0 = time.monotonic()
        out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and out == "interrupted\n", err
    assert time.monotonic() - t0 < 15  # within a deal or so; generous for a shared machine
    # what it finished is kept, whole; the shard it cut left nothing behind (no temp file)
    (folder,) = [p for p in cache.iterdir() if p.is_dir()]
    names = sorted(p.name for p in folder.iterdir())
    shards = [n for n in names if n.startswith("shard-")]
    assert names == ["key.json", *shards] and 2 <= len(shards) < CUT_DEALS, names
    # the rerun reads those and computes only the rest, to the uninterrupted answer
    seen = []
    resumed = JOBS[name](CUT_DEALS, parts=CUT_DEALS, cache_dir=cache, progress=lambda d, n: seen.append(d))
    assert seen == list(range(len(shards), CUT_DEALS + 1))
    assert same(resumed, in_process[name])
