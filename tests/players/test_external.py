"""exec:COMMAND players (crib_stats.players.external): the line protocol spoken with real
programs. examples/random_bot.py plays whole matches whose records replay; deliberately broken
bots (an illegal card, a garbage line, no answer, exiting mid-game, writing nothing then
exiting, a flood of output, a line nobody asked for) each forfeit with their one-line reason,
the match goes on, nothing crashes, and no process is left: every bot writes its pid to a file,
and after the match none of them is running, a zombie, or still our child (os.waitpid, /proc)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from crib_stats.match import play_match
from crib_stats.players import ExecPlayer, GreedyPlayer, make_player
from crib_stats.referee import play_game, validate

ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = ROOT / "examples" / "random_bot.py"

# every bot: logs its pid, then reads messages; BEHAVIOUR decides the answers
PRELUDE = """\
import json, os, sys, time
with open({pids!r}, "a") as fh:
    fh.write(f"{{os.getpid()}}\\n")
def answer(obj):
    sys.stdout.write(json.dumps(obj) + "\\n"); sys.stdout.flush()
plays = 0
for line in sys.stdin:
    m = json.loads(line)
    t = m["type"]
"""
BEHAVIOURS = {
    # a card it does not hold (nor anyone has played): never legal
    "illegal": """\
    if t == "discard": answer({"discard": m["hand"][:2]})
    elif t == "play":
        seen = set(m["hand"]) | {p["card"] for p in m["played"]} | {m["starter"]}
        answer({"card": next(c for c in ("ah", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h") if c not in seen)})
""",
    "garbage": """\
    if t == "discard": sys.stdout.write("hello there\\n"); sys.stdout.flush()
""",
    "silent": """\
    if t == "discard": time.sleep(60)
""",
    "exits": """\
    if t == "discard": answer({"discard": m["hand"][:2]})
    elif t == "play":
        plays += 1
        if plays == 3: sys.exit(3)
        answer({"card": m["legal"][0]})
""",
    "flood": """\
    if t == "discard":
        while True: sys.stdout.write("x" * 4096); sys.stdout.flush()
""",
    "fine": """\
    if t == "discard": answer({"discard": m["hand"][:2]})
    elif t == "play": answer({"card": m["legal"][0]})
""",
    "chatty": """\
    if t == "discard": answer({"discard": m["hand"][:2]})
    elif t == "play": answer({"card": m["legal"][0]})
    elif t == "show": answer({"thanks": True})
""",
}
NOTHING = """\
import os
with open({pids!r}, "a") as fh:
    fh.write(f"{{os.getpid()}}\\n")
"""


def bot(tmp_path: Path, kind: str) -> tuple[str, Path]:
    """(the exec: player name, the file its processes' pids go to)."""
    pids = tmp_path / f"{kind}.pids"
    code = NOTHING.format(pids=str(pids)) if kind == "nothing" else PRELUDE.format(pids=str(pids)) + BEHAVIOURS[kind]
    script = tmp_path / f"{kind}_bot.py"
    script.write_text(code)
    return f"exec:{sys.executable} {script}", pids


def assert_no_process_left(pids_file: Path) -> list[int]:
    """Every pid the bot logged: not our child any more (reaped), not in /proc (not running, not a zombie)."""
    pids = [int(x) for x in pids_file.read_text().split()] if pids_file.exists() else []
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        status = Path(f"/proc/{pid}/status")
        if status.exists():  # a pid reused by another program is not ours; ours would be python, or a zombie
            text = status.read_text()
            assert "State:\tZ" not in text and str(pids_file.parent) not in Path(f"/proc/{pid}/cmdline").read_text()
    return pids


def test_random_bot_is_short_and_plays_records_that_replay(tmp_path):
    source = RANDOM_BOT.read_text()
    assert len(source.splitlines()) < 40 and "import crib_stats" not in source
    with ExecPlayer(f"{sys.executable} {RANDOM_BOT}") as p:
        for k in range(3):
            rec = play_game((p, GreedyPlayer()) if k % 2 else (GreedyPlayer(), p), 5, k)
            assert rec["result"]["forfeit"] is None
            validate(rec)  # every decision legal, every point the referee's
        pids = list(p.pids)
    assert len(pids) == 1  # once per match
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        assert not Path(f"/proc/{pid}").exists() or "State:\tZ" not in Path(f"/proc/{pid}/status").read_text()


def test_a_match_against_the_random_bot_is_reproducible_and_shard_free():
    """Its seed comes in new_game, so the bot's games are the same in 1 or 2 shards (records
    compared without the decisions' times, which are measured)."""
    name = f"exec:{sys.executable} {RANDOM_BOT}"

    def records(shards):
        m = play_match("greedy", name, 8, seed=3, shards=shards, cache_dir=False)
        out = []
        for r in m.records():
            for d in r["deals"]:
                for x in d["decisions"]:
                    x["seconds"] = None
            out.append(json.dumps(r))
        return m, out

    m1, r1 = records(1)
    m2, r2 = records(2)
    assert r1 == r2 and len(r1) == 8
    s = m1.summary()
    assert s["forfeits"]["by_b"] == 0 and s["speed"][1]["decisions"] > 100
    for line in r1:
        validate(json.loads(line))


@pytest.mark.parametrize("kind, reason, restarts", [
    ("illegal", "cannot play", 0),
    ("garbage", "answered the discard message with a line that is not JSON: 'hello there'", 0),
    ("silent", "sent no discard answer within 0.6 s", 0),  # a fresh process: twice the limit
    ("exits", "the program exited with code 3 instead of answering the play message", 1),
    ("nothing", "the program exited with code 0 instead of answering the discard message", 1),
    ("flood", "wrote a line longer than 65,536 bytes instead of a discard answer", 0),
    ("chatty", "wrote a line nobody asked for: '{\"thanks\": true}'", 0),
])
@pytest.mark.slow  # over 2 s on 2 cores
def test_a_broken_bot_forfeits_with_its_reason_and_leaves_no_process(tmp_path, kind, reason, restarts):
    name, pids_file = bot(tmp_path, kind)
    limit = 0.3 if kind == "silent" else 20.0  # a short limit only where it is the point (a loaded machine)
    m = play_match(name, "greedy", 6, seed=1, time_limit=limit, cache_dir=False)
    s = m.summary()
    records = list(m.records())
    assert len(records) == 6 and s["games"] == 6
    reasons = [r["result"]["forfeit"] for r in records]
    assert s["forfeits"]["by_a"] == sum(x is not None for x in reasons) and s["forfeits"]["by_b"] == 0
    assert all(x is not None for x in reasons), reasons
    if kind == "chatty":  # its unasked line may come before or after the next question is sent
        assert reason in reasons[0] or 'answered the discard message with \'{"thanks": true}\'' in reasons[0]
    else:
        assert reason in reasons[0]
    assert "\n" not in reasons[0]
    for r in records:
        validate(r)  # a forfeit is a record too: replayed, it ends as it did
        loser = "first_pone" if r["result"]["winner"] == "first_dealer" else "first_dealer"
        assert r["players"][loser] == name
    if restarts:  # died in game 0, started again for game 1, died again: the rest forfeited unstarted
        assert "it is started again for the next game" in reasons[0]
        assert "it forfeits the rest of the match" in reasons[1]
        assert all("died 2 times: it forfeits the rest of the match" in x for x in reasons[2:])
    pids = assert_no_process_left(pids_file)
    want = {"exits": 2, "nothing": 2, "illegal": 1}.get(kind, 6)  # out of step: a fresh process each game
    assert len(pids) == want, pids


def test_a_command_that_cannot_start_is_refused_before_any_game(tmp_path, cli):
    """#48 item 4: a program not found, not executable, or a directory is one line naming the
    whole command, exit 2, before any game is played or any file written (it once played the
    match by forfeits and cut the path in the reason)."""
    (tmp_path / "not-executable.py").write_text("print(1)\n")
    deep = tmp_path / ("a-long-folder-name-" * 4)
    deep.mkdir()
    for command, why in [(f"{deep}/no-such-program --fast", f"{deep}/no-such-program: no such file"),
                         (f"{tmp_path}/not-executable.py", "not-executable.py: not executable"),
                         (f"{tmp_path}", f"{tmp_path}: a directory, not a program"),
                         ("no-such-program-on-the-path-48 x", "no-such-program-on-the-path-48: not found on the PATH")]:
        for a, b in ((f"exec:{command}", "greedy"), ("greedy", f"exec:{command}")):
            code, out, err = cli("match", a, b, "--games", "2", "--out", str(tmp_path / "o"))
            assert code == 2 and out == "" and err.count("\n") == 1, err
            assert f"match: cannot start the player 'exec:{command}': " in err and why in err, err
            assert not (tmp_path / "o").exists()
        with pytest.raises(Exception, match="cannot start the player"):
            play_match(f"exec:{command}", "random", 4, cache_dir=False)


def test_a_program_that_fails_as_it_starts_forfeits_every_game_with_the_whole_command(tmp_path):
    """A file that can be run but not started (executable, no interpreter line: Exec format
    error) passes the check and forfeits each game; the reason names the whole command."""
    bot = tmp_path / ("a-long-folder-name-" * 3) / "garbage-bot"
    bot.parent.mkdir()
    bot.write_bytes(b"\x00\x01 not a program\n")
    bot.chmod(0o755)
    m = play_match(f"exec:{bot} --level 3", "random", 4, cache_dir=False)
    reasons = [r["result"]["forfeit"] for r in m.records()]
    assert all(f"cannot start 'exec:{bot} --level 3'" in x for x in reasons), reasons


def test_the_registry_makes_exec_players():
    p = make_player(f"exec:{sys.executable} -c 'print(1)'")
    assert isinstance(p, ExecPlayer) and p.args[1:] == ["-c", "print(1)"] and p.proc is None  # started on new_game
    p.close()


@pytest.mark.slow  # over 2 s on 2 cores
def test_ctrl_c_during_a_match_kills_and_reaps_the_bot(tmp_path):
    """A match whose bot never answers (time limit 60 s), interrupted while it waits: exit 130,
    one line, and the bot is gone."""
    name, pids_file = bot(tmp_path, "silent")
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"))
    proc = subprocess.Popen([sys.executable, "-c", "import signal, sys; signal.signal(signal.SIGINT, "
                             "signal.default_int_handler); from crib_stats.presentation.cli import main; "
                             "sys.exit(main(sys.argv[1:]))", "match", name, "greedy", "--games", "2",
                             "--time-limit", "60"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 120
    while not pids_file.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    time.sleep(0.5)  # the bot has been asked to discard and is asleep
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "crib-stats: interrupted" in err
    for pid in [int(x) for x in pids_file.read_text().split()]:
        deadline = time.monotonic() + 10
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not Path(f"/proc/{pid}").exists(), f"bot {pid} left running"


def test_the_manual_shows_every_message_with_the_fields_the_referee_sends(tmp_path):
    """The protocol's examples in the manual (docs/protocol.md) against the messages a real match sends (a bot
    that logs every line): the same types, each with the same fields, and the same nested fields."""
    import re

    page = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = page[page.index("## Version 1"):page.index("## Version 2")]  # version 2's: tests/test_schemas.py
    shown = {m["type"]: m for m in (json.loads(x) for x in re.findall(r"```json\n(.*?)\n```", section, re.S))
             if "type" in m}
    log = tmp_path / "log.jsonl"
    script = tmp_path / "log_bot.py"
    script.write_text(RANDOM_BOT.read_text().replace("for line in sys.stdin:\n",
                                                      f"for line in sys.stdin:\n    open({str(log)!r}, 'a').write(line)\n"))
    m = play_match(f"exec:{sys.executable} {script}", "greedy", 2, cache_dir=False)
    assert m.summary()["forfeits"]["by_a"] == 0
    sent = [json.loads(x) for x in log.read_text().splitlines()]

    def shape(x):
        if isinstance(x, dict):
            return {k: shape(v) for k, v in x.items()}
        if isinstance(x, list):
            return [shape(x[0])] if x and isinstance(x[0], dict) else "list"
        return "null" if x is None else type(x).__name__

    assert set(shown) == {x["type"] for x in sent} == {"new_game", "discard", "play", "show", "game_over"}
    for kind, example in shown.items():
        shapes = [shape(x) for x in sent if x["type"] == kind]
        assert shape(example) in shapes or all(set(s) == set(example) for s in shapes), kind
        assert all(set(s) == set(example) for s in shapes), kind
    assert shown["new_game"]["version"] == 1


def test_each_shard_starts_its_own_process_and_ends_it(tmp_path):
    name, pids_file = bot(tmp_path, "fine")
    m = play_match(name, "random", 8, seed=2, shards=2, cache_dir=False)
    assert m.summary()["forfeits"] == {"by_a": 0, "by_b": 0, "reasons": [], "kinds": 0}
    assert len(assert_no_process_left(pids_file)) == 2
