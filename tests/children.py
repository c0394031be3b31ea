"""Child processes a test interrupts with SIGINT.

:func:`sigint_default` is their ``preexec_fn``: a background job of a non-interactive shell (a CI
runner, ``make test &``) inherits SIGINT ignored, and a Python started with SIGINT ignored never
raises KeyboardInterrupt, so the child is started with SIGINT at its default. :func:`started`
also kills a child the test left running (a failed assertion, a timeout), so a failing test
leaves no process computing behind it.
"""

from __future__ import annotations

import signal
import subprocess
from contextlib import contextmanager


def sigint_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def started(argv, **kw):
    """``subprocess.Popen(argv, **kw)`` with SIGINT at its default, killed on the way out if it
    is still running."""
    proc = subprocess.Popen(argv, preexec_fn=sigint_default, **kw)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
