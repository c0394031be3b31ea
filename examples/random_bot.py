#!/usr/bin/env python3
"""A crib-stats player of every variant (line protocol 1 and 2): uniformly random legal decisions.

Run a match against it:  crib-stats match greedy "exec:python3 examples/random_bot.py"
                         crib-stats match greedy greedy "exec:python3 examples/random_bot.py" --variant three-player
Reads one JSON object a line on stdin; answers discard, play, count and muggins, one line each.
"""
import json
import random
import sys

rng = random.Random(0)
for line in sys.stdin:
    message = json.loads(line)
    kind = message["type"]
    if kind == "new_game":
        if message["version"] not in (1, 2):
            sys.exit(f"random_bot speaks protocols 1 and 2, not {message['version']}")
        rng = random.Random(message["seed"])  # the same games whenever the match is replayed
        continue
    if kind == "discard":  # version 1 (two players) always throws two; version 2 says how many
        answer = {"discard": rng.sample(message["hand"], message.get("throw", 2))}
    elif kind == "play":
        answer = {"card": rng.choice(message["legal"])}
    elif kind == "count":  # muggins: a guess at its own count (an undercount may be called)
        answer = {"points": rng.randint(0, 12)}
    elif kind == "muggins":  # calls every point the owner may have missed (a call above them gets them all)
        answer = {"points": 29}
    else:  # show, game_over: nothing to answer
        continue
    print(json.dumps(answer), flush=True)
