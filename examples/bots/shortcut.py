#!/usr/bin/env python3
"""A bot for Shortcut over the pressluck player protocol (docs/players.md). It pushes onto the
finish when it can, takes the main road while far from the finish on a white square and the
shortcut otherwise; in a shortcut turn it presses on until its rolls total 4, then stops on the
square nearest the finish. Python 3, standard library only."""
import json
import sys

PRESS_UNTIL = 4  # the total of a shortcut turn's rolls at which it stops
FAR = 12  # squares from the finish beyond which the main road is taken


def announce(position, options):
    me = position["seats"][position["to_move"] - 1]
    if "push to " + position["finish"] in options:
        return "push to " + position["finish"]
    if "main road" in options and me["distance"] > FAR:
        return "main road"
    return "shortcut"


def press_or_stop(position, options):
    if "press" in options and position["shortcut_turn"]["total"] < PRESS_UNTIL:
        return "press"
    # `to` lists the squares a stop may end on, each with its distance to the finish.
    nearest = min(position["to"], key=lambda s: s["distance"])
    return "stop at " + nearest["square"]


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"name": "shortcut.py"}), flush=True)
    elif message["type"] == "decision":
        position, options = message["position"], message["options"]
        if message["decision"] == "announce":
            option = announce(position, options)
        else:
            option = press_or_stop(position, options)
        print(json.dumps({"option": option}), flush=True)
