#!/usr/bin/env bash
# scope: once
# packages: python3
# Every relative link and every anchor of the documentation resolves (test/lib/md_links.py, with
# GitHub's anchor rules), and every reference link ([text][label], [label][]) has its definition:
# README.md, CHANGELOG.md and docs/*.md when docs/ exists. First the checker itself, on a small
# tree whose good and broken links are known: it must flag exactly the broken ones.
source "$(dirname "$0")/../lib/tap.sh"

# 1. The checker on a fixture.
fx=$(mktemp -d /tmp/uuidx-links.XXXXXX)
trap 'rm -rf "$fx"' EXIT
mkdir -p "$fx/docs" "$fx/img"
touch "$fx/img/plot.png"
cat >"$fx/README.md" <<'MD'
# Top
## Coming from PostgreSQL 18's built-ins
## `uuid_v7_floor` and [friends](#top)
## Notes: a — b (c)
## Notes: a — b (c)
## Ünïcode *Title*
<a name="custom-anchor"></a>
Good: [a](#top) [b](#coming-from-postgresql-18s-built-ins) [c](#uuid_v7_floor-and-friends)
[d](#notes-a--b-c) [e](#notes-a--b-c-1) [f](#ünïcode-title) [g](#custom-anchor)
[h](docs/guide.md) [i](docs/guide.md#setting-up) ![j](img/plot.png "a plot") [k](docs/)
[l](https://example.com/#nowhere) [multi-line
text](#top)
[ref]: docs/guide.md#setting-up
[m][ref] [REF][] [n][Ref]
Broken: [B1](#notes-a--b-c-2) [B2](docs/missing.md) [B3](docs/guide.md#nowhere)
[B4](#Top) [B5](img/plot.png#x) [B6][undefined-ref] [gone][]
`[not a link](#nowhere)` `[nor this][undefined]` and
```sh
[not a link either](#nowhere)
```
<!-- [nor this](#nowhere) -->
MD
cat >"$fx/docs/guide.md" <<'MD'
Guide
=====
Setting up
----------
Not a heading, a rule below a blank line:

---
Back: [top](../README.md#top), [broken](../README.md#setting-up) [self](#guide)
[broken](#not-a-heading-a-rule-below-a-blank-line)
MD
out=$(cd "$fx" && python3 "$OLDPWD/test/lib/md_links.py" README.md docs/guide.md)
rc=$?
flagged=$(grep -oE '^[^ ]+:[0-9]+: [^:]*' <<<"$out" | sed -E 's/^[^ ]+:[0-9]+: //' | sort | tr '\n' ' ')
want=$(printf '%s\n' '[undefined-ref]' '[gone]' '#Top' '#notes-a--b-c-2' '../README.md#setting-up' 'docs/guide.md#nowhere' 'docs/missing.md' 'img/plot.png#x' '#not-a-heading-a-rule-below-a-blank-line' | sort | tr '\n' ' ')
tap_check "md_links.py flags exactly the fixture's broken links" \
  "$([ "$rc" = 1 ] && [ "$flagged" = "$want" ] && echo t)" "flagged: $flagged(exit $rc)"
tap_check "md_links.py counts the fixture's links" "$(grep -qx 'links=26 broken=9' <<<"$out" && echo t)" \
  "$(tail -n 1 <<<"$out")"

# 2. The documentation.
files=(README.md CHANGELOG.md CONTRIBUTING.md)
if [ -d docs ]; then
  for f in docs/*.md; do [ -e "$f" ] && files+=("$f"); done
fi
# Each folder's README, which says what the folder is for (not the committed results' own notes).
for f in */README.md */*/README.md; do
  [ -e "$f" ] && [[ $f != bench/results/*/* && $f != docs/* ]] && files+=("$f")
done
out=$(python3 test/lib/md_links.py "${files[@]}")
rc=$?
tap_check "every relative link, anchor and reference link of the documentation resolves" "$([ "$rc" = 0 ] && echo t)" \
  "${files[*]}: $([ "$rc" = 0 ] && tail -n 1 <<<"$out" || echo "$out")"
tap_done
