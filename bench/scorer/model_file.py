"""Writes a fitted model's JSON file as the engine ships it: one-space indents, UTF-8, a final newline."""

import json
import os


def write(path, content):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        json.dump(content, out, indent=1, ensure_ascii=False)
        out.write("\n")
