"""#30 item 13: a process that analyses one deal stays numba-free (``crib-stats discard``: the
tally in numpy), while one that analyses many gets the kernel without knowing about it: its
first SWITCH_AFTER deals are tallied in numpy, and from the next one on numba's kernel is
loaded and used (20,000 calls of analyse() in a loop were 6x slower than with the kernel)."""

import subprocess
import sys
from pathlib import Path

from crib_stats.discard.crib_base import SWITCH_AFTER

LOOP = """
import sys
import crib_stats
from crib_stats.discard.crib_base import SWITCH_AFTER


def figures(a):
    return [(t.throw, t.hand_ev, t.crib_ev, t.net_ev, t.sd, t.min, t.max) for t in a.throws]


first = figures(crib_stats.analyse("5h 5c 5d js 7c 9h", role="dealer"))
for _ in range(SWITCH_AFTER - 1):
    crib_stats.analyse("5h 5c 5d js 7c 9h", role="dealer")
print("numba" in sys.modules)
later = figures(crib_stats.analyse("5h 5c 5d js 7c 9h", role="dealer"))
print("numba" in sys.modules, later == first)
"""


def test_a_loop_over_many_deals_gets_the_kernel_without_importing_numba():
    out = subprocess.run([sys.executable, "-c", LOOP], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "True", "True"]  # numpy for the first deals, then the kernel: same figures


def test_the_rule_is_stated_where_a_user_reads():
    from crib_stats.discard.crib_base import RandomCrib

    assert SWITCH_AFTER == 25
    assert "first :data:`SWITCH_AFTER`" in RandomCrib.__doc__
    page = (Path(__file__).resolve().parents[2] / "docs" / "python.md").read_text(encoding="utf-8")
    assert f"first {SWITCH_AFTER} deals" in page
