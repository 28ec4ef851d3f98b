#!/usr/bin/env python3
"""readme_sql.py [FILE.md...] (README.md if none): runs the ```sql blocks of Markdown files against
the server (PGHOST/PGPORT/PGUSER; psql from $PGBIN) and checks what the text says they give.
`--suite NAME FILE.md...` runs only the blocks skipped for test/suites/NAME.sh, each continuing the
one before. Each block runs in one psql session in a fresh database with uuidx created (unless the
block creates it). An HTML comment right before a block can say
    <!-- readme-sql: continues -->        run in the previous block's database
    <!-- readme-sql: prelude SQL... -->   run SQL first (setup the text takes for granted)
    <!-- readme-sql: database NAME -->    name the fresh database (may precede a prelude)
    <!-- readme-sql: skip REASON -->      not run here (REASON names the suite that runs it)
A block of any language after `<!-- readme-sql: verbatim FILE -->` is run by FILE (a test that
cannot read the page: the TAP tests run in a copy of test/ alone), which must hold its text, less
the page's indentation.
"-- → VALUE" at a code line's end, or on a comment line right after a statement, expects VALUE in
its output; "-- ERROR:  MESSAGE" lines after a statement expect that error (any other fails the
block). Reference table cells "`SELECT ...;` → `VALUE`" must print VALUE. Prints TAP check lines,
figures on "# " lines, and no plan: the suite that runs it adds it.
"""
import os
import re
import subprocess
import sys

PSQL = os.path.join(os.environ.get("PGBIN", "/usr/bin"), "psql")


def psql(db, script):
    # One stream, so that each error stands after the statement that raised it.
    r = subprocess.run([PSQL, "-X", "-q", "-d", db, "-v", "ON_ERROR_STOP=0", "-f", "-"],
                       input=script, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return r.stdout


def split_statements(text):
    """(statement, trailing comment on its last line) pairs; quotes, dollar quotes and comments
    are respected. psql meta-command lines are statements of their own."""
    out, cur, i, n = [], [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "-" and text.startswith("--", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            cur.append(text[i:j])
            i = j
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2) + 2
            cur.append(text[i:j])
            i = j
        elif c in "'\"":
            j = i + 1
            while j < n:
                if text[j] == c and text.startswith(c * 2, j):
                    j += 2
                elif text[j] == c:
                    break
                else:
                    j += 1
            cur.append(text[i:j + 1])
            i = j + 1
        elif c == "$" and re.match(r"\$[A-Za-z_]*\$", text[i:]):
            tag = re.match(r"\$[A-Za-z_]*\$", text[i:]).group(0)
            j = text.find(tag, i + len(tag)) + len(tag)
            cur.append(text[i:j])
            i = j
        elif c == "\\" and (i == 0 or text[i - 1] == "\n"):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append((text[i:j], ""))
            i = j
        elif c == ";":
            cur.append(";")
            i += 1
            j = text.find("\n", i)
            j = n if j < 0 else j
            rest = text[i:j]
            m = re.match(r"\s*--(.*)$", rest)
            out.append(("".join(cur), m.group(1).strip() if m else ""))
            cur = []
            if m:
                i = j
        else:
            cur.append(c)
            i += 1
    tail = "".join(cur).strip()
    if tail:  # a last statement without ';', or comments such as '-- ERROR:' lines
        out.append((tail, ""))
    return out


def expectations(stmt, trailing):
    """Values the statement should print (from '-- → VALUE' on its lines and after its ';')."""
    values = [trailing[1:].strip()] if trailing.startswith("→") else []
    for line in stmt.splitlines():
        m = re.search(r"--\s*→\s*(.+)$", line)
        if m and not line.strip().startswith("--"):
            values.append(m.group(1).strip())
    return values


def leading(stmt, pattern):
    """The group of `pattern` in each comment line at the start of a statement's text: they follow
    the previous statement in the page ('-- → VALUE' it prints, for values too long to stand on its
    line, and '-- ERROR:  message' it raises)."""
    out = []
    for line in stmt.strip().splitlines():
        if not line.strip().startswith("--"):
            break
        m = re.match(pattern, line.strip())
        if m:
            out.append(m.group(1).strip())
    return out


VALUE, ERROR = r"--\s*→\s*(.+)$", r"--\s*ERROR:\s+(.*)$"


def main(paths):
    passed = failed = skipped = 0
    suite = None
    if paths[:1] == ["--suite"]:
        suite, paths = paths[1], paths[2:]

    def check(ok, what, detail=""):
        nonlocal passed, failed
        passed, failed = passed + bool(ok), failed + (not ok)
        print(f"{'ok' if ok else 'not ok'} {passed + failed + skipped} - {what}")
        for line in detail.splitlines():
            print(f"# {line}")

    for n, path in enumerate(paths):
        text = open(path, encoding="utf-8").read()
        blocks = []
        for m in re.finditer(r"```sql\n(.*?)```", text, re.S):
            before = text[:m.start()].rstrip()
            # The comment must stand right before the block (no other comment end in between).
            directive = re.search(r"<!--\s*readme-sql:\s*((?:(?!-->).)*?)\s*-->$", before, re.S)
            line = text.count("\n", 0, m.start()) + 1
            blocks.append((line, m.group(1), directive.group(1) if directive else ""))

        db = None
        for k, (line, body, directive) in enumerate(blocks):
            label = f"{path}:{line}"
            if suite is not None:
                # The blocks left to this suite run here, as one session's walk through the page.
                if not (directive.startswith("skip") and f"test/suites/{suite}.sh" in directive):
                    continue
                directive = "continues"
            elif directive.startswith("skip"):
                skipped += 1
                print(f"ok {passed + failed + skipped} - {label} # SKIP {directive[4:].strip()}")
                continue
            if not directive.startswith("continues") or db is None:
                m = re.search(r"\bdatabase\s+(\w+)", directive)
                db = m.group(1) if m else f"readme_{n}_{k}"
                setup = f'DROP DATABASE IF EXISTS "{db}";\nCREATE DATABASE "{db}";\n'
                out = psql("postgres", setup)
                if "ERROR" in out:
                    check(False, f"{label}: create database {db}", out.strip())
                    continue
                pre = "" if re.search(r"CREATE EXTENSION uuidx", body) else "CREATE EXTENSION uuidx;\n"
                pre += "SET timezone = 'UTC';\n"
                m = re.search(r"\bprelude\s+(.*)$", directive, re.S)
                out = psql(db, pre + (m.group(1) + "\n" if m else ""))
                if "ERROR" in out:
                    check(False, f"{label}: setup", out.strip())
                    continue
            stmts = split_statements(body)
            script = "SET timezone = 'UTC';\n"
            for j, (s, _) in enumerate(stmts):
                script += f"\\echo '<<stmt {j}>>'\n{s}\n"
            script += "\\echo '<<end>>'\n"
            out = psql(db, script)
            parts = re.split(r"^<<stmt (\d+)>>$|^<<end>>$", out, flags=re.M)
            results = {int(parts[j]): parts[j + 1] for j in range(1, len(parts) - 1, 2) if parts[j] is not None}
            ok, why = True, []
            for j, (s, trailing) in enumerate(stmts):
                res = results.get(j, "")
                following = stmts[j + 1][0] if j + 1 < len(stmts) else ""
                want_errors = leading(following, ERROR)
                got_errors = re.findall(r"ERROR:\s+(.*)", res)
                for w in want_errors:
                    if not any(g.startswith(w.rstrip("…")) for g in got_errors):
                        ok = False
                        why.append(f"expected error '{w}' from: {s.strip()[:80]}; got: {got_errors or res.strip()[:200]}")
                if got_errors and not want_errors:
                    ok = False
                    why.append(f"unexpected error from: {s.strip()[:80]}: {got_errors[0]}")
                for v in expectations(s, trailing) + leading(following, VALUE):
                    if v not in res:
                        ok = False
                        why.append(f"expected '{v}' from: {s.strip()[:80]}; got: {res.strip()[:200]}")
            nvalues = sum(len(expectations(s, t)) + len(leading(s, VALUE)) for s, t in stmts)
            check(ok, f"{label}: the block runs and prints what the page says",
                  "\n".join([f"{len(stmts)} statements, {nvalues} printed values checked"] + why))

        if suite is not None:
            continue
        for m in re.finditer(r"<!--\s*readme-sql:\s*verbatim\s+(\S+)\s*-->\n([ \t]*)```\w*\n(.*?\n)\2```", text, re.S):
            test, indent, body = m.groups()
            body = "".join(l[len(indent):] if l.startswith(indent) else l for l in body.splitlines(True))
            held = os.path.isfile(test) and body in open(test, encoding="utf-8").read()
            check(held, f"{path}:{text.count(chr(10), 0, m.start(2)) + 1}: {test} holds the block as written",
                  "" if held else f"not in {test}:\n{body}")
        # Reference tables: `SELECT ...;` → `value`
        db = f"readme_{n}_reference"
        psql("postgres", f'DROP DATABASE IF EXISTS "{db}";\nCREATE DATABASE "{db}";\n')
        psql(db, "CREATE EXTENSION uuidx;")
        for m in re.finditer(r"`(SELECT [^`]*;)` → `([^`]*)`", text):
            line = text.count("\n", 0, m.start()) + 1
            res = psql(db, "SET timezone = 'UTC';\n" + m.group(1) + "\n")
            check(m.group(2) in res and "ERROR" not in res, f"{path}:{line}: {m.group(1)} → {m.group(2)}",
                  res.strip()[:300])
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["README.md"]))
