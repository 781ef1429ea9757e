#!/usr/bin/env python3
"""Keller's Rule of 28 for Can't Stop and Route 66, as a bot of the pressluck player protocol
(docs/players.md). It plays exactly as the built-in `rule28`: the same seed gives the same
games. Python 3, standard library only."""
import json
import sys

PROGRESS = [6, 5, 4, 3, 2, 1]  # count points a step, columns 2/12, 3/11, 4/10, 5/9, 6/8, 7
CHOICE = [1, 2, 3, 4, 5, 6]  # choice points a step, same order
ODD, EVEN, LOW, HIGH, MARKER, THRESHOLD, CARS = 2, -2, 4, 4, 6, 28, 3
BUSTS = {}

def weight(w, c):  # the weight of column c
    return w[min(c, 14 - c) - 2]

def bust_rolls(usable):
    """Rolls of 1296 none of whose pairings sums to a usable column (kept once worked out)."""
    key = frozenset(usable)
    if key not in BUSTS:
        dice = range(1, 7)
        BUSTS[key] = sum(1 for a in dice for b in dice for c in dice for d in dice
                         if not {a + b, c + d, a + c, b + d, a + d, b + c} & key)
    return BUSTS[key]

class Turn:
    """The turn in hand of the player to move: cars, their spaces and steps taken."""

    def __init__(self, pos):
        me, self.seg = pos["to_move"], {s["segment"]: s for s in pos["segments"]}
        self.jump = pos["game"] == "route66" or "jump" in pos["variants"]
        self.cube = {c: max([x["space"] for x in s["cubes"] if x["player"] == me] + [0])
                     for c, s in self.seg.items()}
        self.others = {c: {x["space"] for x in s["cubes"] if x["player"] != me}
                       for c, s in self.seg.items()}
        self.car = {x["segment"]: x["space"] for x in pos["cars"]}
        self.steps = {c: self.steps_to(c, s) for c, s in self.car.items()}

    def steps_to(self, c, space):
        if not self.jump:
            return space - self.cube[c]
        return sum(1 for s in range(self.cube[c] + 1, space + 1) if s not in self.others[c])

    def advance(self, c):
        """One step up column c (entering it first if needed): the spaces climbed."""
        start = self.car.get(c, self.cube[c])
        to = start + 1
        while self.jump and to in self.others[c]:
            to += 1
        self.car[c] = min(to, self.seg[c]["length"])
        self.steps[c] = self.steps.get(c, 0) + 1
        return self.car[c] - start

    def at_top(self):  # columns whose car stands on the top
        return {c for c, s in self.car.items() if s >= self.seg[c]["length"]}

    def placed(self):
        cars = set(self.car)
        if len(cars) < CARS:
            return 0
        return (ODD * all(c % 2 for c in cars) + EVEN * all(c % 2 == 0 for c in cars)
                + LOW * all(c <= 7 for c in cars) + HIGH * all(c >= 7 for c in cars))

    def weighted(self, w):
        return sum(weight(w, c) * (n + 1) for c, n in self.steps.items())

    def usable(self):
        open_ = {c for c, s in self.seg.items() if not s["closed"]}
        moving = set(self.car) - self.at_top()
        return moving | (open_ - set(self.car)) if len(self.car) < CARS else moving

def choose(pos, options):
    """The use of highest choice points; ties: lowest bust chance next, then most progress."""
    def rank(i):
        t, gain = Turn(pos), 0
        for c in [int(x) for x in options[i].split()[1:]]:  # "use 5 9", "use 7 7", "use 4"
            gain += t.advance(c) * 360360 // t.seg[c]["length"]
        score = t.weighted(CHOICE) - MARKER * len(t.car) - t.placed()
        return (score, -bust_rolls(t.usable()), gain, -i)
    return options[max(range(len(options)), key=rank)]

def keep_rolling(pos):
    if pos["stop_wins"]:  # stopping now wins the game
        return False
    t = Turn(pos)
    open_ = {c for c, s in t.seg.items() if not s["closed"]} - t.at_top()
    if len(t.car) < CARS and len(open_) > len(t.car):
        return True
    return t.weighted(PROGRESS) + t.placed() < THRESHOLD

for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"name": "rule28.py"}), flush=True)
    elif m["type"] == "decision":
        if m["decision"] == "use":
            option = choose(m["position"], m["options"])
        else:
            option = "roll" if keep_rolling(m["position"]) else "stop"
        print(json.dumps({"option": option}), flush=True)
