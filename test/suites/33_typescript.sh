#!/usr/bin/env bash
# major: 18
# packages: nodejs npm
# server:
# TypeScript's ORMs, as their users declare keys: the declarations of docs/frameworks.md
# ("TypeScript: Drizzle, Knex, TypeORM"), taken from that page as written, each run through the
# framework's own migration tool against this major's server, one database each
# (test/lib/packaged_suite.sh). Node.js and npm are Debian's (sid: Node.js 24); the frameworks come
# from the npm registry, installed into a temporary project by `npm ci` from the lockfile of
# test/npm/typescript (each package's sha512 pinned); under CI an npm registry that cannot be
# reached is a failure. Besides the page's declarations, the shapes a user might write instead
# (Drizzle: the domain, a lone uuid_check_version CHECK, both read back by pull; TypeORM: a default
# declared by the entity, a column typed uuid_v7, installExtensions left on, schema:sync) show why
# the page chose its own. Prisma 7 from npm alone: `prisma db pull` on the Knex table,
# a SKIP when what stops it is the fetch of its schema engine binary (npm does not ship it, and
# only the npm registry is reachable here), a failure if anything else does.
set -u
cd "$(dirname "$0")/../.."
source test/lib/packaged_suite.sh
source test/lib/npm_ci.sh
skip_or_fail() { [ -n "${CI:-}" ] && tap_bail "what the suite needs is here" "$1"; tap_skip_all "$1"; }
# (20.19: the oldest Node.js that typeorm 1 and prisma 7 take)
tap_need "Node.js 20.19 or later and npm, from Debian's nodejs and npm" \
  "$(command -v node >/dev/null && dpkg --compare-versions "$(node --version 2>/dev/null | tr -d v)" ge 20.19 && command -v npm >/dev/null && echo t)" "$(node --version 2>&1)"

work=$(mktemp -d /tmp/uuidx-ts.XXXXXX)
trap 'rm -rf "$work"' EXIT
export npm_config_update_notifier=false
mkdir -p "$work/drizzle" "$work/knex/migrations" "$work/typeorm/migrations" "$work/prisma"
cp test/npm/typescript/package.json test/npm/typescript/package-lock.json "$work/"
cp test/npm/prisma/package.json test/npm/prisma/package-lock.json "$work/prisma/"
# Exactly the lockfile's packages (test/npm/typescript). Install scripts are not needed (esbuild's
# binary comes as a package of its own), and npm 12 blocks them anyway.
npm_ci_pinned "$work" || skip_or_fail "TypeScript: $npm_ci_error"
versions=$(cd "$work" && node -e '
  for (const p of ["drizzle-orm", "drizzle-kit", "knex", "typeorm", "pg", "typescript"])
    process.stdout.write(p + " " + require("./node_modules/" + p + "/package.json").version + ", ");' 2>&1)
tap_need "npm packages installed" \
  "$(grep -Eq '^drizzle-orm 0\.45\..*drizzle-kit 0\.31\..*knex 3\..*typeorm 1\..*pg 8\..*typescript 5\.' <<<"$versions" && echo t)" \
  "${versions%, } on Node.js $(node --version)"
bin=$work/node_modules/.bin

for db in drizzle drizzle_pulled knex typeorm typeorm_new typeorm_ext; do cluster_psql -c "CREATE DATABASE $db"; done

frameworks_blocks drizzle "$work/drizzle"
frameworks_blocks knex "$work/knex"
frameworks_blocks typeorm "$work/typeorm"
tap_need "docs/frameworks.md gives Drizzle's schema and extension migration, Knex's migration, TypeORM's entity, data source and migration" \
  "$([ -s "$work/drizzle/schema.ts" ] && [ -s "$work/drizzle/uuidx.sql" ] && [ -s "$work/knex/migrations/20260101000000_orders.js" ] \
     && [ -s "$work/typeorm/Order.ts" ] && [ -s "$work/typeorm/data-source.ts" ] && [ -s "$work/typeorm/migrations/1767225600000-Orders.ts" ] && echo t)" \
  "$(cd "$work" && ls drizzle knex/migrations typeorm typeorm/migrations | tr '\n' ' ')"

# The suite's own programs: the connection, the insert and the read of each framework, and the
# check of what they got (every key a v7 string, distinct; read back by key in insert order).
cat >"$work/check.ts" <<'EOF'
export const connection = {
  host: process.env.PGHOST!, port: Number(process.env.PGPORT), user: process.env.PGUSER!,
};

export async function run(insert: (note: number) => Promise<unknown>, read: () => Promise<{ id: unknown; note: number }[]>) {
  const made: unknown[] = [];
  for (let note = 0; note < 100; note++) made.push(await insert(note));
  const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const strings = made.every((id) => typeof id === "string");
  console.log(`made: ${strings ? "strings" : "not strings: " + typeof made.find((id) => typeof id !== "string")},`
    + ` v7 ${made.every((id) => typeof id === "string" && v7.test(id))}, distinct ${new Set(made).size}`);
  const rows = await read();
  const inOrder = rows.length === made.length
    && rows.every((r, n) => r.note === n && r.id === made[n] && (n === 0 || String(rows[n - 1].id) < String(r.id)));
  console.log(`read: ${rows.length} rows, in insert order ${inOrder}`);
}
EOF
cat >"$work/drizzle/run.ts" <<'EOF'
import { asc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { connection, run } from "../check";
import { orders } from "./schema";

const db = drizzle({ connection: { ...connection, database: "drizzle" } });
run(async (note) => (await db.insert(orders).values({ note }).returning({ id: orders.id }))[0].id,
  () => db.select().from(orders).orderBy(asc(orders.id)))
  .catch((e) => console.log("error:", e.message)).finally(() => db.$client.end());
EOF
cat >"$work/knex/run.ts" <<'EOF'
import { knex } from "knex";
import { connection, run } from "../check";

const db = knex({ client: "pg", connection: { ...connection, database: "knex" } });
run(async (note) => (await db("orders").insert({ note }).returning("id"))[0].id,
  () => db("orders").select("id", "note").orderBy("id"))
  .catch((e) => console.log("error:", e.message)).finally(() => db.destroy());
EOF
# TypeORM's key as an entity would say it without the page's choice: a plain uuid with the
# default (alt), the domain as its type (v7); and the page's data source without
# installExtensions: false (ext). Each next to the page's migration.
mkdir -p "$work/typeorm/alt" "$work/typeorm/v7" "$work/typeorm/ext"
for v in alt:'"uuid"' v7:'"uuid_v7" as any'; do
  sed -e "s/PrimaryGeneratedColumn(\"uuid\")/PrimaryColumn(${v#*:}, { default: () => \"uuid_generate_v7()\" })/" \
    -e 's/PrimaryGeneratedColumn }/PrimaryColumn }/' "$work/typeorm/Order.ts" >"$work/typeorm/${v%%:*}/Order.ts"
done
cp "$work/typeorm/Order.ts" "$work/typeorm/ext/"
for v in alt v7 ext; do
  sed -e 's|"./migrations/|"../migrations/|' "$work/typeorm/data-source.ts" >"$work/typeorm/$v/data-source.ts"
done
sed -i '/installExtensions: false/d' "$work/typeorm/ext/data-source.ts"
cat >"$work/typeorm/run.ts" <<'EOF'
import { run } from "../check";
import dataSource from "./data-source";
import { Order } from "./Order";

dataSource.initialize().then(() => {
  const orders = dataSource.getRepository(Order);
  return run(async (note) => (await orders.save(orders.create({ note }))).id, () => orders.find({ order: { id: "ASC" } }));
}).catch((e) => console.log("error:", e.message)).finally(() => dataSource.destroy());
EOF
cat >"$work/tsconfig.json" <<'EOF'
{
  "compilerOptions": {
    "target": "ES2022", "module": "commonjs", "moduleResolution": "node", "strict": true,
    "esModuleInterop": true, "skipLibCheck": true, "experimentalDecorators": true,
    "emitDecoratorMetadata": true, "types": ["node"], "rootDir": ".", "outDir": "dist"
  },
  "files": ["check.ts", "drizzle/run.ts", "knex/run.ts", "typeorm/run.ts",
    "typeorm/alt/data-source.ts", "typeorm/v7/data-source.ts", "typeorm/ext/data-source.ts"]
}
EOF
out=$(cd "$work" && timeout 120 "$bin/tsc" -p tsconfig.json 2>&1)
rc=$?
tap_check "tsc compiles the page's TypeORM entity, data source and migration, the page's Drizzle schema, and the suite's programs" \
  "$([ $rc = 0 ] && echo t)" "exit code $rc $(tr '\n' ' ' <<<"$out" | cut -c1-400)"
# tool DIR CMD...: a framework's command line, run in DIR, bounded; its output and errors.
tool() { (cd "$1" && shift && timeout 120 "$@" 2>&1); }
line() { sed -n "s/^$1: //p" <<<"$2" | head -n 1; }
flat() { tr '\n' ' ' <<<"$1" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' | cut -c1-"${2:-300}"; }
# rows FRAMEWORK OUT: the checks of a program's two lines.
rows() {
  tap_check "$1: 100 rows inserted without a key, each key read back with the insert: made by the server, v7 strings, distinct" \
    "$([ "$(line made "$2")" = "strings, v7 true, distinct 100" ] && echo t)" "$(line made "$2")$(grep -q '^made: ' <<<"$2" || flat "$2")"
  tap_check "$1: read through the ORM ordered by key, the rows come in insert order" \
    "$([ "$(line read "$2")" = "100 rows, in insert order true" ] && echo t)" "$(line read "$2")"
  tap_sql "$1: the table holds the 100 rows, every key a v7" "
    SELECT count(*) = 100 AND bool_and(uuid_extract_version(id) = 7), count(*) || ' rows' FROM orders"
}

# ---- Drizzle: drizzle-kit generate (a custom migration for the extension, then the table's),
# migrate, then generate again; pull, and the pulled schema generated and migrated into a new database
export PGDATABASE=drizzle
# CONFIG SCHEMA DATABASE: a drizzle-kit config whose migrations (or pulled schema) go to ./CONFIG.
for config in "migrations ./schema.ts drizzle" "pulled ./schema.ts drizzle" "applied ./pulled/schema.ts drizzle_pulled" "domain ./schema.ts knex"; do
  set -- $config
  cat >"$work/drizzle/$1.config.ts" <<EOF
import { defineConfig } from "drizzle-kit";
import { connection } from "../check";

export default defineConfig({
  dialect: "postgresql", schema: "$2", out: "./$1",
  dbCredentials: { ...connection, database: "$3", ssl: false },
});
EOF
done
kit() { local config=$1; shift; tool "$work/drizzle" "$bin/drizzle-kit" "$@" --config="$config.config.ts"; }
# generated CONFIG: the extension's migration (the page's uuidx.sql), then the table's.
generated() {
  kit "$1" generate --custom --name=uuidx && cp "$work/drizzle/uuidx.sql" "$work/drizzle/$1/0000_uuidx.sql" && kit "$1" generate --name=orders
}
out=$(generated migrations)
table=$work/drizzle/migrations/0001_orders.sql
tap_check "drizzle-kit generate: the extension's migration, then the table's, with the key, its default and the CHECK" \
  "$(grep -q '"id" uuid PRIMARY KEY DEFAULT uuid_generate_v7() NOT NULL' "$table" && grep -qF "CONSTRAINT \"orders_id_v7\" CHECK (uuid_check_version(id, 7, 'orders.id') AND uuid_extract_version(id) = 7)" "$table" && echo t)" \
  "$(grep -ho -e '"id" [^,]*' -e 'CONSTRAINT [^,]*' "$table" 2>/dev/null | tr '\n' ' ' || flat "$out")"
out=$(kit migrations migrate)
rc=$?
tap_check "drizzle-kit migrate applies both" "$([ $rc = 0 ] && echo t)" "exit code $rc: $(flat "$out" 200)"
tap_sql "Drizzle: the table drizzle-kit made: id uuid NOT NULL DEFAULT uuid_generate_v7(), the primary key, and the CHECK" "
  SELECT format_type(atttypid, atttypmod) || ' ' || pg_get_expr(adbin, adrelid) || ' ' || attnotnull || ' ' || string_agg(pg_get_constraintdef(c.oid), ' ' ORDER BY contype)
         = 'uuid uuid_generate_v7() true CHECK ((uuid_check_version(id, 7, ''orders.id''::text) AND (uuid_extract_version(id) = 7))) PRIMARY KEY (id)', string_agg(pg_get_constraintdef(c.oid), ' ')
  FROM pg_attribute JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum JOIN pg_constraint c ON conrelid = attrelid
  WHERE attrelid = 'orders'::regclass AND attname = 'id' AND contype IN ('c', 'p') GROUP BY atttypid, atttypmod, adbin, adrelid, attnotnull"
out=$(timeout 120 node "$work/dist/drizzle/run.js" 2>&1)
rows Drizzle "$out"
out=$(kit migrations generate)
rc=$?
tap_check "a second drizzle-kit generate finds no change" \
  "$([ $rc = 0 ] && [ "$(ls "$work/drizzle/migrations"/*.sql | wc -l)" = 2 ] && echo t)" \
  "exit code $rc, $(ls "$work/drizzle/migrations"/*.sql | wc -l) migrations: $(flat "$out" 200 | grep -o 'No schema changes[^.]*' || flat "$out" 200)"
out=$(kit pulled pull)
pulled=$(grep -h -e '^\s*id: ' -e 'check(' "$work/drizzle/pulled/schema.ts" 2>/dev/null | sed 's/^\s*//' | tr '\n' ' ')
tap_check "drizzle-kit pull reads the key back as uuid() with the default and the key, and keeps the CHECK" \
  "$(grep -q '^id: uuid()' <<<"$pulled" && grep -q 'uuid_generate_v7()' <<<"$pulled" && grep -q 'primaryKey()' <<<"$pulled" \
     && grep -qF "check(\"orders_id_v7\", sql\`uuid_check_version(id, 7, 'orders.id'::text) AND (uuid_extract_version(id) = 7)\`)" <<<"$pulled" && echo t)" "${pulled:-$(flat "$out")}"
out=$(generated applied && kit applied migrate)
export PGDATABASE=drizzle_pulled
v4=$(cluster_psql -v VERBOSITY=verbose -c "INSERT INTO orders (id, note) VALUES (gen_random_uuid(), 1)" 2>&1)
v7=$(cluster_psql -At -c "INSERT INTO orders (note) VALUES (1) RETURNING uuid_extract_version(id)" 2>&1)
tap_check "a new database made from the pulled schema (generate, migrate) refuses a v4 key (23514) and takes the default's v7" \
  "$(grep -q '^ERROR:  23514: value for domain orders.id must be a UUIDv7, not a UUIDv4' <<<"$v4" && [ "$v7" = 7 ] && echo t)" \
  "v4: $(grep -m1 ERROR <<<"$v4"); default: version $v7$(flat "$out" 200 | grep -o 'rror.*')"
plan() { cluster_psql -At -c "SELECT FROM uuid_generate_v7()" -c "SET enable_seqscan = off" -c "SET uuidx.time_predicates = $1" \
  -c "EXPLAIN (COSTS OFF) SELECT * FROM orders WHERE uuid_extract_time(id) >= now() - interval '1 hour'" 2>&1 | tr '\n' ' '; }
on=$(plan on) off=$(plan off)
tap_check "there a time query on the key gets the rewrite's condition on the key, and none with uuidx.time_predicates off" \
  "$(grep -qF 'Index Cond: (id >= uuid_v7_lower_bound(' <<<"$on" && ! grep -q uuid_v7_lower_bound <<<"$off" && echo t)" "on: $on; off: $off"

# ---- Knex: migrate:latest with the page's migration ----------------------------------------------
export PGDATABASE=knex
cat >"$work/knex/knexfile.js" <<'EOF'
module.exports = {
  client: "pg",
  connection: { host: process.env.PGHOST, port: Number(process.env.PGPORT), user: process.env.PGUSER, database: "knex" },
};
EOF
out=$(tool "$work/knex" "$bin/knex" --knexfile knexfile.js migrate:latest)
tap_check "knex migrate:latest runs the migration" "$(grep -q 'Batch 1 run: 1 migrations' <<<"$out" && echo t)" "$(flat "$out" 200)"
check_key_column orders "Knex: the table its migration made"
out=$(timeout 120 node "$work/dist/knex/run.js" 2>&1)
rows Knex "$out"
out=$(tool "$work/knex" "$bin/knex" --knexfile knexfile.js migrate:latest)
tap_check "a second knex migrate:latest has nothing to run" "$(grep -q 'Already up to date' <<<"$out" && echo t)" "$(flat "$out" 200)"
# Knex's table, with a lone uuid_check_version CHECK added: pull loses the domain, and mangles that CHECK.
cluster_psql -c "ALTER TABLE orders ADD CONSTRAINT lone CHECK (uuid_check_version(id, 7, 'orders.id'))"
out=$(kit domain pull)
pulled=$(grep -h -e '^\s*id: ' -e 'check(' "$work/drizzle/domain/schema.ts" 2>/dev/null | sed 's/^\s*//' | tr '\n' ' ')
tap_check "drizzle-kit pull of Knex's table reads its uuid_v7 key back as a plain uuid(), and a lone uuid_check_version CHECK as no SQL" \
  "$(grep -q 'id: uuid()' <<<"$pulled" && ! grep -q uuid_v7 "$work/drizzle/domain/schema.ts" \
     && grep -qE "check\(\"lone\", sql\`CHECK \(uuid_check_version\(.*'orders.id'::text\`\)" <<<"$pulled" && echo t)" "${pulled:-$(flat "$out")}"

# ---- TypeORM: migration:run of the page's migration, then migration:generate against the entity --
export PGDATABASE=typeorm DATABASE_URL="postgresql://$PGUSER@localhost:$PGPORT/typeorm?host=$PGHOST"
orm() { local source=$1; shift; tool "$work" "$bin/typeorm" "$@" -d "dist/typeorm/$source"; }
out=$(orm data-source.js migration:run)
tap_check "typeorm migration:run runs the migration" \
  "$(grep -q 'Migration Orders1767225600000 has been  *executed successfully' <<<"$out" && echo t)" \
  "$(flat "$out" 2000 | grep -o 'Migration Orders[^.]*successfully' || flat "$out")"
check_key_column orders "TypeORM: the table its migration made"
out=$(timeout 120 node "$work/dist/typeorm/run.js" 2>&1)
rows TypeORM "$out"
out=$(orm data-source.js migration:generate --dryrun --check typeorm/migrations/Next)
rc=$?
tap_check "typeorm migration:generate against the page's entity finds no change" \
  "$([ $rc = 0 ] && grep -q 'No changes in database schema were found' <<<"$out" && echo t)" "exit code $rc: $(flat "$(grep -v '^query' <<<"$out")" 400)"
out=$(orm alt/data-source.js migration:generate --dryrun --check typeorm/migrations/Next)
rc=$?
up=$(sed -n '/public async up/,/^    }/p' <<<"$out" | grep -o 'ALTER TABLE [^`]*' | tr '\n' ' ')
down=$(sed -n '/public async down/,/^    }/p' <<<"$out" | grep -o 'ALTER TABLE [^`]*' | tr '\n' ' ')
tap_check "an entity saying PrimaryColumn(\"uuid\", { default: uuid_generate_v7() }) instead: migration:generate writes the default again, and a down to uuid_generate_v4()" \
  "$([ $rc = 1 ] && grep -q 'ALTER COLUMN "id" SET DEFAULT uuid_generate_v7()' <<<"$up" && grep -q 'ALTER COLUMN "id" SET DEFAULT uuid_generate_v4()' <<<"$down" && echo t)" \
  "exit code $rc: up: ${up:-$(flat "$(grep -v '^query' <<<"$out")" 300)} down: $down"
check_key_column orders "TypeORM: after migration:generate"
# Why the page's migration is written by hand: one generated for a new table.
out=$(DATABASE_URL=${DATABASE_URL/typeorm\?/typeorm_new?} orm data-source.js migration:generate --dryrun --check typeorm/migrations/Next)
rc=$?
created=$(sed -n '/public async up/,/^    }/p' <<<"$out" | grep -o 'CREATE TABLE "orders" [^`]*' | head -n 1)
tap_check "the page's entity against an empty database: migration:generate would make a plain uuid key defaulting to uuid_generate_v4()" \
  "$([ $rc = 1 ] && grep -q '"id" uuid NOT NULL DEFAULT uuid_generate_v4()' <<<"$created" && ! grep -q uuid_v7 <<<"$created" && echo t)" \
  "exit code $rc: ${created:-$(flat "$(grep -v '^query' <<<"$out")" 300)}"
tap_sql "TypeORM created no uuid-ossp (installExtensions: false)" "
  SELECT NOT EXISTS (SELECT FROM pg_extension WHERE extname = 'uuid-ossp'), string_agg(extname, ' ' ORDER BY extname) FROM pg_extension"
# The page's two reasons: an entity key of type uuid_v7 is refused; installExtensions.
refused=$(orm v7/data-source.js query "SELECT 1")
taken=$(orm data-source.js query "SELECT 1")
tap_check "an entity column of type uuid_v7 is refused when the data source initializes; the page's (uuid) is taken" \
  "$(grep -q 'Data type "uuid_v7" in "Order.id" is not supported by "postgres" database' <<<"$refused" &&
     grep -q 'Query has been executed' <<<"$taken" && echo t)" \
  "uuid_v7: $(grep -m1 -o 'Data type .* database' <<<"$refused" || flat "$refused"); uuid: $(flat "$taken" 100)"
# (With it, migration:generate connected to the new database typeorm_new above and created nothing.)
out=$(DATABASE_URL=${DATABASE_URL/typeorm\?/typeorm_ext?} orm ext/data-source.js query "SELECT 1")
created=$(PGDATABASE=typeorm_ext cluster_psql -At -c "SELECT string_agg(extname, ' ' ORDER BY extname) FROM pg_extension")
uuidx=$(PGDATABASE=typeorm_ext cluster_psql -c "CREATE EXTENSION uuidx" 2>&1)
none=$(PGDATABASE=typeorm_new cluster_psql -At -c "SELECT string_agg(extname, ' ' ORDER BY extname) FROM pg_extension")
tap_check "without installExtensions: false, TypeORM creates uuid-ossp when it connects, and uuidx can then not be created" \
  "$([ "$created" = "plpgsql uuid-ossp" ] && grep -q 'ERROR:  function "uuid_generate_v[0-9a-z_]*" already exists' <<<"$uuidx" &&
     [ "$none" = plpgsql ] && echo t)" \
  "without: $created; CREATE EXTENSION uuidx: $(grep -m1 ERROR <<<"$uuidx"); with (typeorm_new): $none$([ -n "$created" ] || flat "; $out")"

# synchronize: true, as schema:sync, where uuidx is created: nothing fails.
PGDATABASE=typeorm_new cluster_psql -c "CREATE EXTENSION uuidx"
out=$(DATABASE_URL=${DATABASE_URL/typeorm\?/typeorm_new?} orm data-source.js schema:sync)
PGDATABASE=typeorm_new tap_sql "schema:sync with the page's entity makes a plain uuid key defaulting to uuid_generate_v4(), whose keys are v4" "
  WITH i AS (INSERT INTO orders (note) VALUES (1) RETURNING uuid_extract_version(id) AS v)
  SELECT format_type(atttypid, atttypmod) || ' ' || pg_get_expr(adbin, adrelid) || ' version ' || v = 'uuid uuid_generate_v4() version 4',
         format_type(atttypid, atttypmod) || ' ' || pg_get_expr(adbin, adrelid) || ' version ' || v
  FROM i, pg_attribute JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum WHERE attrelid = 'orders'::regclass AND attname = 'id'"

# ---- Prisma: from npm alone ---------------------------------------------------------------------
out=$(cd "$work/prisma" && timeout 120 npm ci --no-audit --no-fund --ignore-scripts 2>&1)
rc=$?
if [ $rc != 0 ]; then
  tap_check "npm ci of prisma 7, @prisma/client 7, @prisma/adapter-pg 7 (test/npm/prisma)" f "exit code $rc: $(flat "$out")"
else
  cat >"$work/prisma/schema.prisma" <<'EOF'
datasource db {
  provider = "postgresql"
}
EOF
  cat >"$work/prisma/prisma.config.ts" <<'EOF'
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "schema.prisma",
  datasource: { url: `postgresql://${process.env.PGUSER}@localhost:${process.env.PGPORT}/knex?host=${process.env.PGHOST}` },
});
EOF
  prisma=$(cd "$work/prisma" && node -p 'require("./node_modules/prisma/package.json").version' 2>&1)
  out=$(cd "$work/prisma" && PRISMA_HIDE_UPDATE_MESSAGE=1 timeout 60 node_modules/.bin/prisma db pull --print 2>&1)
  rc=$?
  # (Its schema engine, which db pull and migrate run, is a binary it fetches from its own host.)
  if [ $rc != 0 ] && grep -q 'request to .*/schema-engine[^ ]* failed' <<<"$out"; then
    tap_skip "Prisma from npm: db pull reads the table" "Prisma $prisma from npm: db pull (and migrate) first fetch Prisma's schema engine binary, which npm does not ship: $(grep -m1 -o 'request to [^ ]* failed, reason: .*' <<<"$out" | cut -c1-200)"
  else
    tap_check "Prisma from npm: db pull reads the table" "$([ $rc = 0 ] && grep -q 'model orders' <<<"$out" && echo t)" \
      "Prisma $prisma, exit code $rc: $(grep -m1 -E '^ *id ' <<<"$out" || flat "$out")"
  fi
fi
tap_done
