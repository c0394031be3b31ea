"""``exec:COMMAND``: a program of anyone's that plays through the line protocol.

The referee starts ``COMMAND`` once (split like a shell would, :func:`shlex.split`, but run
without one), writes one JSON object a line to its standard input and reads one JSON object a
line from its standard output; its standard error is passed through. Cards are lower-case
ASCII strings (``"ah"``, ``"10d"``, ``"js"``); answers may spell them any way the command line
reads. The messages are :mod:`.protocol`'s: version 1 for the two-player games it first
described, version 2 for every other game (the program reads ``version`` in ``new_game``,
which it is sent before its first question of each game). Version 1:

- ``{"type": "new_game", "version": 1, "variant", "target", "seat", "seed"}``: a game begins
  (``seed``: the player's own seed for this game, for a bot that draws at random);
- ``{"type": "discard", "hand", "dealer", "scores": {"you", "opponent"}}`` -> ``{"discard":
  [cards]}``;
- ``{"type": "play", "hand", "count", "sequence", "played": [{"card", "by"}], "starter",
  "dealer", "scores", "legal"}`` -> ``{"card": card}`` (asked only when a card fits);
- ``{"type": "show", "starter", "your_hand", "opponent_hand", "crib", "points": {"you",
  "opponent", "crib"}}`` after a deal's shows (a show the end of the game cut off is null);
- ``{"type": "game_over", "winner": "you" | "opponent", "scores", "forfeit": null | reason}``.

Only the questions (``discard``, ``play``; with muggins ``count`` and ``muggins``) are answered,
by exactly one line each; an answer may carry a
``"note"`` (a string kept in the record). Nothing is trusted: a line that is not a JSON object
of the right shape, a line nobody asked for, a line longer than :data:`MAX_LINE`, no answer
within ``time_limit`` seconds (twice that for the first answer of a program just started:
its start-up counts), or a program that exits, loses that game by forfeit
(:class:`~crib_stats.referee.player.PlayerFailure`, one line). A program out of step with the
protocol (late, garbled) is killed and started afresh for the next game; a program that dies is
started again once, and after a second death forfeits every game left to it. Every process is
killed and reaped on every path (:meth:`ExecPlayer.close`, Ctrl-C included): its own process
group, so a wrapper script's children go with it.
"""

from __future__ import annotations

import json
import os
import select
import shlex
import shutil
import signal
import subprocess
import time

from crib_stats.core.cards import quote
from crib_stats.model.view import View
from crib_stats.referee.player import Answer, PlayerFailure

from . import protocol

PROTOCOL_VERSION = 1
"""The line protocol's version of the two-player games it first described (two players, the
default target, no muggins); every other game speaks version 2 (docs/protocol.md)."""
DEFAULT_TIME_LIMIT = 10.0  # seconds a decision
MAX_LINE = 1 << 16  # bytes an answer line may take
RESTARTS = 1  # a program that dies is started again this many times in a match
QUOTED = 60  # characters of a bad line quoted in the reason
CLOSE_GRACE = 1.0  # seconds a program has to exit once its input is closed


class ExecError(PlayerFailure):
    """The program failed (its message is the forfeit's reason)."""


def command_args(command: str) -> list[str]:
    """The argument list of ``command`` (shell quoting, no shell), or PlayerFailure."""
    try:
        args = shlex.split(command)
    except ValueError as exc:
        raise PlayerFailure(f"exec:{command}: cannot read the command ({exc})") from None
    if not args:
        raise PlayerFailure("exec: give the command to run after exec:")
    return args


def cannot_start(command: str) -> str | None:
    """Why the program of ``command`` cannot be started (not found, a directory, not
    executable), or None when it can be; nothing is started. A program named with a path is
    looked for there (relative to the current directory), a bare name on the PATH, as the
    process start would.

    >>> cannot_start("/nonexistent/bot --fast")
    '/nonexistent/bot: no such file'
    >>> cannot_start("no-such-program-anywhere")
    'no-such-program-anywhere: not found on the PATH'
    """
    program = command_args(command)[0]
    if os.sep not in program and not (os.altsep and os.altsep in program):
        return None if shutil.which(program) else f"{program}: not found on the PATH"
    if not os.path.exists(program):
        return f"{program}: no such file"
    if os.path.isdir(program):
        return f"{program}: a directory, not a program"
    if not os.access(program, os.X_OK):
        return f"{program}: not executable (chmod +x it, or name its interpreter first: exec:python3 {program})"
    return None


class ExecPlayer:
    """An external program as a player (module docstring). ``time_limit``: seconds a decision
    (the match sets it); ``stderr``: where the program's standard error goes (None: this
    process's). ``pids`` lists every process it started (the tests check none is left)."""

    def __init__(self, command: str, seed: int = 0, time_limit: float | None = DEFAULT_TIME_LIMIT, stderr=None):
        self.command = command
        self.args = command_args(command)
        self.name = f"exec:{command}"
        self.seed = int(seed)
        self.time_limit = time_limit
        self.stderr = stderr
        self.proc: subprocess.Popen | None = None
        self.buffer = bytearray()
        self.deaths = 0
        self.pids: list[int] = []
        self.failed: str | None = None  # the reason every decision of this game is refused
        self.gone: str | None = None  # the reason every game left is refused (given up)
        self.out_of_step = False  # the program must be restarted before the next game
        self.seat: str | None = None
        self.seed_now = 0
        self.started: View | None = None  # the first view of the game, once the program was told it began
        self.shows: list = []
        self.answered = False  # the process has been asked a decision already
        self.allowed: float | None = None  # the seconds the message being sent and answered may take

    def check_start(self) -> None:
        """Refuse (PlayerFailure, one line naming the whole command) a program that cannot be
        started: checked before any game, so a match is not played by forfeits."""
        why = cannot_start(self.command)
        if why is not None:
            raise PlayerFailure(f"cannot start the player {self.name!r}: {why}")

    # -- the process ----------------------------------------------------------------------------

    def __enter__(self) -> "ExecPlayer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _start(self) -> None:
        try:
            self.proc = subprocess.Popen(self.args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                         bufsize=0, start_new_session=True, close_fds=True)
        except OSError as exc:
            self.proc = None
            raise ExecError(f"cannot start {self.name!r}: {exc.strerror or exc}") from None
        self.pids.append(self.proc.pid)
        self.buffer = bytearray()
        self.out_of_step = False
        self.answered = False
        os.set_blocking(self.proc.stdin.fileno(), False)

    def _kill(self, grace: float = 0.0) -> None:
        """End the program and reap it (and its process group); nothing left running, whatever
        interrupts this (a Ctrl-C during the grace period still kills and reaps)."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                try:
                    proc.stdin.close()  # a polite end: a bot reading its input sees it close
                except OSError:
                    pass
            if grace > 0:
                try:
                    proc.wait(timeout=grace)
                except subprocess.TimeoutExpired:
                    pass
        finally:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # the group: whatever the program started too
            except (ProcessLookupError, PermissionError):
                try:
                    proc.kill()  # (a no-op once it is reaped)
                except OSError:
                    pass
            proc.wait()  # reaped
            if proc.stdout is not None:
                proc.stdout.close()

    def close(self) -> None:
        """The match is over (or interrupted): end the program, politely first."""
        self._kill(grace=CLOSE_GRACE)

    def _died(self, what: str) -> ExecError:
        code = self.proc.poll() if self.proc is not None else None
        if code is None and self.proc is not None:
            try:
                code = self.proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                code = None
        self._kill()
        self.deaths += 1
        how = "closed its output" if code is None else (
            f"was killed by signal {-code}" if code < 0 else f"exited with code {code}")
        left = ("; it is started again for the next game" if self.deaths <= RESTARTS
                else "; it forfeits the rest of the match")
        return ExecError(f"the program {how} {what}{left}")

    # -- lines ----------------------------------------------------------------------------------

    def _allowed(self, first: bool = False) -> float | None:
        """The seconds an answer asked now may take: ``time_limit``, twice that for the first
        answer of a process just started (its start-up is counted in)."""
        return None if self.time_limit is None else float(self.time_limit) * (2 if first else 1)

    def _deadline(self, allowed: float | None) -> float | None:
        return None if allowed is None else time.monotonic() + allowed

    def _send(self, message: dict, deadline: float | None) -> None:
        data = (json.dumps(message, separators=(", ", ": ")) + "\n").encode()
        fd = self.proc.stdin.fileno()
        while data:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            _, ready, _ = select.select([], [fd], [], wait)
            if not ready:
                self.out_of_step = True
                raise ExecError(f"did not read its input within {self.allowed:g} s")
            try:
                n = os.write(fd, data)
            except BlockingIOError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                raise self._died(f"before reading the {message['type']} message") from None
            data = data[n:]

    def _unasked(self) -> None:
        """Refuse output nobody asked for (an answer to a message that takes none, or a second
        answer): the program is out of step with the protocol."""
        fd = self.proc.stdout.fileno()
        ready, _, _ = select.select([fd], [], [], 0)
        if self.buffer or ready:
            if ready:
                try:
                    chunk = os.read(fd, MAX_LINE)
                except OSError:
                    chunk = b""
                if not chunk and not self.buffer:
                    raise self._died("between decisions")
                self.buffer += chunk
            line = bytes(self.buffer).split(b"\n", 1)[0]
            self.out_of_step = True
            raise ExecError(f"wrote a line nobody asked for: {quote(line.decode('utf-8', 'replace'), QUOTED)}")

    def _read_line(self, deadline: float | None, kind: str) -> str:
        fd = self.proc.stdout.fileno()
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 1]
                return line.decode("utf-8", "replace")
            if len(self.buffer) > MAX_LINE:
                self.out_of_step = True
                raise ExecError(f"wrote a line longer than {MAX_LINE:,} bytes instead of a {kind} answer")
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                self.out_of_step = True
                raise ExecError(f"sent no {kind} answer within {self.allowed:g} s")
            chunk = os.read(fd, MAX_LINE)
            if not chunk:
                raise self._died(f"instead of answering the {kind} message")
            self.buffer += chunk

    def _ask(self, message: dict, key: str, kind: str, example: str):
        """Send a message that is answered and read the answer's ``key``: (value, note)."""
        if self.failed is not None:
            raise ExecError(self.failed)
        if self.proc is None:
            raise ExecError("the program is not running")
        self.allowed = self._allowed(first=not self.answered)
        deadline = self._deadline(self.allowed)
        self.answered = True
        self._unasked()
        self._send(message, deadline)
        line = self._read_line(deadline, kind)
        try:
            answer = json.loads(line)
        except ValueError:
            self.out_of_step = True
            raise ExecError(f"answered the {kind} message with a line that is not JSON: {quote(line, QUOTED)}") from None
        if not isinstance(answer, dict) or key not in answer:
            self.out_of_step = True  # perhaps a line meant for another message: start afresh
            raise ExecError(f"answered the {kind} message with {quote(line, QUOTED)}: expected an object like {example}")
        note = answer.get("note")
        return answer[key], note if isinstance(note, str) else None

    def _tell(self, message: dict) -> None:
        """An information message (no answer); a failure is kept for the next decision."""
        if self.proc is None or self.failed is not None or self.out_of_step:
            return
        try:
            self.allowed = self._allowed()
            self._send(message, self._deadline(self.allowed))
        except ExecError as exc:
            self.failed = str(exc)

    # -- the Player protocol --------------------------------------------------------------------

    def new_game(self, seat: str, variant: str, target: int, seed: int) -> None:
        """Starts the program if it is not running (or was out of step); it is told ``new_game``
        before its first question of the game."""
        self.seat, self.seed_now, self.shows, self.failed, self.started = seat, int(seed), [], None, None
        if self.proc is not None and self.proc.poll() is not None:
            self._died("between games")  # counted; this game is not lost for it
        if self.proc is not None and self.out_of_step:
            self._kill()
        if self.proc is None:
            if self.gone is None and self.deaths > RESTARTS:
                self.gone = f"the program died {self.deaths} times: it forfeits the rest of the match"
            if self.gone is not None:
                self.failed = self.gone
                return
            try:
                self._start()
            except ExecError as exc:
                self.failed = self.gone = f"{exc}: it forfeits the rest of the match"  # it never will start
                return

    def _begin(self, view: View) -> None:
        """Tell the program the game begins, before its first message: the view says which version
        of the protocol the game speaks (:mod:`.protocol`)."""
        if self.started is None:
            self.started = view
            self._tell(protocol.new_game(view.seat, view.variant, view.target, view.muggins, view.seats, view.teams,
                                         self.seed_now, view.version))

    def _decide(self, view: View):
        self._begin(view)
        key, example = protocol.ANSWERS[view.to_act]
        return self._ask(protocol.question(view), key, view.to_act, example)

    def discard(self, view: View):
        """Sends the ``discard`` message and reads the program's answer (checked: a bad one
        raises :class:`PlayerFailure`, a forfeit)."""
        cards, note = self._decide(view)
        if not isinstance(cards, list):
            self.out_of_step = True
            raise ExecError(f"answered the discard message with {quote(json.dumps(cards))}: the discard is a list "
                            "of cards")
        return Answer(cards, note or "")

    def play(self, view: View):
        """Sends the ``play`` message and reads the program's card (checked likewise)."""
        card, note = self._decide(view)
        if not isinstance(card, str):
            self.out_of_step = True
            raise ExecError(f"answered the play message with {quote(json.dumps(card))}: the card is a string")
        return Answer(card, note or "")

    def count(self, view: View):
        """Muggins: sends the ``count`` message and reads the program's claim."""
        points, note = self._decide(view)
        return Answer(points, note or "")

    def muggins(self, view: View):
        """Muggins: sends the ``muggins`` message and reads the points the program calls."""
        return self.count(view)

    def observe(self, event) -> None:
        """Hears the referee's events: after a deal's shows it sends ``show``, at the end
        ``game_over``."""
        if self.started is None:
            return  # the game ended before this program was asked anything: it never began for it
        if event.kind == "deal":
            self.shows = []
        elif event.kind == "show":
            self.shows.append(event)
            if event.whose == "crib":
                self._show()
        elif event.kind == "game_over":
            if self.shows:
                self._show()  # the game ended during the shows: what was shown
            v = self.started
            self._tell(protocol.game_over(self.seat, v.version, event.result, v.side))

    def _show(self) -> None:
        v = self.started
        self._tell(protocol.show(self.seat, v.version, self.shows, v.seats))
        self.shows = []
