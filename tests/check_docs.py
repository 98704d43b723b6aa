#!/usr/bin/env python3
"""Run the examples of README.md and docs/**/*.md and check their links.

Usage (from the repository root, after the release build):
    python3 tests/check_docs.py --module build/sudoku.so [--sqlite3 PATH] [PAGE.md|DIR ...]

Examples. An example is a fenced ```sql block followed directly (on the next
line) by a plain ``` block: the SQL is fed to
    sqlite3 :memory: -cmd '.load <module>'
on standard input, from the repository root, in the shell's defaults (list
mode, '|' between columns, no headers, NULL shown as nothing), and what the
shell prints (standard output and standard error together) must equal the
plain block. The comparison is exact except for whitespace at the end of a
line, which Markdown does not show and editors strip (.mode column pads its
last column). A ```sql block with no plain block after it is a fragment
(it names tables the reader has); it is counted, not run.

Markers, HTML comments on the lines directly above the ```sql fence (they do
not show on the rendered page):
    <!-- shell: .headers on -->
        one shell setting (a dot-command) given to the shell with -cmd
        before the example; several marker lines give several settings.
        Settings a reader should see can also be written in the example
        itself: its dot-commands run like its SQL.
    <!-- unchecked: why -->
        the example is not run (its output depends on the machine: build
        details, timings); the reason is required. Counted as skipped.

Links. Every Markdown link and image in these files whose target is not a
URL (http:, https:, mailto:) must name a file or directory that exists,
relative to the page; a #fragment must be the anchor of a heading of the
target page (GitHub's rule: lower case, punctuation dropped, spaces to
hyphens, -1, -2, ... for repeats) or an explicit <a id="...">. Links inside
code (fenced blocks, `spans`) are not links.

Exit status: 0 when every example and link checks, 1 otherwise, 77 (CTest's
skip) when there is no sqlite3 shell. It prints how many examples ran, were
skipped and were fragments, and how many links were checked.
"""

import argparse
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys
import time

TIMEOUT_SECONDS = 120

FENCE = re.compile(r"^( {0,3}|\s*)(`{3,}|~{3,})\s*([^`\s]*)[^`]*$")
MARKER = re.compile(r"^\s*<!--\s*(shell|unchecked)\s*:\s*(.*?)\s*-->\s*$")
MARKER_LIKE = re.compile(r"^\s*<!--\s*(shell|unchecked)\b")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
CODE_SPAN = re.compile(r"(`+)(?:.|\n)*?(?<!`)\1(?!`)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
HTML_ANCHOR = re.compile(r"<a\s+(?:id|name)\s*=\s*\"([^\"]+)\"", re.I)


class Block:
    def __init__(self, info, start, lines, indent, markers):
        self.info = info          # the fence's info string ("sql", "" ...)
        self.start = start        # 1-based line number of the opening fence
        self.lines = lines        # the content, indentation removed
        self.indent = indent
        self.markers = markers    # [(kind, value, line)] directly above


def parse_blocks(path, text, errors):
    """The fenced blocks of a page, with the marker lines above each."""
    lines = text.split("\n")
    blocks = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3)
        markers = []
        j = i - 1
        while j >= 0 and lines[j].strip().startswith("<!--"):
            mm = MARKER.match(lines[j])
            if mm:
                if not mm.group(2):
                    errors.append(f"{path}:{j + 1}: marker '{mm.group(1)}:' needs a "
                                  "value (a dot-command, or the reason)")
                markers.insert(0, (mm.group(1), mm.group(2), j + 1))
            elif MARKER_LIKE.match(lines[j]):
                errors.append(f"{path}:{j + 1}: malformed marker (write "
                              "<!-- shell: .command --> or <!-- unchecked: why -->)")
            j -= 1
        body = []
        k = i + 1
        while k < len(lines):
            if lines[k].strip().startswith(fence[0] * len(fence)) and \
                    lines[k].strip().rstrip(fence[0]) == "":
                break
            line = lines[k]
            # Content of an indented fence (inside a list item) loses that indent.
            strip = min(indent, len(line) - len(line.lstrip(" ")))
            body.append(line[strip:])
            k += 1
        if k >= len(lines):
            errors.append(f"{path}:{i + 1}: fenced block never closed")
        blocks.append(Block(info, i + 1, body, indent, markers))
        blocks[-1].end = k + 1    # line number of the closing fence
        i = k + 1
    return blocks


def run_example(sqlite3, module, settings, sql):
    cmd = [sqlite3, ":memory:", "-cmd", ".load " + module]
    for s in settings:
        cmd += ["-cmd", s]
    try:
        r = subprocess.run(cmd, input=sql, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True,
                           timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return None
    return r.stdout


def normalise(text):
    lines = [l.rstrip() for l in text.split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def check_examples(path, blocks, sqlite3, module, counts, errors, verbose):
    for n, b in enumerate(blocks):
        if b.info != "sql":
            continue
        nxt = blocks[n + 1] if n + 1 < len(blocks) else None
        paired = nxt is not None and nxt.info == "" and nxt.start == b.end + 1
        kinds = [k for k, _, _ in b.markers]
        if not paired:
            counts["fragments"] += 1
            if b.markers:
                errors.append(f"{path}:{b.markers[0][2]}: marker above a sql block "
                              "that has no output block after it")
            continue
        if "unchecked" in kinds:
            counts["skipped"] += 1
            continue
        settings = [v for k, v, _ in b.markers if k == "shell"]
        started = time.monotonic()
        got = run_example(sqlite3, module, settings, "\n".join(b.lines) + "\n")
        counts["ran"] += 1
        if verbose:
            print(f"{path}:{b.start}: {time.monotonic() - started:.2f} s")
        if got is None:
            errors.append(f"{path}:{b.start}: example took more than "
                          f"{TIMEOUT_SECONDS} s")
            continue
        want = normalise("\n".join(nxt.lines))
        have = normalise(got)
        if want != have:
            diff = "\n".join(difflib.unified_diff(
                want, have, "shown in " + path, "printed by sqlite3", lineterm=""))
            errors.append(f"{path}:{b.start}: example output differs\n{diff}")


def slug_base(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"<[^>]+>", "", heading)                 # inline HTML
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: their text
    text = text.lower()
    text = re.sub(r"[^\w\- ]", "", text)                   # punctuation, backticks
    return text.replace(" ", "-")


def code_lines(text):
    """The line numbers (0-based) inside fenced blocks, fences included."""
    inside = set()
    for b in parse_blocks("", text, []):
        inside.update(range(b.start - 1, b.end))
    return inside


def anchors_of(path, cache):
    if path in cache:
        return cache[path]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found, seen = set(), {}
    code = code_lines(text)
    for n, line in enumerate(text.split("\n")):
        if n in code:
            continue
        h = HEADING.match(line)
        if h:
            base = slug_base(h.group(2))
            k = seen.get(base, 0)
            found.add(base if k == 0 else f"{base}-{k}")
            seen[base] = k + 1
        for a in HTML_ANCHOR.findall(line):
            found.add(a)
    cache[path] = found
    return found


def check_links(path, text, counts, errors, cache):
    # Blank out fenced blocks and code spans, keeping line numbers.
    code = code_lines(text)
    prose = "\n".join("" if n in code else line
                      for n, line in enumerate(text.split("\n")))
    prose = CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), prose)
    for m in LINK.finditer(prose):
        target = m.group(1)
        line = prose.count("\n", 0, m.start()) + 1
        if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue
        counts["links"] += 1
        file_part, _, frag = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) \
            if file_part else path
        if not os.path.exists(dest):
            errors.append(f"{path}:{line}: link to {target}: {dest} does not exist")
            continue
        if frag:
            if not dest.endswith(".md") or os.path.isdir(dest):
                errors.append(f"{path}:{line}: link to {target}: an anchor into "
                              "something that is not a Markdown page")
            elif frag not in anchors_of(dest, cache):
                errors.append(f"{path}:{line}: link to {target}: no heading "
                              f"with the anchor #{frag} in {dest}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--module", required=True, help="the built module (build/sudoku.so)")
    ap.add_argument("--sqlite3", default=shutil.which("sqlite3"))
    ap.add_argument("--verbose", action="store_true", help="time each example")
    ap.add_argument("--links-only", action="store_true", help="check links only")
    ap.add_argument("files", nargs="*",
                    help="pages or directories of pages (default: README.md docs)")
    args = ap.parse_args()

    files = []
    for f in args.files or ["README.md", "docs"]:
        if os.path.isdir(f):
            files += sorted(glob.glob(os.path.join(f, "**", "*.md"), recursive=True))
        else:
            files.append(f)
    if not args.links_only and not args.sqlite3:
        print("check_docs: no sqlite3 shell: skipped")
        return 77
    module = os.path.abspath(args.module)
    counts = {"ran": 0, "skipped": 0, "fragments": 0, "links": 0}
    errors, cache = [], {}
    for path in files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        blocks = parse_blocks(path, text, errors)
        if not args.links_only:
            check_examples(path, blocks, args.sqlite3, module, counts, errors,
                           args.verbose)
        check_links(path, text, counts, errors, cache)
    for e in errors:
        print(e)
    print(f"check_docs: {len(files)} pages, examples: {counts['ran']} ran, "
          f"{counts['skipped']} skipped (unchecked marker), {counts['fragments']} "
          f"sql fragments without output; links: {counts['links']} checked; "
          f"{len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
