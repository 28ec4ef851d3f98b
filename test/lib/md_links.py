#!/usr/bin/env python3
"""md_links.py FILE.md...: every relative link ([text](t), ![alt](t), "[label]: t", outside code
and HTML comments; targets with a scheme skipped) must name an existing path, every reference
link ([text][label], [label][]) a label the file defines ("[label]: t", case and runs of spaces
ignored, as GitHub matches them), and every #anchor
one GitHub makes for a heading of the target (rendered text lowercased, characters other than
letters, marks, digits, "_", "-" and spaces dropped, spaces to "-", repeats suffixed -1, -2...)
or an <a name|id>. Prints "FILE:LINE: target: why" per broken link, then "links=N broken=M";
exits 1 if any is broken.
"""
import functools
import os
import re
import sys
import unicodedata

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
INLINE_LINK = re.compile(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([ \t]*<?([^)\s>]*)>?(?:[ \t]+\"[^\"]*\")?[ \t]*\)")
REF_DEF = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*<?(\S+?)>?(?:\s+.*)?$")
# [text][label] and [label][]: text as an inline link's may hold one level of brackets.
REF_USE = re.compile(r"(?<![\]\\])\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\[([^\[\]]*)\]")
SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
HTML_ANCHOR = re.compile(r"<a\s+[^>]*?(?:name|id)\s*=\s*[\"']([^\"']+)[\"']", re.I)


def code_mask(lines):
    """For each line: True when it is inside (or is a fence of) a fenced code block."""
    mask, fence = [], None
    for line in lines:
        m = FENCE.match(line)
        mask.append(fence is not None or m is not None)
        if fence is None:
            fence = m and m.group(1)
        elif m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and line.strip() == m.group(1):
            fence = None
    return mask


def strip_comments(text):
    """HTML comments blanked out, keeping line breaks (so line numbers stay right)."""
    return re.sub(r"<!--.*?-->", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def strip_code_spans(text):
    """Inline code spans (which may run over lines, not over a blank line) blanked out, keeping
    line breaks."""
    return re.sub(r"(`+)((?:(?!\n[ \t]*\n).)+?)\1",
                  lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def rendered_text(heading):
    """The heading's text as GitHub renders it, near enough for its anchor."""
    t = re.sub(r"(`+)\s*(.+?)\s*\1", lambda m: m.group(2), heading)    # code spans: content
    t = re.sub(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)", r"\1", t)  # links: their text
    t = re.sub(r"<[^>]+>", "", t)                                     # inline HTML tags
    return t


def slug(heading):
    out = []
    for ch in rendered_text(heading).strip().lower():
        cat = unicodedata.category(ch)
        if ch == " ":
            out.append("-")
        elif ch == "-" or cat[0] in "LMN" or cat == "Pc":
            out.append(ch)
    return "".join(out)


@functools.lru_cache(maxsize=None)
def anchors(path):
    text = strip_comments(open(path, encoding="utf-8").read())
    lines = text.split("\n")
    mask = code_mask(lines)
    seen, result = {}, set()
    for i, (line, in_code) in enumerate(zip(lines, mask)):
        if in_code:
            continue
        m = HEADING.match(line)
        text = m.group(2) if m else None
        # A setext heading: a line of "=" or "-" under a line of text.
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if not m and line.strip() and not mask[i + 1 if i + 1 < len(lines) else i] and \
                SETEXT.match(nxt) and not HEADING.match(line) and not line.lstrip().startswith(("-", "*", "+", ">", "|")):
            text = line.strip()
        if text is not None:
            base = slug(text)
            n = seen.get(base, 0)
            seen[base] = n + 1
            result.add(base if n == 0 else f"{base}-{n}")
        for a in HTML_ANCHOR.findall(line):
            result.add(a)
    return result


def label(text):
    return " ".join(text.split()).lower()


def links(path):
    """(line number, target) of every link of the file; a link's text may run over lines. A
    reference link's target is its definition's, or "[label]" when the file defines none."""
    text = strip_comments(open(path, encoding="utf-8").read())
    lines = text.split("\n")
    mask = code_mask(lines)
    text = "\n".join("" if in_code else line for line, in_code in zip(lines, mask))
    defined = {}
    for no, line in enumerate(text.split("\n"), 1):
        m = REF_DEF.match(line)
        if m:
            defined.setdefault(label(m.group(1)), m.group(2))
            yield no, m.group(2)
    text = strip_code_spans(text)
    for m in INLINE_LINK.finditer(text):
        yield text.count("\n", 0, m.start(2)) + 1, m.group(2)
    for m in REF_USE.finditer(text):
        name = label(m.group(2) or m.group(1))
        if name in defined:
            continue  # its target is checked with its definition
        yield text.count("\n", 0, m.start()) + 1, f"[{m.group(2) or m.group(1)}]"


def check(path, target):
    """None if the target resolves, else why not."""
    if target.startswith("["):
        return f"no definition of the reference {target} in {path}"
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target) or target.startswith("//"):
        return None  # absolute URL: not ours to check
    file_part, _, anchor = target.partition("#")
    if file_part:
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part.split("?")[0]))
        if not os.path.exists(dest):
            return f"no file or directory {dest}"
    else:
        dest = path
    if anchor:
        if not dest.endswith(".md") or os.path.isdir(dest):
            return f"an anchor into {dest}, which is not a Markdown file"
        if anchor not in anchors(dest):
            return f"no heading of {dest} has the anchor #{anchor}"
    elif not file_part:
        return "an empty link"
    return None


def main(paths):
    total = broken = 0
    for path in paths:
        for no, target in links(path):
            total += 1
            why = check(path, target)
            if why:
                broken += 1
                print(f"{path}:{no}: {target}: {why}")
    print(f"links={total} broken={broken}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
