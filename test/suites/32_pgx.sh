#!/usr/bin/env bash
# major: 18
# packages: golang-github-jackc-pgx-v5-dev golang-go
# server:
# Go's pgx v5, as its users read keys: the program of docs/frameworks.md ("Go: pgx") taken from
# that page as written, and a test program of this suite, both built with Debian's golang-go and
# golang-github-jackc-pgx-v5-dev (sid: Go 1.27, pgx 5.9, the oldest taken; GOPATH mode over
# Debian's Go sources, nothing downloaded) against this major's server (test/lib/packaged_suite.sh).
package=golang-github-jackc-pgx-v5-dev
source "$(dirname "$0")/../lib/packaged_suite.sh"
tap_need "pgx from Debian's golang-github-jackc-pgx-v5-dev, Go from golang-go" \
  "$(dpkg --compare-versions "$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null)" ge 5.9 && command -v go >/dev/null && echo t)" \
  "$(dpkg-query -W -f='${Version}' "$package"), $(go version 2>&1)"

cluster_psql -c "CREATE DATABASE pgx"
export PGDATABASE=pgx DATABASE_URL="host=$PGHOST port=$PGPORT user=$PGUSER dbname=pgx"
cluster_psql -c "CREATE EXTENSION uuidx"

work=$(mktemp -d /tmp/uuidx-pgx.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src/page" "$work/src/suite" "$work/cache"
frameworks_blocks pgx "$work/src/page"
tap_need "docs/frameworks.md gives the program" "$([ -s "$work/src/page/main.go" ] && echo t)" "$(wc -l <"$work/src/page/main.go") lines"
cat >"$work/src/suite/main.go" <<'EOF'
package main

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

func check(ctx context.Context, conn *pgx.Conn, table, keyType string) string {
	if _, err := conn.Exec(ctx, "CREATE TABLE "+table+" (id "+keyType+" PRIMARY KEY DEFAULT uuid_generate_v7(), note int NOT NULL)"); err != nil {
		return "create: " + err.Error()
	}
	seen := map[[16]byte]bool{}
	v7 := true
	for n := 0; n < 100; n++ {
		var id pgtype.UUID
		if err := conn.QueryRow(ctx, "INSERT INTO "+table+" (note) VALUES ($1) RETURNING id", n).Scan(&id); err != nil {
			return "insert: " + err.Error()
		}
		v7 = v7 && id.Valid && id.Bytes[6]>>4 == 7 && id.Bytes[8]>>6 == 2
		seen[id.Bytes] = true
	}
	rows, err := conn.Query(ctx, "SELECT id, note FROM "+table+" ORDER BY id")
	if err != nil {
		return "select: " + err.Error()
	}
	defer rows.Close()
	var prev [16]byte
	inOrder, n := true, 0
	for rows.Next() {
		var id [16]byte
		var note int
		if err := rows.Scan(&id, &note); err != nil {
			return "scan: " + err.Error()
		}
		inOrder = inOrder && note == n && (n == 0 || bytes.Compare(prev[:], id[:]) < 0)
		prev, n = id, n+1
	}
	return fmt.Sprintf("v7 %t distinct %d read %d in order %t", v7, len(seen), n, inOrder)
}

func main() {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		fmt.Println("connect:", err)
		os.Exit(1)
	}
	defer conn.Close(ctx)
	fmt.Println("domain:", check(ctx, conn, "by_domain", "uuid_v7"))
	fmt.Println("plain:", check(ctx, conn, "by_plain", "uuid"))
}
EOF
build() { (cd "$work/src/$1" && GO111MODULE=off GOPATH="$work:/usr/share/gocode" GOCACHE="$work/cache" GOFLAGS= go build -o "$work/$1" . 2>&1); }
out=$(build page)
tap_check "the page's program builds" "$([ -x "$work/page" ] && echo t)" "$(tr '\n' ' ' <<<"$out" | cut -c1-300)"
out=$("$work/page" 2>&1)
tap_check "it prints a v7 key, made by the server" "$(grep -Eq '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12} version 7$' <<<"$out" && echo t)" "$out"
out=$(build suite)
tap_check "the suite's program builds" "$([ -x "$work/suite" ] && echo t)" "$(tr '\n' ' ' <<<"$out" | cut -c1-300)"
out=$("$work/suite" 2>&1)
for t in domain plain; do
  got=$(sed -n "s/^$t: //p" <<<"$out")
  tap_check "a $t key column: 100 keys from RETURNING into pgtype.UUID, then ordered by key into [16]byte" \
    "$([ "$got" = "v7 true distinct 100 read 100 in order true" ] && echo t)" "${got:-$(tr '\n' ' ' <<<"$out" | cut -c1-300)}"
done

tap_done
