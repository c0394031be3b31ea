#!/usr/bin/env python3
"""A crib-stats player (line protocol 1): uniformly random legal decisions.

Run a match against it:  crib-stats match greedy "exec:python3 examples/random_bot.py"
Reads one JSON object a line on stdin; answers discard and play, one line each.
"""
import json
import random
import sys

rng = random.Random(0)
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "new_game":
        if message["version"] != 1:
            sys.exit(f"random_bot speaks protocol 1, not {message['version']}")
        rng = random.Random(message["seed"])  # the same games whenever the match is replayed
        continue
    if kind == "discard":
        answer = {"discard": rng.sample(message["hand"], 2)}  # both two-player games throw two
    elif kind == "play":
        answer = {"card": rng.choice(message["legal"])}
    else:  # show, game_over: nothing to answer
        continue
    print(json.dumps(answer), flush=True)
