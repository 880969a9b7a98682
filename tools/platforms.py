#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Write README.md's "Platforms and speed" table from the results pages' blocks
(doc/results/*.md, tools/readme.py's PAGES).

    python3 -m tools.platforms           rewrite the table between its markers in README.md
    python3 -m tools.platforms --check   exit 1, showing the difference, if README.md's table
                                         is not what the blocks give

Each row is a line of tools/platforms.txt (its header says the fields). The
figures of a row (ours and every peer at 1024 bytes, the fewest peer, the
ratio) are read from the row's block as tools/readme.py last pasted it; the
text columns come from the line, with placeholders filled from the block:
{cpu} (the CPU its "Run on:" line names), {cpu:BLOCK} (another block's),
{pick} and {path} (its first "poly1305aes_X (path P)"), {openssl} and
{sodium} (the peer and, where the block names it, its version). No figure
in the table is typed by hand: re-run a block, then run this.
"""
import difflib
import os
import re
import sys

from tools import readme

README = "README.md"
ROWS = os.path.join("tools", "platforms.txt")
LENGTH = "1024"
BEGIN = "<!-- platforms table: begin (python3 -m tools.platforms writes it) -->\n"
END = "<!-- platforms table: end -->\n"
HEADER = ("| platform (`TARGET=`) | installed pick (path) | ours | best peer | ratio | measured on | results "
          "| every length, drawn |\n|---|---|---|---|---|---|---|---|\n")


def fail(message):
    sys.exit("platforms.py: " + message)


def blocks():
    """Each block of the results pages: name -> (its "Run on:" line or "", its body), and
    anchor -> the page that holds it."""
    found, anchors = {}, {}
    for page, m in readme.blocks(readme.pages()).values():
        whole = m.group(0)
        found[m.group("name")] = (whole.split("\n", 1)[0] if whole.startswith("Run on: ") else "", m.group("body"))
    for page in readme.pages():
        with open(os.path.join(readme.TOP, page)) as f:
            for anchor in re.findall(r'<a id="([\w-]+)"></a>', f.read()):
                anchors[anchor] = page
    return anchors, found


def cpu(name, found):
    """The CPU a block's "Run on:" line names, up to its first comma outside parentheses,
    without trademarks, family and model numbers."""
    if name not in found:
        fail("no block %s in the results pages" % name)
    run_on = found[name][0]
    if not run_on:
        fail("block %s has no \"Run on:\" line: re-run it (python3 -m tools.readme %s)" % (name, name))
    text, depth = run_on[len("Run on: "):].split(";")[0], 0
    for i, c in enumerate(text):
        depth += (c == "(") - (c == ")")
        if c == "," and depth == 0:
            text = text[:i]
            break
    for noise in ("(R)", "(TM)", " Processor"):
        text = text.replace(noise, "")
    text = re.sub(r"(,\s*)?(\w+ )?family \d+ model \d+", "", text)
    return text.replace(" ()", "").replace("()", "").strip()


def figure(locator, name, body):
    """The figure LOCATOR (see tools/platforms.txt) finds in block NAME's BODY, as printed."""
    kind, _, what = locator.partition(" ")
    lines = body.splitlines()
    if kind == "col":
        for i, line in enumerate(lines):
            header = line.split()
            if header[:1] == ["length"]:
                if what not in header:
                    fail("block %s: its first table has no column %s (columns: %s)" % (name, what, " ".join(header)))
                for row in lines[i + 1:]:
                    cells = row.split()
                    if cells[:1] == [LENGTH] and len(cells) == len(header):
                        return cells[header.index(what)]
                    if not cells or not cells[0].isdigit():
                        break
                fail("block %s: its first table has no row for %s bytes" % (name, LENGTH))
        fail("block %s has no table headed \"length\"" % name)
    if kind == "after":
        start = [i for i, line in enumerate(lines) if line.startswith("$ ") and what in line]
        if not start:
            fail("block %s has no command holding %s" % (name, what))
        for line in lines[start[0] + 1:]:
            if line.startswith("$ "):
                break
            cells = line.split()
            if len(cells) == 2 and cells[0] == LENGTH:
                return cells[1]
        fail("block %s: the command holding %s printed no line \"%s N\"" % (name, what, LENGTH))
    if kind == "re":
        m = re.search(what, body, re.S)
        if not m:
            fail("block %s: nothing matches %s" % (name, what))
        return m.group(1)
    fail("%s: unknown locator %r (col, after or re)" % (ROWS, locator))


def ratio(ours, peer):
    value = float(ours) / float(peer)
    return "%.3f" % value if value < 1 else "%.2f" % value


def fill(text, name, body, found):
    """TEXT with its placeholders filled from block NAME."""
    def one(m):
        key = m.group(1)
        if key == "cpu":
            return cpu(name, found)
        if key.startswith("cpu:"):
            return cpu(key[4:], found)
        if key in ("pick", "path"):
            pick = re.search(r"(poly1305aes_\w+) \(path ([\w-]+)\)", body)
            if not pick:
                fail("block %s names no \"poly1305aes_X (path P)\"" % name)
            return pick.group(1) if key == "pick" else pick.group(2)
        if key in ("openssl", "sodium"):
            peer = {"openssl": "OpenSSL", "sodium": "libsodium"}[key]
            version = re.search(r"\b%s (\d+(?:\.\d+)+)\b" % peer, body)
            return peer + (" " + version.group(1) if version else "")
        fail("%s: unknown placeholder {%s}" % (ROWS, key))
    return re.sub(r"\{([\w:]+)\}", one, text)


def table():
    anchors, found = blocks()
    out = [HEADER]
    with open(os.path.join(readme.TOP, ROWS)) as f:
        rows = [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
    for row in rows:
        fields = row.split("|")
        if len(fields) != 9:
            fail("%s: %d fields, not 9, in: %s" % (ROWS, len(fields), row))
        name, ours_at, peers_at, units, platform, pick, where, anchor, drawn = (f.strip() for f in fields)
        if name not in found:
            fail("no block %s in the results pages" % name)
        if anchor not in anchors:
            fail("no anchor %s in the results pages" % anchor)
        body = found[name][1]
        ours = figure(ours_at, name, body)
        peers = []
        for peer in peers_at.split(" ; "):
            locator, _, label = peer.partition("=")
            value = figure(locator, name, body)
            peers.append((float(value), value, label))
        _, best, label = min(peers)
        cells = [platform, fill(pick, name, body, found), "%s %s" % (ours, units),
                 "%s: %s" % (fill(label, name, body, found), best), ratio(ours, best),
                 fill(where, name, body, found), "[%s](%s#%s)" % (name, anchors[anchor], anchor),
                 fill(drawn, name, body, found)]
        out.append("|" + "|".join(" %s " % cell if cell else " " for cell in cells) + "|\n")
    return "".join(out)


def main(argv):
    if argv not in ([], ["--check"]):
        sys.exit(__doc__)
    path = os.path.join(readme.TOP, README)
    with open(path) as f:
        text = f.read()
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        fail("%s needs the lines %s and %s once each, in that order, around the table"
             % (README, BEGIN.strip(), END.strip()))
    head, rest = text.split(BEGIN)
    old, tail = rest.split(END)
    new = table()
    if argv == ["--check"]:
        if old != new:
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True),
                                                       README + " (now)", "from the results pages"))
            print("FAIL %s's platform table is not what the results pages' blocks give: run python3 -m tools.platforms"
                  % README)
            sys.exit(1)
        print("%s's platform table is what the results pages' blocks give (%d rows)" % (README, new.count("\n") - 2))
        return
    with open(path + ".tmp", "w") as f:
        f.write(head + BEGIN + new + END + tail)
    os.replace(path + ".tmp", path)


if __name__ == "__main__":
    main(sys.argv[1:])
