#!/usr/bin/env python3
"""A bot for The Great Races over the pressluck player protocol (docs/players.md): each roll it
races with the pairing that climbs the most, each space worth its track's points over the
spaces left to win it, so short tracks and races nearly won come first. Ties go to the pairing
listed first. Python 3, standard library only."""
import json
import sys


def worth(position, label):
    """What racing with `use A B` is worth: per step, the track's first-place points over the
    spaces the player still has to climb on it (nothing on a closed track)."""
    me = position["to_move"]
    tracks = {s["segment"]: s for s in position["segments"]}
    total = 0.0
    for c in map(int, label.split()[1:]):
        track = tracks[c]
        if track["closed"]:
            continue
        mine = [x["space"] for x in track["cubes"] if x["player"] == me]
        left = track["length"] - (mine[0] if mine else 0)
        total += track["points"][0] / max(left, 1)
    return total


def choose(position, options):
    best = max(range(len(options)), key=lambda i: (worth(position, options[i]), -i))
    return options[best]


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"name": "great_races.py"}), flush=True)
    elif message["type"] == "decision":
        option = choose(message["position"], message["options"])
        print(json.dumps({"option": option}), flush=True)
