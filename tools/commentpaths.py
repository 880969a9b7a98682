#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Every file path named in a comment of the tracked sources exists, and no
Python file edits the module search path (the tree's Python is one package
tree, tools/__init__.py).

  python3 -m tools.commentpaths [FILE...]   (default: every tracked file)

Comments are read per kind of file: C and headers (/* */ and //), assembly
(the whole text but its #include lines: its comments take @, !, # or //
by architecture), Python (# comments and docstrings), shell, make and the
description files (# comments); the Markdown documents whole. A path is a
word with a slash in it (x86/paths.h, ../common/wipe.h) that ends in a
source or document name (a known extension, or a description file's name
such as poly1305aes_53/needs), or that starts with targets/, and whose first
directory is one of the tree's (or poly1305aes_*: a removed implementation's
files are stale too). It must exist relative to the top or to the directory
of the file naming it; a line number after it (x86/paths.h:3) is not
checked. Not paths of the tree: those the build makes (build/..., gen/...),
words holding a placeholder (build/<target>/..., targets/<t>/abi.S, targets/T,
*.c), words after a slash or a colon (URLs, absolute paths) and other
projects' files (openssl/aes.h: no such directory here).
Prints one line "FILE:LINE: PATH does not exist" per stale name and
"FILE:LINE: sys.path edited" per line of a tracked .py whose code changes
sys.path (insert, append, assignment...), and exits 1 when there is any.
"""
import ast
import io
import os
import re
import subprocess
import sys
import tokenize

EXTENSIONS = {"c", "h", "S", "s", "inc", "in", "py", "sh", "mk", "md", "txt",
              "map", "png"}
DESCRIPTION_FILES = {"cflags", "checks", "needs", "sidechannel", "sources",
                     "summary", "table", "targets", "loops", "shares", "Makefile",
                     "ensure-tools", "fetch-peers", "distcheck"}
MADE_BY_BUILD = {"build", "gen"}
# a word of path characters with at least one slash, not inside a longer word,
# a URL, an absolute path or a placeholder
WORD = re.compile(r"(?<![\w./<>$*{}:~-])((?:\.\./)*[\w][\w.+-]*(?:/[\w.+-]+)+)(?![\w/<>*{}$+-])")


def tracked(top):
    try:
        out = subprocess.run(["git", "-C", top, "ls-files", "-z"], check=True,
                             capture_output=True).stdout.decode()
        names = [n for n in out.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = []
        for root, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d not in (".git", "build", "__pycache__")]
            names += [os.path.relpath(os.path.join(root, f), top) for f in files]
    return sorted(n for n in names if os.path.isfile(os.path.join(top, n)))


def kind(name):
    base = os.path.basename(name)
    ext = base.rsplit(".", 1)[1] if "." in base else ""
    if ext in ("c", "h", "in", "map"):
        return "c"
    if ext in ("S", "s", "inc", "md"):
        return "text"
    if ext == "py":
        return "py"
    if ext in ("sh", "mk") or base in DESCRIPTION_FILES or base == "run" \
            or name.startswith("targets/") or name.startswith("test/") and "." not in base:
        return "hash"
    return None


def c_comments(text):
    """(line, text) of each /* */ and // comment, string literals skipped."""
    out = []
    i, n, line = 0, len(text), 1
    while i < n:
        ch = text[i]
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append((line, text[i:end]))
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append((line, text[i:end]))
        elif ch in "\"'":
            end = i + 1
            while end < n and text[end] != ch and text[end] != "\n":
                end += 2 if text[end] == "\\" else 1
            end += 1
        else:
            end = i + 1
        line += text.count("\n", i, end)
        i = end
    return out


def text_lines(text):
    return [(k + 1, l) for k, l in enumerate(text.split("\n"))
            if not re.match(r"\s*#\s*include\b", l)]


def hash_comments(text):
    out = []
    for k, l in enumerate(text.split("\n")):
        at = l.find("#")
        if at >= 0:
            out.append((k + 1, l[at:]))
    return out


def py_comments(text):
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            out.append((tok.start[0], tok.string))
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.body and isinstance(node.body[0], ast.Expr) \
                and isinstance(node.body[0].value, ast.Constant) \
                and isinstance(node.body[0].value.value, str):
            out.append((node.body[0].lineno, node.body[0].value.value))
    return out


def sys_path_edits(text):
    """Lines of code that change sys.path: sys.path.insert/append/extend/...,
    or an assignment to sys.path (comments and strings do not count)."""
    words = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
             if t.type in (tokenize.NAME, tokenize.OP)]
    lines = []
    for k in range(len(words) - 3):
        if [w.string for w in words[k:k + 3]] == ["sys", ".", "path"] and \
                (words[k + 3].string == "." and k + 4 < len(words)
                 and words[k + 4].string in ("insert", "append", "extend", "remove", "pop", "clear")
                 or words[k + 3].string in ("=", "+=")):
            lines.append(words[k].start[0])
    return lines


READERS = {"c": c_comments, "text": text_lines, "hash": hash_comments, "py": py_comments}


def is_path(word, top, here):
    """Whether word names a file of this tree: a source or document name
    (or targets/...), no placeholder (targets/T, poly1305aes_NAME/...), not
    one the build makes, and its first directory one of the tree's, of the
    naming file's directory, or poly1305aes_*: openssl/aes.h or ../x/y.c
    name no file of it."""
    parts = word.split("/")
    last = parts[-1]
    if "." in last:
        stem, ext = last.rsplit(".", 1)
        named = bool(stem) and ext in EXTENSIONS
    else:
        named = last in DESCRIPTION_FILES or parts[0] == "targets"
    if not named or any(re.fullmatch(r"[A-Z][A-Z0-9_]*", p) for p in parts):
        return False
    if parts[0] == "..":
        parts = os.path.normpath(os.path.join(here, word)).split(os.sep)
        if parts[0] == "..":
            return False
    anchor = parts[0]
    if anchor in MADE_BY_BUILD:
        return False
    return anchor.startswith("poly1305aes_") or os.path.isdir(os.path.join(top, anchor)) \
        or os.path.isdir(os.path.join(top, here, anchor))


def stale(top, name):
    path = os.path.join(top, name)
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    found = []
    what = kind(name)
    if what:
        here = os.path.dirname(name)
        for line, comment in READERS[what](text):
            for k, piece in enumerate(comment.split("\n")):
                for m in WORD.finditer(piece):
                    word = m.group(1).rstrip(".")
                    if not is_path(word, top, here):
                        continue
                    if os.path.exists(os.path.join(top, word)) or \
                            os.path.exists(os.path.join(top, here, word)):
                        continue
                    stale_name = "%s:%d: %s does not exist" % (name, line + k, word)
                    if stale_name not in found:
                        found.append(stale_name)
    if name.endswith(".py"):
        for line in sys_path_edits(text):
            found.append("%s:%d: sys.path edited (import the tree's modules by their package, tools/__init__.py)"
                         % (name, line))
    return found


def main(argv):
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    names = argv[1:] or tracked(top)
    found = []
    for name in names:
        found += stale(top, name)
    for line in found:
        print("FAIL " + line)
    if found:
        return 1
    print("every path named in a comment of %d files exists; no Python file edits sys.path" % len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
