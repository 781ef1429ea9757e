#!/usr/bin/env python3
"""A test bot of the player protocol that plays well, then breaks at its fifth decision as
told: its mode is the first line of the file named by its argument (else $FLAKY_MODE): `ok`
(never breaks), `exit`, `hang`, `garbage` (a line that is not JSON) or `illegal` (an option
that is not one). Playing, it takes the last option ("stop", the last use listed)."""
import json
import os
import sys
import time

mode = open(sys.argv[1]).read().split()[0] if len(sys.argv) > 1 else os.environ["FLAKY_MODE"]
decisions = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"name": "flaky"}), flush=True)
    elif message["type"] == "decision":
        decisions += 1
        if decisions == 5 and mode == "exit":
            sys.exit(3)
        if decisions == 5 and mode == "hang":
            time.sleep(60)
        if decisions == 5 and mode == "garbage":
            print("I choose to stop", flush=True)
            continue
        option = "jump" if decisions == 5 and mode == "illegal" else message["options"][-1]
        print(json.dumps({"option": option}), flush=True)
