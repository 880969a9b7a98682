#!/usr/bin/env python3
# SPDX-License-Identifier: CC0-1.0
"""Every file path and every name a comment of the tracked sources cites
exists, the prose that restates the tree agrees with it, and no Python file
edits the module search path (the tree's Python is one package tree,
tools/__init__.py).

  python3 -m tools.commentpaths [FILE...]   (default: every tracked file, and
                                            the tree-wide rules below)

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
sys.path (insert, append, assignment...).

Names (unknown_names): a function or function-like macro cited as NAME(), a
field cited as p->NAME, a poly1305aes_ name (poly1305aes_<impl>_NAME where
NAME is in code; one with an upper-case placeholder word, poly1305aes_X_...,
is not checked) and an upper-case macro of a family the tree #defines must
occur in the code of some tracked file (comments and docstrings left out).
In Markdown the code spans outside fenced blocks are read.
Tree-wide rules, for prose that restates the tree: a shared header's opening
sentence saying who includes, shares or uses it names exactly the
implementations with a file that #includes it (users_lists); a source comment
states what holds, never work still to do (unfinished), and holds no
tick count or issue number (measured: they go in doc/results/); a sentence saying
what the library exports exactly names the version script's symbols
(export_lists); tools/describe.py's list of target fields names every field
a target file uses (target_fields); no run of REPEAT words of a Markdown
document's prose appears twice in it (repeats). Exits 1 on any failure.
"""
import ast
import io
import os
import re
import subprocess
import sys
import tokenize

from tools import describe

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


C_TOKEN = re.compile(r"/\*.*?(?:\*/|\Z)|//[^\n]*|\"(?:\\.|[^\"\\\n])*(?:\"|\n|\Z)|'(?:\\.|[^'\\\n])*(?:'|\n|\Z)", re.S)


def c_comments(text):
    """(line, text) of each /* */ and // comment, string literals skipped."""
    out, line, at = [], 1, 0
    for m in C_TOKEN.finditer(text):
        if m.group(0)[0] == "/":
            line += text.count("\n", at, m.start())
            at = m.start()
            out.append((line, m.group(0)))
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


def read(top, name):
    with open(os.path.join(top, name), encoding="utf-8", errors="replace") as f:
        return f.read()


COMMENTS = {}


def comments_of(name, text):
    """(line, text) of each comment of a tracked file, or [] for a file of no known kind
    (read once per run)."""
    if name not in COMMENTS:
        what = kind(name)
        COMMENTS[name] = READERS[what](text) if what else []
    return COMMENTS[name]


def stale(top, name, text=None):
    text = read(top, name) if text is None else text
    found = []
    here = os.path.dirname(name)
    for line, comment in comments_of(name, text):
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


# ---- names: what a comment cites must be in the tree's code ----

ASM = {}


def c_spans(name, text):
    """The comments of a file, its assembly read as C's /* */ and // comments (once per run)."""
    if not name.endswith((".S", ".s", ".inc")):
        return comments_of(name, text)
    if name not in ASM:
        ASM[name] = c_comments(text)
    return ASM[name]

IDENT = re.compile(r"[A-Za-z_]\w*")
CALLED = re.compile(r"(?<![\w.<>*/$-])([A-Za-z_]\w*)\(\)")
API = re.compile(r"(?<![\w<>*/$.-])(poly1305aes_\w*[a-z0-9])(?![\w<>*/-]|\.[a-zA-Z])")
MACRO = re.compile(r"(?<![\w<>*/$.-])([A-Z][A-Z0-9]*_[A-Z0-9]+(?:_[A-Z0-9]+)*)(?![\w<>*(-])")
FIELD = re.compile(r"\w->([a-z_]\w*)")
FENCE = re.compile(r"^```.*?^```\n", re.S | re.M)
SOURCE = ("c", "h", "S", "s", "inc", "in", "py", "sh", "mk")


def cited(name, text):
    """(line, name) of each function, macro, field or API name a comment of NAME cites:
    NAME() (function or function-like macro; rename(2) names a manual page),
    poly1305aes_... (no placeholder: poly1305aes_<name>_*), p->field, and an
    upper-case macro; in a Markdown document, what its `code spans` outside
    fenced blocks hold."""
    if name.endswith(".md"):
        prose = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
        spans = [(prose.count("\n", 0, m.start()) + 1, m.group(1)) for m in re.finditer(r"`([^`\n]+)`", prose)]
    elif name.endswith((".S", ".s", ".inc")):
        spans = c_spans(name, text)
    else:
        spans = comments_of(name, text)
    out = []
    for line, comment in spans:
        for k, piece in enumerate(comment.split("\n")):
            for pattern in (CALLED, API, MACRO, FIELD):
                out += [(line + k, m.group(1)) for m in pattern.finditer(piece)]
    return out


def code_names(texts):
    """Every identifier of the tree's code (comments left out, strings kept), and the
    macros its C and assembly #define."""
    pool, defined = set(), set()
    for name, text in texts.items():
        if name.endswith(".py"):
            docstrings = {line for line, _ in comments_of(name, text)}
            for tok in tokenize.generate_tokens(io.StringIO(text).readline):
                if tok.type == tokenize.NAME:
                    pool.add(tok.string)
                elif tok.type == tokenize.STRING and tok.start[0] not in docstrings:
                    pool.update(IDENT.findall(tok.string))
            continue
        if kind(name) == "hash":
            code = re.sub(r"#.*", " ", text)
        elif name.rsplit(".", 1)[-1] in SOURCE:
            code = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
            defined.update(re.findall(r"^\s*#\s*define\s+([A-Z]\w*)", code, re.M))
        else:
            continue
        pool.update(IDENT.findall(code))
    return pool, defined


def unknown_names(texts, impls):
    """A function (NAME()), field (->NAME), poly1305aes_ name, or macro of a family the
    tree #defines (its first two words those of a #define: IFMA_ZMM_... ; one-letter
    words are arithmetic, P_0, not macros) cited in a comment that no code of the tree
    holds."""
    pool, defined = code_names(texts)
    families = {"_".join(d.split("_")[:2]) for d in defined if d.count("_") >= 2}
    found = []
    for name, text in texts.items():
        for line, word in cited(name, text):
            if word in pool:
                continue
            if word.startswith("poly1305aes_"):
                if re.search(r"_[A-Z]+(?:_|$)", word):
                    continue   # a placeholder: poly1305aes_X_path_core
                rest = word[len("poly1305aes_"):]
                if rest in impls or any(rest.startswith(i + "_") and rest[len(i) + 1:] in pool for i in impls):
                    continue
            elif word.isupper() or word[0].isupper() and "_" in word:
                parts = word.split("_")
                if "_".join(parts[:2]) not in families or min(len(p) for p in parts) < 2:
                    continue
            found.append("%s:%d: %s is named in a comment but in no code of the tree" % (name, line, word))
    return sorted(set(found), key=found.index)


# ---- prose that must agree with the tree ----

IMPL_NAME = re.compile(r"\bpoly1305aes_([a-z0-9]+)\b")
USERS = re.compile(r"\binclude|\bshared by\b|\bused by\b")
MEASURED = re.compile(r"\b[Ii]ssue \d+|\bticks\b[^\n]*\b\d{2,}\b|\b\d[\d.]*\s+(?:rdtsc\s+)?ticks\b|\bticks(?:/byte| a block| each)\b")
UNFINISHED = re.compile(r"\bnot yet (?:written|ported|converted|implemented|done|moved)\b|\bfor now\b|\bTODO\b|\bFIXME\b")


def users_lists(texts, impls):
    """A shared header (outside the implementations' directories) whose opening comment
    has a sentence saying who includes it, shares or uses it and naming implementations
    must name exactly those with a file that #includes it."""
    found = []
    for name, text in texts.items():
        if not name.endswith(".h") or name.startswith("poly1305aes_"):
            continue
        comments = c_comments(text)
        opening = [c for c in comments if "SPDX" not in c[1]][:1]
        if not opening:
            continue
        line, comment = opening[0]
        base = os.path.basename(name)
        including = sorted({n.split("/")[0][len("poly1305aes_"):] for n, t in texts.items()
                            if n.startswith("poly1305aes_") and re.search(
                                r'^\s*#\s*include\s+"(?:[\w./]*/)?%s"' % re.escape(base), t, re.M)})
        for sentence in re.split(r"(?<=\.)\s+(?=[A-Z(])", comment):
            named = sorted({m for m in IMPL_NAME.findall(sentence) if m in impls})
            if len(named) >= 2 and USERS.search(sentence) and named != including:
                found.append("%s:%d: its opening comment names %s as its users; the implementations that "
                             "#include it are %s" % (name, line, ", ".join(named), ", ".join(including) or "none"))
    return found


def matching_lines(texts, spans, pattern):
    """(file, line, match) for each line of a source comment (spans(name, text) gives
    them) where pattern matches; Markdown documents are not source"""
    for name, text in texts.items():
        if name.endswith(".md"):
            continue
        for line, comment in spans(name, text):
            for k, piece in enumerate(comment.split("\n")):
                m = pattern.search(piece)
                if m:
                    yield name, line + k, m.group(0)


def unfinished(texts):
    """A source comment states what holds, not work still to do (UNFINISHED)."""
    return ["%s:%d: \"%s\": a comment states the contract as it holds, not work to do" % found
            for found in matching_lines(texts, comments_of, UNFINISHED)]


def measured(texts):
    """A source comment (or a description file's) holds no tick count and no issue number:
    a tick count is one machine's figure and an issue number means nothing in the tree;
    both belong in the results pages (doc/results/), which the comment may name."""
    return ["%s:%d: \"%s\": measured figures and issue numbers go in doc/results/, not in a "
            "source comment" % found for found in matching_lines(texts, c_spans, MEASURED)]


def export_lists(texts):
    """A document's sentence saying what the library exports exactly names each symbol
    of the version script (common/poly1305aes.map), or none of them."""
    symbols = set(re.findall(r"^\s*(poly1305aes_\w+);", texts.get("common/poly1305aes.map", ""), re.M))
    found = []
    for name, text in texts.items():
        if not name.endswith(".md"):
            continue
        for m in re.finditer(r"\bexports? exactly\b", text):
            start, end = text.rfind(".", 0, m.start()) + 1, text.find(".", m.end())
            named = set(re.findall(r"`(poly1305aes_\w+)`", text[start:end]))
            if named and named != symbols:
                found.append("%s:%d: says the library exports exactly %d names; common/poly1305aes.map exports %d"
                             % (name, text.count("\n", 0, m.start()) + 1, len(named), len(symbols)))
    return found


def target_fields():
    """tools/describe.py's list of a target file's fields names every field a target file uses."""
    doc = describe.__doc__
    listed = doc[doc.index("A target file holds"):doc.index("An implementation directory holds")]
    words = set(re.findall(r"\w+", listed))
    found = []
    for target in describe.target_names():
        for field in describe.fields(describe.target_file(target)):
            if field not in words:
                found.append("tools/describe.py: its list of target fields leaves out %s (targets/%s/target)"
                             % (field, target))
    return sorted(set(found))


REPEAT = 12


def repeats(texts):
    """No run of REPEAT words of a Markdown document's prose (fenced blocks, tables and
    "Run on:" lines left out) appears twice in it: say a thing once, refer to it after."""
    found = []
    for name, text in texts.items():
        if not name.endswith(".md"):
            continue
        prose = FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
        prose = re.sub(r"^(?:Run on: |\|).*", "", prose, flags=re.M)
        words = [(m.group(0), m.start()) for m in re.finditer(r"\S+", prose)]
        first, last = {}, -2
        for i in range(len(words) - REPEAT + 1):
            key = " ".join(w for w, _ in words[i:i + REPEAT])
            if key in first and first[key] < i - REPEAT:
                if i > last + 1:
                    found.append("%s:%d: repeats line %d: \"%s ...\""
                                 % (name, prose.count("\n", 0, words[i][1]) + 1,
                                    prose.count("\n", 0, words[first[key]][1]) + 1, key))
                last = i
            else:
                first.setdefault(key, i)
    return found


def main(argv):
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    every = tracked(top)
    names = argv[1:] or every
    texts = {name: read(top, name) for name in every}
    found = []
    for name in names:
        found += stale(top, name, texts.get(name))
    if not argv[1:]:
        impls = {n[len("poly1305aes_"):] for n in os.listdir(top)
                 if n.startswith("poly1305aes_") and os.path.isdir(os.path.join(top, n))}
        found += unknown_names(texts, impls) + users_lists(texts, impls) + unfinished(texts) + measured(texts) + \
            export_lists(texts) + target_fields() + repeats(texts)
    for line in found:
        print("FAIL " + line)
    if found:
        return 1
    print("every path and name cited in a comment of %d files exists, and the prose agrees with the tree; "
          "no Python file edits sys.path" % len(names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
