# packaged_suite.sh: opens a suite of a framework or driver Debian packages for one major only (its
# "# major:"/"# packages:" lines; a skip elsewhere). Source it by path; brings in tap.sh, cluster.sh.
#   frameworks_blocks NAME DIR   writes docs/frameworks.md's `<!-- frameworks: NAME FILE -->` blocks to DIR/FILE
#   check_key_column TABLE WHAT  TABLE.id is `uuid_v7 NOT NULL DEFAULT uuid_generate_v7()`, the primary key
source "$(dirname "${BASH_SOURCE[0]}")/tap.sh"
source test/lib/cluster.sh

frameworks_blocks() {
  python3 - docs/frameworks.md "$1" "$2" <<'PY'
import os, re, sys
text = open(sys.argv[1], encoding="utf-8").read()
for name, body in re.findall(r"<!-- frameworks: %s (\S+) -->\n```\w+\n(.*?)```" % re.escape(sys.argv[2]), text, re.S):
    with open(os.path.join(sys.argv[3], name), "w", encoding="utf-8") as f:
        f.write(body)
PY
}

check_key_column() {
  tap_sql "$2: id uuid_v7 NOT NULL DEFAULT uuid_generate_v7(), the primary key" "
    SELECT format_type(a.atttypid, a.atttypmod) = 'uuid_v7' AND a.attnotnull AND pg_get_expr(d.adbin, d.adrelid) = 'uuid_generate_v7()'
           AND EXISTS (SELECT FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND i.indkey[0] = a.attnum),
           format_type(a.atttypid, a.atttypmod) || ' default ' || pg_get_expr(d.adbin, d.adrelid)
    FROM pg_attribute a JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attrelid = '$1'::regclass AND a.attname = 'id'"
}
