#!/usr/bin/env bash
# server:
# The library exports exactly its entry points: Pg_magic_func, _PG_init, and for every C symbol
# an install or update script names (AS 'MODULE_PATHNAME', 'symbol') the symbol and its
# pg_finfo_ record; nothing of the C++ core (uuidx::), of the glue's helpers or of the standard
# library. Checked on the library built for this major (UUIDX_BUILD_DIR, set by run-tests.sh).
# On 18 and later, also the name and version its magic block gives the server.
source "$(dirname "$0")/../lib/tap.sh"
source test/lib/cluster.sh
check() {  # check "what" command...
  tap_check "$1" "$("${@:2}" && echo t)"
}

lib=${UUIDX_BUILD_DIR:-.}/uuidx.so
[ -f "$lib" ] || tap_bail "the library is built" "no library at $lib"
exported=$(nm -D --defined-only "$lib" | awk '{print $NF}' | sort -u)
symbols=$(grep -ohE "'MODULE_PATHNAME', *'[A-Za-z0-9_]+'" uuidx--*.sql | sed -E "s/.*'([A-Za-z0-9_]+)'$/\1/" | sort -u)
expected=$({ echo Pg_magic_func; echo _PG_init; for s in $symbols; do echo "$s"; echo "pg_finfo_$s"; done; } | sort -u)

extra=$(comm -23 <(echo "$exported") <(echo "$expected"))
missing=$(comm -13 <(echo "$exported") <(echo "$expected"))
tap_check "nothing is exported but the entry points" "$([ -z "$extra" ] && echo t)" \
  "$(wc -l <<<"$exported") symbols exported${extra:+; not an entry point: $(head -n 20 <<<"$extra" | tr '\n' ' ')}"
tap_check "every entry point the scripts name is exported, with its pg_finfo_ record" "$([ -z "$missing" ] && echo t)" \
  "$(wc -l <<<"$symbols") entry points named by the scripts${missing:+; not exported: $(tr '\n' ' ' <<<"$missing")}"
check "no C++ symbol is exported" bash -c "! grep -q '^_Z' <<<\"\$0\"" "$exported"
check "the magic block is there" grep -qx Pg_magic_func <<<"$exported"

# The tests' own helpers (test/unit/uuid_text.hpp) are not in the library at all, not even as
# local symbols. The symbol table must list the core (local) for that check to mean anything.
all_symbols=$(nm -C "$lib" 2>/dev/null)
check "the symbol table lists the core's local functions" grep -q 'uuidx::encode_v7' <<<"$all_symbols"
test_only=$(grep -E 'uuidx::(to_string|parse_uuid|text_of)[[(]|EncodedText::str\(' <<<"$all_symbols")
tap_check "no test-only helper (to_string, parse_uuid, text_of, EncodedText::str) in the library" \
  "$([ -z "$test_only" ] && echo t)" "$test_only"

# From 18 on the magic block names the module and its version (PG_MODULE_MAGIC_EXT).
if [ "${UUIDX_PG_MAJOR:-0}" -ge 18 ]; then
  got=$(cluster_psql -At -c "CREATE EXTENSION uuidx" -c "SELECT public.uuid_nil()" \
    -c "SELECT module_name || ' ' || version FROM pg_get_loaded_modules() WHERE file_name = 'uuidx.so'" | tail -n 1)
  want="uuidx $(sed -n 's/^EXTVERSION *= *//p' Makefile)"
  tap_check "pg_get_loaded_modules() shows the module's name and EXTVERSION" "$([ "$got" = "$want" ] && echo t)" \
    "got '$got', want '$want'"
fi
tap_done
