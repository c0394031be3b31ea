"""Ctrl-C in a command that runs numba kernels (plain Python, no numba): the process-wide SIGINT
handler a command installs (:func:`command_guard`, by the command layer only: a library call
never swaps a process's handlers), and :func:`run_released` for a kernel that cannot be cut into
short calls.

A Ctrl-C that lands while a numba kernel runs must not be raised inside numba's own code (it
would surface as ``SystemError: CPUDispatcher(...) returned a result with an exception set``
after the kernel has run to its end): under :func:`command_guard` it is raised in the nearest
frame of ours as soon as the kernel returns, so work cut into calls of about a second stops
within about a second. A library user who wants the same in a script wraps the work in
``with command_guard():`` (a notebook's kernel has its own handler, which is left alone).
"""

from __future__ import annotations


def _guard(signum, frame) -> None:
    """The SIGINT handler of a whole command (:func:`command_guard`). In Python code it raises
    KeyboardInterrupt as usual. When it runs inside numba's own code (a running kernel's call
    back into Python, loading a cached kernel), raising there would surface as ``SystemError``
    or worse; instead the nearest frame of ours is set to raise it at its next line, that is as
    soon as the kernel has returned (pdb's way of stopping a frame). Inside numba's compiler (a
    first run compiling a kernel: 20 s and more for the largest) it is raised at once
    (:func:`_compiling`)."""
    ours = _ours(frame)
    if ours is frame or ours is None or _compiling(frame):
        raise KeyboardInterrupt
    _raise_at_next_line(ours)


def command_guard():
    """A context manager for a whole command (the CLI's): :func:`_guard` handles SIGINT in the
    main thread, and a Ctrl-C Python drops (:func:`_redeliver`) is raised again; after it, the
    previous handler, unraisable hook and trace function are put back, and a Ctrl-C still set to
    be raised in a frame that never ran again is raised here. A SIGINT that is not at its default
    (ignored, or a notebook's own handler) is left as it is."""
    import contextlib
    import signal

    @contextlib.contextmanager
    def guarded():
        import sys

        saved = None
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            saved = _replace_handler(_guard)
        if saved is None:
            yield
            return
        hook = sys.unraisablehook
        ours = sys.unraisablehook = _redeliver(hook)
        try:
            yield
        finally:
            try:
                signal.signal(signal.SIGINT, saved)
            finally:
                if sys.unraisablehook is ours:  # one the command installed since stays
                    sys.unraisablehook = hook
                armed = _stand_down()  # a Ctrl-C set to be raised in a frame that never ran again
                _put_tracer_back()
                if armed:
                    raise KeyboardInterrupt

    return guarded()


def run_released(kernel, *args):
    """``kernel(*args)`` for a kernel that releases the GIL (``nogil=True``) and cannot be cut
    into short calls: it runs on a daemon thread while this thread waits in short steps, so a
    Ctrl-C is raised here at once (the abandoned call ends with the process)."""
    import threading

    box: dict = {}

    def call() -> None:
        try:
            box["value"] = kernel(*args)
        except BaseException as exc:  # handed to the waiting thread
            box["error"] = exc

    worker = threading.Thread(target=call, name="crib-stats-kernel", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(0.05)
    if "error" in box:
        raise box["error"]
    return box["value"]


def _replace_handler(handler):
    """Install ``handler`` for SIGINT and return the one it replaced, or None outside the main
    thread (where signal.signal refuses: asking the threading module instead would import it,
    1 ms of every start)."""
    import signal

    try:
        return signal.signal(signal.SIGINT, handler)
    except ValueError:
        return None


def _redeliver(hook):
    """An ``sys.unraisablehook`` that delivers a lost Ctrl-C again. A signal handler runs in
    whatever frame the interpreter is executing, and that can be one whose exception Python
    prints and drops: a weakref callback (importlib's module-lock ``cb``, seen on CI: the sweep
    then ran to its end and exited 0), a ``__del__``, a garbage-collector callback. When the
    dropped exception is a KeyboardInterrupt in the main thread, the frame that was running when
    the callback ran (ours, outside numba) is set to raise it at its next line; anything else
    goes to ``hook`` as before. (Raising the signal again with ``_thread.interrupt_main`` does
    not do: the handler then runs at once, inside this hook, and is dropped again.)"""
    import _thread
    import sys

    main = _thread.get_ident()  # command_guard installs it in the main thread, where handlers run

    def redeliver(unraisable) -> None:
        if not isinstance(unraisable.exc_value, KeyboardInterrupt) or _thread.get_ident() != main:
            hook(unraisable)
            return
        frame = sys._getframe(1)
        wrapper = getattr(sys.unraisablehook, "__code__", None)  # a hook installed since that calls this one
        while frame is not None and frame.f_code is wrapper:
            frame = frame.f_back
        ours = _ours(frame)
        if ours is None:  # no Python frame left to raise in: the interpreter is ending anyway
            hook(unraisable)
            return
        _raise_at_next_line(ours)

    return redeliver


def _ours(frame):
    """The nearest frame at or above ``frame`` that is not numba's or llvmlite's, or None."""
    while frame is not None and _in_numba(frame):
        frame = frame.f_back
    return frame


_STOPPING: list = []  # (frame, its own trace function) set to raise at their next line, not yet raised
_TRACER: list = []  # the global trace function before the first was set, until the command puts it back


def _raise_at_next_line(frame) -> None:
    """Set ``frame`` to raise KeyboardInterrupt at its next line (pdb's way of stopping a
    frame): a line event (or its return, or an exception passing through it) calls its
    ``f_trace``, which stands every such frame down and raises. CPython turns tracing off when
    a trace function raises; the trace function that was there before (a debugger's,
    coverage's) is put back when the command ends (:func:`command_guard`)."""
    import sys

    def stop(f, event, arg):
        _stand_down()
        raise KeyboardInterrupt

    if not _TRACER:
        _TRACER.append(sys.gettrace())
    _STOPPING.append((frame, frame.f_trace))
    frame.f_trace = stop
    frame.f_trace_lines = True
    sys.settrace(_untraced)  # a frame's f_trace runs only while tracing is on


def _stand_down() -> bool:
    """Undo :func:`_raise_at_next_line` for every frame still set; True when there was one."""
    if not _STOPPING:
        return False
    for frame, own in _STOPPING:
        frame.f_trace = own
    _STOPPING.clear()
    return True


def _put_tracer_back() -> None:
    import sys

    if _TRACER:
        sys.settrace(_TRACER.pop())


def _in_numba(frame) -> bool:
    import os

    name = frame.f_code.co_filename
    return f"{os.sep}numba{os.sep}" in name or f"{os.sep}llvmlite{os.sep}" in name


def _compiling(frame) -> bool:
    """True when numba's compiler (``numba/core/compiler.py``) is on the stack: a kernel being
    compiled, not one running or being loaded from the cache. An exception raised there unwinds
    the compile like a typing error does (numba catches ``Exception``, never a
    KeyboardInterrupt), the compile lock is released on the way out and no cache entry is
    written for the kernel. What cannot be cut short is one call into LLVM (its optimiser on one
    module: up to about a second on an idle machine, measured), after which Python runs the
    handler."""
    import os

    tail = os.path.join("numba", "core", "compiler.py")
    while frame is not None:
        if frame.f_code.co_filename.endswith(tail):
            return True
        frame = frame.f_back
    return False


def _untraced(frame, event, arg):
    return None
