#!/usr/bin/env python3
"""commands_used.py FILE...: the programs the scripts call, one a line: name, first file:line, and
"optional" when every caller probes it with `command -v` first. Shell is parsed by shfmt: each
command's first word past VAR=value and wrappers (sudo, env...), also in $(...), `bash -c` scripts
and heredocs fed to a shell; functions, builtins, paths and expansions left out. Python: the first
item of each subprocess call's list. Check 03_minimal_machine looks each up.
"""
import json
import re
import subprocess
import sys

BUILTINS = set("""
. : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs
disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local
logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend
test times trap true type typeset ulimit umask unalias unset wait
""".split())
# Words that run the word after them (with their options) as a command.
WRAPPERS = {"sudo", "env", "exec", "command", "nice", "setsid", "xargs", "nohup", "builtin"}
NAME = re.compile(r"^[a-z][a-z0-9_.+-]*$")
ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")


def text(word):
    """A word's literal text; an expansion or substitution as "$"."""
    out = []
    for p in word.get("Parts", []):
        t = p.get("Type")
        out.append(p.get("Value", "") if t in ("Lit", "SglQuoted") else text(p) if t == "DblQuoted" else "$")
    return "".join(out)


def parse(script, report, functions, line0=1):
    run = subprocess.run(["shfmt", "-ln", "bash", "--to-json"], input=script, text=True, capture_output=True)
    if run.returncode:
        sys.exit(f"shfmt cannot read the script at line {line0}: {run.stderr}")
    raw = script.encode()

    def source(node, quotes=0):  # a node's text as written, less its quotes
        return raw[node["Pos"]["Offset"] + quotes:node["End"]["Offset"] - quotes].decode()

    def walk(node):
        if isinstance(node, list):
            for n in node:
                walk(n)
            return
        if not isinstance(node, dict):
            return
        if node.get("Type") == "FuncDecl":
            functions.add((node["Name"]["Value"], node["Pos"]["Col"] == 1))
        cmd = node.get("Cmd") or {}
        if cmd.get("Type") == "CallExpr":
            args = cmd.get("Args", [])
            words = [text(a) for a in args]
            i = 0
            while i < len(words):
                if [p["Type"] for p in args[i]["Parts"]] == ["ParamExp"]:  # a prefix in a variable ($sudo)
                    i += 1
                    continue
                report(words[i], line0 + args[i]["Pos"]["Line"] - 1)
                if words[i] not in WRAPPERS:
                    break
                i += 1
                while i < len(words) and (words[i].startswith("-") or ASSIGNMENT.match(words[i])):
                    i += 1
            shell = any(w in ("bash", "sh") for w in words)
            if shell and "-c" in words[:-1]:
                a = args[words.index("-c") + 1]
                quote = a["Parts"][0]["Type"] if len(a["Parts"]) == 1 else None
                script = source(a, quote in ("SglQuoted", "DblQuoted"))
                if quote == "DblQuoted":  # what bash is given: \$ \` \" \\ unescaped
                    script = re.sub(r'\\([$`"\\])', r"\1", script)
                parse(script, report, functions, line0 + a["Pos"]["Line"] - 1)
            for r in node.get("Redirs") or []:
                if shell and r.get("Hdoc"):
                    parse(source(r["Hdoc"]), report, functions, line0 + r["Hdoc"]["Pos"]["Line"] - 1)
        for key, value in node.items():
            if key not in ("Pos", "End"):
                walk(value)

    walk(json.loads(run.stdout))


def main(paths):
    # A function defined at a line's start serves every script that sources it; an indented one
    # only its own script (a suite stubs apt-get that way).
    per_file, library = {}, set()
    for p in paths:
        src = open(p, errors="replace").read()
        found, functions = {}, set()
        if p.endswith(".py"):
            for m in re.finditer(r"subprocess\.\w+\(\s*\[\s*\"([a-z][a-z0-9_.+-]*)\"", src):
                found.setdefault(m.group(1), f"{p}:{src.count(chr(10), 0, m.start()) + 1}")
        else:
            parse(src, lambda w, line: found.setdefault(w, f"{p}:{line}"), functions)
        library |= {name for name, top in functions if top}
        per_file[p] = (found, {name for name, _ in functions}, set(re.findall(r"command -v ([a-z][a-z0-9_.+-]*)", src)))
    programs, optional = {}, {}
    for found, defined, looked_for in per_file.values():
        for word, where in found.items():
            if word not in defined and word not in library and word not in BUILTINS and NAME.match(word):
                programs.setdefault(word, where)
                optional[word] = optional.get(word, True) and word in looked_for
    for word in sorted(programs):
        print(f"{word}\t{programs[word]}\t{'optional' if optional[word] else ''}")


if __name__ == "__main__":
    main(sys.argv[1:])
