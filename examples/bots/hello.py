#!/usr/bin/env python3
"""The smallest bot of the pressluck player protocol (docs/players.md): it greets, then takes
the first option of every decision."""
import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"name": "hello"}), flush=True)
    elif message["type"] == "decision":
        print(json.dumps({"option": message["options"][0]}), flush=True)
