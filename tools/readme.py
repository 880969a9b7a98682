#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Re-run the commands of a document's pasted blocks and paste their output.

    python3 -m tools.readme [--file FILE] NAME...   the blocks <!-- NAME: begin --> .. <!-- NAME: end -->
    python3 -m tools.readme [--file FILE] --list    the blocks' names, pages and commands

Without --file the blocks are looked for in every results page (PAGES: the
index doc/RESULTS.md and doc/results/*.md, one page a platform), each name
in the one page that holds it; FILE is relative to the top of the tree. A block is a fenced code block between its markers whose
commands are the lines starting with "$ "; each runs with sh from the top of
the tree, and the block becomes each command followed by what it printed
(stdout and stderr), this tree's path shortened to nothing; a command may not
print a line starting with "$ ". The line
"Run on: ..." just above the begin marker is rewritten to name this machine
(CPU, system, compiler, date). A command that fails stops the run and leaves
every page as it was. The figures in the documents come from here, never from an
editor.
"""
import datetime
import os
import platform
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INDEX = "doc/RESULTS.md"
RESULTS = "doc/results"
BLOCK = re.compile(r"(?:^Run on: [^\n]*\n)?(<!-- (?P<name>[\w.-]+): begin -->\n```\n)(?P<body>.*?)"
                   r"(```\n<!-- (?P=name): end -->)", re.S | re.M)


def pages():
    """The results pages, relative to the top: the index, then doc/results/*.md."""
    folder = os.path.join(TOP, RESULTS)
    return [INDEX] + sorted(os.path.join(RESULTS, n) for n in os.listdir(folder) if n.endswith(".md"))


def blocks(paths):
    """name -> (page, match) of each block in PATHS; a name in two places is an error."""
    found = {}
    for path in paths:
        try:
            with open(os.path.join(TOP, path)) as f:
                text = f.read()
        except OSError as e:
            sys.exit("readme.py: cannot read %s (%s); give --file with a path from the top of the tree"
                     % (path, e.strerror))
        for m in BLOCK.finditer(text):
            if m.group("name") in found:
                sys.exit("readme.py: block %s is in %s and in %s: keep one" % (m.group("name"), found[m.group("name")][0], path))
            found[m.group("name")] = (path, m)
    return found


def commands(body):
    return [line[2:] for line in body.splitlines() if line.startswith("$ ")]


def cpuinfo(field):
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() == field:
                    return value.strip()
    except OSError:
        pass
    return ""


def machine():
    """One line naming where a block was run: the CPU as the kernel reports it."""
    cpu = cpuinfo("model name") or platform.processor() or platform.machine()
    family, model = cpuinfo("cpu family"), cpuinfo("model")
    if family and model:
        cpu += " (%s family %s model %s)" % (cpuinfo("vendor_id"), family, model)
    system = platform.system()
    try:
        with open("/etc/os-release") as f:
            system = dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line) \
                .get("PRETTY_NAME", system).strip('"')
    except OSError:
        pass
    try:
        cc = subprocess.run(["cc", "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        cc = "no cc"
    return "Run on: %s, %d CPUs; %s; %s; %s.\n" % (cpu, os.cpu_count() or 1, system, cc,
                                                    datetime.date.today().isoformat())


def rerun(name, body):
    out = []
    for command in commands(body):
        print("readme.py: %s: $ %s" % (name, command), file=sys.stderr)
        result = subprocess.run(["sh", "-c", command], cwd=TOP, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            sys.exit("readme.py: %s: `%s` failed (exit %d):\n%s"
                     % (name, command, result.returncode, result.stdout[-3000:]))
        if any(line.startswith("$ ") for line in result.stdout.splitlines()):
            sys.exit("readme.py: %s: `%s` printed a line starting with \"$ \", which the next re-run would take "
                     "for a command; make it print something else" % (name, command))
        out.append("$ " + command + "\n" + result.stdout.replace(TOP + "/", ""))
    return "".join(out)


def main(argv):
    paths = None
    if argv[:1] == ["--file"]:
        if len(argv) < 2:
            sys.exit(__doc__)
        paths, argv = [argv[1]], argv[2:]
    found = blocks(paths or pages())
    where_ = paths[0] if paths else "the results pages (%s, %s/*.md)" % (INDEX, RESULTS)
    if argv == ["--list"]:
        for name, (path, m) in found.items():
            print("%-28s %-26s %s" % (name, path, " ; ".join(commands(m.group("body"))) or "(no command)"))
        return
    if not argv:
        sys.exit(__doc__)
    for name in argv:
        if name not in found:
            sys.exit("readme.py: no block %s in %s (--list names them)" % (name, where_))
        if not commands(found[name][1].group("body")):
            sys.exit("readme.py: block %s in %s has no command line" % (name, found[name][0]))
    new = {name: rerun(name, found[name][1].group("body")) for name in argv}
    where = machine()
    for path in sorted({found[name][0] for name in argv}):
        full = os.path.join(TOP, path)
        with open(full) as f:
            text = f.read()
        text = BLOCK.sub(lambda m: where + m.group(1) + new[m.group("name")] + m.group(4) if m.group("name") in new
                         else m.group(0), text)
        with open(full + ".tmp", "w") as f:
            f.write(text)
        os.replace(full + ".tmp", full)


if __name__ == "__main__":
    main(sys.argv[1:])
