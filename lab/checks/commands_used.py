#!/usr/bin/env python3
"""commands_used.py: the programs the project's shell scripts call, read from the scripts.

    python3 lab/checks/commands_used.py FILE...        one program a line: its name, the first
                                                    file:line that calls it, and "optional"
                                                    when a script looks for it with
                                                    `command -v` first (tab-separated)

A small reader of bash, enough for the scripts of this repository: it finds the word that starts
each command (at a line's start, after ; & | ( { and the reserved words before a command, inside
$(...) and `...`, in the script that `bash -c`/`sh -c` is given, and in a heredoc fed to bash or
sh), after any VAR=value assignments and words that run the next one (sudo, env, exec, ...).
Quoted text, SQL and Python in heredocs, comments, arithmetic and test brackets are not commands.
Functions the scripts define, shell builtins and keywords, and words that are paths or expansions
($PGBIN/psql, ./x) are left out: what remains must be a program found in PATH. Suite
03_minimal_machine checks that every one is found after the scripts' own install step.
"""
import re
import sys
from pathlib import Path

BUILTINS = set("""
. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs
disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local
logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend
test times trap true type typeset ulimit umask unalias unset wait
""".split())
KEYWORDS = set("if then else elif fi case esac for select while until do done in function time ! [[ ]] { }".split())
# Words that run the word after them (with their options) as a command.
WRAPPERS = {"sudo", "env", "exec", "command", "nice", "setsid", "xargs", "nohup", "builtin"}
# Before a command: these reserved words leave the next word in command position.
LEADING = {"if", "then", "else", "elif", "while", "until", "do", "!", "time", "{"}
NAME = re.compile(r"^[a-z][a-z0-9_.+-]*$")
FUNCTION = re.compile(r"^\s*(?:function\s+)?([A-Za-z_][A-Za-z0-9_-]*)\s*\(\)", re.M)
TOP_FUNCTION = re.compile(r"^(?:function\s+)?([A-Za-z_][A-Za-z0-9_-]*)\s*\(\)", re.M)
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=")
HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1")


class Reader:
    """Walks one script's text, reporting each command word with its line number."""

    def __init__(self, text, report, line0=1):
        self.s, self.i, self.line0, self.report, self.in_case = text, 0, line0, report, False

    def line(self, at=None):
        return self.line0 + self.s.count("\n", 0, self.i if at is None else at)

    def peek(self, n=1):
        return self.s[self.i:self.i + n]

    def skip_to(self, closing):
        """Past the matching closing bracket of $( ( or `, reading what is inside as commands."""
        start = self.i
        depth, quote = 1, None
        while self.i < len(self.s):
            c = self.s[self.i]
            if quote:
                if c == "\\" and quote == '"':
                    self.i += 1
                elif c == quote:
                    quote = None
            elif c in "'\"":
                quote = c
            elif c == "\\":
                self.i += 1
            elif closing == ")" and c == "(":
                depth += 1
            elif c == closing:
                depth -= 1
                if depth == 0:
                    inner = self.s[start:self.i]
                    self.i += 1
                    return inner
            self.i += 1
        return self.s[start:]

    def substitution(self):
        """At $( or `: past it, reading what it holds as commands."""
        closing = "`" if self.s[self.i] == "`" else ")"
        self.i += 1 if closing == "`" else 2
        at = self.i
        Reader(self.skip_to(closing), self.report, self.line(at)).script()

    def skip_arithmetic(self):
        """Past the "))" that closes the "((" just read."""
        depth = 2
        while self.i < len(self.s) and depth:
            depth += {"(": 1, ")": -1}.get(self.s[self.i], 0)
            self.i += 1

    def find_end(self, what, start):
        end = self.s.find(what, start)
        return len(self.s) if end < 0 else end

    def word(self):
        """One shell word from here; runs what $( ) and ` ` hold. Returns (text, quoted)."""
        out, quoted = [], False
        while self.i < len(self.s):
            c = self.s[self.i]
            if c == "(" and ASSIGNMENT.match("".join(out)) and "".join(out).endswith("="):
                self.i += 1
                out.append("(" + self.skip_to(")") + ")")  # an array's items: no commands
                continue
            if c in " \t\n;&|<>(){}" and not (c in "{}" and out):
                break
            if c == "\\":
                out.append(self.s[self.i + 1:self.i + 2])
                self.i += 2
            elif c == "'":
                end = self.find_end("'", self.i + 1)
                out.append(self.s[self.i + 1:end])
                quoted = True
                self.i = end + 1
            elif c == '"':
                quoted = True
                self.i += 1
                part = []
                while self.i < len(self.s) and self.s[self.i] != '"':
                    if self.s[self.i] == "\\":
                        part.append(self.s[self.i + 1:self.i + 2])
                        self.i += 2
                    elif self.peek(3) == "$((":
                        self.i += 3
                        self.skip_to(")")
                        self.skip_to(")") if self.peek() != ")" else None
                        self.i += 1 if self.peek() == ")" else 0
                    elif self.peek(2) == "$(" or self.s[self.i] == "`":
                        part.append("$()" if self.s[self.i] == "$" else "")
                        self.substitution()
                    else:
                        part.append(self.s[self.i])
                        self.i += 1
                out.append("".join(part))
                self.i += 1
            elif self.peek(3) == "$((":
                self.i += 3
                self.skip_arithmetic()
                out.append("$(())")
            elif self.peek(2) == "$(" or c == "`":
                self.substitution()
                out.append("$()")
            elif self.peek(2) == "${":
                end = self.find_end("}", self.i)
                out.append(self.s[self.i:end + 1])
                self.i = end + 1
            else:
                out.append(c)
                self.i += 1
        return "".join(out), quoted

    def script(self):
        at_start = True       # the next word starts a command
        words = []            # the words of the current simple command
        pending_heredocs = [] # (delimiter, is a script for bash/sh)
        skip_words = 0        # the words of `for x in ...` / `case x in` up to the separator
        in_case_pattern = False
        after_redirect = False
        while self.i < len(self.s):
            c = self.s[self.i]
            if c == "\n":
                self.i += 1
                for end, is_script in pending_heredocs:
                    body_start = self.i
                    pattern = re.compile(r"^[ \t]*" + re.escape(end) + r"[ \t]*$", re.M)
                    m = pattern.search(self.s, self.i)
                    stop = m.start() if m else len(self.s)
                    if is_script:
                        Reader(self.s[body_start:stop], self.report, self.line(body_start)).script()
                    self.i = m.end() if m else len(self.s)
                pending_heredocs = []
                at_start, words, skip_words = True, [], 0
                continue
            if c in " \t":
                self.i += 1
                continue
            if c == "\\" and self.peek(2) == "\\\n":
                self.i += 2
                continue
            if c == "#" and (self.i == 0 or self.s[self.i - 1] in " \t\n;"):
                self.i = self.find_end("\n", self.i)
                continue
            if in_case_pattern:
                # A case pattern runs to its unquoted ')'; esac ends the case.
                if self.s.startswith("esac", self.i):
                    in_case_pattern = False
                    self.i += 4
                    continue
                self.word() if c not in ")|" else None
                if self.peek() == ")":
                    in_case_pattern = False
                    at_start = True
                self.i += 1 if self.peek() in ")|" else 0
                continue
            if self.peek(2) == ";;":
                self.i += 2
                in_case_pattern, at_start, words = True, False, []
                continue
            if self.peek(2) == "((" and at_start:
                self.i += 2
                self.skip_arithmetic()
                continue
            if self.peek(2) == "<<" and self.peek(3) != "<<<":
                m = HEREDOC.match(self.s, self.i)
                if m:
                    feeds_shell = "bash" in words or "sh" in words
                    pending_heredocs.append((m.group(2), feeds_shell))
                    self.i = m.end()
                    continue
            if c in "<>":
                while self.peek() in ("<", ">", "&"):
                    self.i += 1
                after_redirect = True
                continue
            if c in ";&|(){":
                if c == "&" and self.peek(2) == "&>":
                    self.i += 2
                    after_redirect = True
                    continue
                self.i += 1
                after_redirect = False
                if c == ")" and not words:
                    continue
                at_start, words, skip_words = True, [], 0
                continue
            start = self.i
            text, quoted = self.word()
            if self.i == start:
                self.i += 1
                continue
            if after_redirect:
                after_redirect = False
                continue
            if text == "[[" and not quoted and at_start:
                self.i = min(self.find_end("]]", self.i) + 2, len(self.s))
                at_start = False
                continue
            if skip_words:
                if text in ("do", "in") and not quoted:
                    skip_words = 0
                    at_start = text == "do"
                    in_case_pattern = text == "in" and self.in_case
                continue
            if at_start and not quoted:
                if text in ("for", "select"):
                    skip_words, self.in_case, at_start = 1, False, False
                    rest = self.s[self.i:].lstrip(" \t")
                    if rest.startswith("(("):  # for ((i = 0; ...)): arithmetic, then do
                        self.i = len(self.s) - len(rest) + 2
                        self.skip_to(")")
                        self.skip_to(")")
                    continue
                if text == "case":
                    skip_words, self.in_case, at_start = 1, True, False
                    continue
                if text in LEADING or text in ("fi", "done", "esac"):
                    continue
                if ASSIGNMENT.match(text):
                    continue
            words.append(text)
            if at_start and not quoted and re.fullmatch(r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?", text):
                continue  # a command prefix kept in a variable ($sudo): the next word runs
            if at_start:
                if not quoted and text in WRAPPERS:
                    self.report(text, self.line())
                    continue  # its options are read as command words too: filtered below
                if text.startswith("-") and words[:-1] and words[0] in WRAPPERS:
                    continue
                self.report(text, self.line())
                at_start = False
            elif len(words) >= 3 and words[-2] == "-c" and words[-3] in ("bash", "sh"):
                Reader(text, self.report, self.line(start)).script()


def commands(path, text):
    """{word: 'path:line'} of one script, the functions it defines, those defined at a line's start.
    Of a Python helper: the first item of each subprocess call's list."""
    found = {}
    if not path.endswith(".py"):
        Reader(text, lambda word, line: found.setdefault(word, f"{path}:{line}")).script()
        return found, set(FUNCTION.findall(text)), set(TOP_FUNCTION.findall(text))
    for m in re.finditer(r"subprocess\.\w+\(\s*\[\s*\"([a-z][a-z0-9_.+-]*)\"", text):
        found.setdefault(m.group(1), f"{path}:{text.count(chr(10), 0, m.start()) + 1}")
    return found, set(), set()


def main(paths):
    # A function defined at a line's start may be called from any script that sources its file;
    # one defined indented (inside a block or $(...)) stands for the word in its own script only
    # (a suite stands in for apt-get that way).
    per_file, library = {}, set()
    for p in paths:
        text = Path(p).read_text(errors="replace")
        found, defined, top = commands(p, text)
        per_file[p] = (found, defined, set(re.findall(r"command -v ([a-z][a-z0-9_.+-]*)", text)))
        library |= top
    # Optional: every script that calls it looks for it with `command -v` first.
    programs, checked_everywhere = {}, {}
    for found, defined, looked_for in per_file.values():
        for word, where in found.items():
            if word in defined or word in library:
                continue
            programs.setdefault(word, where)
            checked_everywhere[word] = checked_everywhere.get(word, True) and word in looked_for
    for word in sorted(programs):
        if word not in BUILTINS and word not in KEYWORDS and NAME.match(word):
            print(f"{word}\t{programs[word]}\t{'optional' if checked_everywhere[word] else ''}")


if __name__ == "__main__":
    main(sys.argv[1:])
