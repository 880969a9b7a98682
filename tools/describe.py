"""Read the plain-text files that describe targets (targets/<name>) and
implementations (poly1305aes_<name>/). Every tool learns what exists from
here; nothing lists implementations by hand.

An implementation directory holds:
  targets      the targets it builds for, one a line
  sources      its sources, one a line, relative to the directory
  cflags       optional: "<target>|* flags" lines
  table        optional: the AES table the build generates (layout, file, symbol)
  needs        what it needs at run time (cpu:, fpu:, abi: lines)
  sidechannel  "constbranch yes|no[ PATH]: why" and "constindex yes|no[ PATH]: why"
  summary      one line
  paths        optional: "NAME VAR=VALUE" lines, one per code path the tests force
"""
import os

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def lines(path):
    """Non-empty lines of a file with '#' comments removed; [] if it does not exist."""
    try:
        with open(path) as f:
            raw = f.read().splitlines()
    except FileNotFoundError:
        return []
    out = []
    for line in raw:
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line)
    return out


def target_names():
    return sorted(os.listdir(os.path.join(TOP, "targets")))


def read_target(name):
    path = os.path.join(TOP, "targets", name)
    if not os.path.isfile(path):
        raise SystemExit("unknown target %r: the targets are %s" % (name, ", ".join(target_names())))
    fields = {}
    for line in lines(path):
        key, _, value = line.partition(" ")
        fields[key] = value.strip()
    fields["name"] = name
    return fields


class Implementation:
    def __init__(self, directory, name=None):
        self.dir = os.path.abspath(directory)
        base = os.path.basename(self.dir)
        self.name = name or (base[len("poly1305aes_"):] if base.startswith("poly1305aes_") else base)

    def file(self, name):
        return os.path.join(self.dir, name)

    @property
    def targets(self):
        return lines(self.file("targets"))

    @property
    def summary(self):
        found = lines(self.file("summary"))
        return found[0] if found else "(no summary)"

    @property
    def needs(self):
        return lines(self.file("needs"))

    @property
    def paths(self):
        """[(path name, {VAR: VALUE})]; one unnamed default path when there is no paths file."""
        out = []
        for line in lines(self.file("paths")):
            name, *assignments = line.split()
            out.append((name, dict(a.split("=", 1) for a in assignments)))
        return out or [("default", {})]

    def claim(self, prop, path="default"):
        """'yes' or 'no' for constbranch/constindex on a path; None if never stated."""
        general = specific = None
        for line in lines(self.file("sidechannel")):
            head, _, _ = line.partition(":")
            words = head.split()
            if len(words) >= 2 and words[0] == prop:
                if len(words) == 3 and words[2] == path:
                    specific = words[1]
                elif len(words) == 2:
                    general = words[1]
        return specific or general

    def claim_text(self):
        """Short constant-time claim for tables: branches/indices over all paths."""
        parts = []
        for prop, label in (("constbranch", "branch"), ("constindex", "index")):
            values = {self.claim(prop, p) for p, _ in self.paths}
            if values == {"yes"}:
                parts.append("const-" + label)
            elif "no" in values:
                parts.append(label + "-leak" + ("" if values == {"no"} else "(some paths)"))
            else:
                parts.append(label + "-unstated")
        return ", ".join(parts)

    def problems(self):
        """Description files that are missing or malformed."""
        out = []
        for required in ("targets", "sources", "needs", "sidechannel", "summary"):
            if not lines(self.file(required)):
                out.append("missing or empty '%s'" % required)
        for prop in ("constbranch", "constindex"):
            for path, _ in self.paths:
                if self.claim(prop, path) not in ("yes", "no"):
                    out.append("sidechannel states no %s claim for path %s" % (prop, path))
        for target in self.targets:
            if target not in target_names():
                out.append("targets names unknown target %r" % target)
        return out


def implementations(extra_dirs=()):
    """Every poly1305aes_* directory at the top of the tree (those with a targets file), sorted, then extras."""
    found = []
    for entry in sorted(os.listdir(TOP)):
        path = os.path.join(TOP, entry)
        if entry.startswith("poly1305aes_") and os.path.isfile(os.path.join(path, "targets")):
            found.append(Implementation(path))
    return found + [Implementation(d) for d in extra_dirs]
