#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Re-run the commands of README.md's pasted blocks and paste their output.

    python3 tools/readme.py NAME...    the blocks <!-- NAME: begin --> .. <!-- NAME: end -->
    python3 tools/readme.py --list     the blocks' names and commands

A block is a fenced code block between its markers whose commands are the
lines starting with "$ "; each runs with sh from the top of the tree, and
the block becomes each command followed by what it printed (stdout and
stderr), this tree's path shortened to nothing. A command that fails stops
the run and leaves README.md as it was. The figures in the README come from
here, never from an editor.
"""
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(TOP, "README.md")
BLOCK = re.compile(r"(<!-- (?P<name>[\w.-]+): begin -->\n```\n)(?P<body>.*?)(```\n<!-- (?P=name): end -->)", re.S)


def commands(body):
    return [line[2:] for line in body.splitlines() if line.startswith("$ ")]


def rerun(name, body):
    out = []
    for command in commands(body):
        print("readme.py: %s: $ %s" % (name, command), file=sys.stderr)
        result = subprocess.run(["sh", "-c", command], cwd=TOP, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            sys.exit("readme.py: %s: `%s` failed (exit %d):\n%s"
                     % (name, command, result.returncode, result.stdout[-3000:]))
        out.append("$ " + command + "\n" + result.stdout.replace(TOP + "/", ""))
    return "".join(out)


def main(argv):
    with open(README) as f:
        text = f.read()
    blocks = {m.group("name"): m for m in BLOCK.finditer(text)}
    if argv == ["--list"]:
        for name, m in blocks.items():
            print("%-28s %s" % (name, " ; ".join(commands(m.group("body"))) or "(no command)"))
        return
    if not argv:
        sys.exit(__doc__)
    for name in argv:
        if name not in blocks:
            sys.exit("readme.py: no block %s in README.md (--list names them)" % name)
        if not commands(blocks[name].group("body")):
            sys.exit("readme.py: block %s has no command line" % name)
    new = {name: rerun(name, blocks[name].group("body")) for name in argv}
    text = BLOCK.sub(lambda m: m.group(1) + new[m.group("name")] + m.group(4) if m.group("name") in new
                     else m.group(0), text)
    with open(README + ".tmp", "w") as f:
        f.write(text)
    os.replace(README + ".tmp", README)


if __name__ == "__main__":
    main(sys.argv[1:])
