#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""A target is its folder: no tracked file lists every target, but the folders of
targets/ and the implementations' 'targets' files.

  python3 -m tools.targetlists [FILE...]   (default: every tracked file)

A list is a paragraph (lines between blank lines; each Markdown list item and
table row one of its own) that
names every target tools/describe.py finds in targets/, each as a word of its
own (x86, not the x86 of x86-64 or x86/). Such a paragraph must change with
each new target; prose says "every target in targets/" instead, and code asks
tools/describe.py. Prints "FILE:LINE: names every target" per list and exits 1
when there is any. Files under targets/, the implementations' 'targets' files
and files that are not UTF-8 text are not read.
"""
import os
import re
import subprocess
import sys

from tools import describe


def tracked():
    """The tracked files, relative to the top; without git, every file but build/ and .git."""
    try:
        result = subprocess.run(["git", "ls-files", "-z"], cwd=describe.TOP, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, check=True)
        return [f for f in result.stdout.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        out = []
        for directory, dirs, files in os.walk(describe.TOP):
            dirs[:] = [d for d in dirs if not (directory == describe.TOP and d in ("build", ".git"))]
            out += [os.path.relpath(os.path.join(directory, f), describe.TOP) for f in files]
        return sorted(out)


def exempt(path):
    """The files that are the lists: the targets' folders, the implementations' targets files."""
    return path.startswith("targets/") or re.match(r"^poly1305aes_[^/]+/targets$", path) is not None


def paragraphs(text):
    """[(first line number, text)] of the runs of non-blank lines; a Markdown list item
    ("- ") or table row ("|") starts a run of its own"""
    out, start, run = [], 0, []
    for number, line in enumerate(text.split("\n"), 1):
        if run and line.lstrip().startswith(("- ", "|")):
            out.append((start, "\n".join(run)))
            run = []
        if line.strip():
            if not run:
                start = number
            run.append(line)
        elif run:
            out.append((start, "\n".join(run)))
            run = []
    if run:
        out.append((start, "\n".join(run)))
    return out


def lists(text, names):
    """The first line numbers of the paragraphs of text that name every one of names"""
    words = [re.compile(r"(?<![\w./-])%s(?![\w/]|-\w)" % re.escape(n)) for n in names]
    return [start for start, para in paragraphs(text) if names and all(w.search(para) for w in words)]


def main(argv):
    names = describe.target_names()
    found = 0
    for path in argv or tracked():
        if exempt(path):
            continue
        try:
            with open(os.path.join(describe.TOP, path), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        for start in lists(text, names):
            print("%s:%d: names every target (%s): say \"every target in targets/\", or ask tools/describe.py"
                  % (path, start, " ".join(names)))
            found += 1
    if found:
        return 1
    print("no file but targets/ and the implementations' targets files names every target (%d targets)" % len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
