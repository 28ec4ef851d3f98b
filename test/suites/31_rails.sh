#!/usr/bin/env bash
# major: 18
# packages: ruby-activerecord ruby-pg
# server:
# Rails' ActiveRecord, as its users declare keys: the migration and the schema setting of
# docs/frameworks.md ("Rails (ActiveRecord)"), taken from that page as written, with Debian's
# ruby-activerecord (sid: 7.2, the oldest taken) and ruby-pg against this major's server
# (test/lib/packaged_suite.sh), ActiveRecord alone (no application: its database tasks dump and
# load the schema as `rails db:schema:dump` and `db:schema:load` do). The page's key (uuid, a
# CHECK) survives schema.rb; the same migration with the domain instead is the control: schema.rb
# loses the domain, which the page's structure.sql keeps.
set -u
cd "$(dirname "$0")/../.."
source test/lib/packaged_suite.sh
ar=$(ruby -e 'require "active_record"; print ActiveRecord.version' 2>&1)
tap_need "ActiveRecord from Debian's ruby-activerecord" "$(command -v ruby >/dev/null && dpkg --compare-versions "$ar" ge 7.2 2>/dev/null && echo t)" "$ar"

for db in rails rails_domain from_check_rb from_schema_rb from_structure_sql; do cluster_psql -c "CREATE DATABASE $db"; done

work=$(mktemp -d /tmp/uuidx-rails.XXXXXX)
trap 'rm -rf "$work"' EXIT
frameworks_blocks rails "$work"
tap_need "docs/frameworks.md gives the migration and the schema setting" \
  "$(grep -q check_constraint "$work/migration.rb" && grep -qx 'config.active_record.schema_format = :sql' "$work/schema_format.rb" && echo t)" \
  "$(ls "$work" | tr '\n' ' ')"
chmod -R a+rX "$work"

out=$(cd "$work" && ruby - <<'RUBY' 2>&1
require "active_record"
def connect(db) = { adapter: "postgresql", database: db, host: ENV["PGHOST"], port: ENV["PGPORT"], username: ENV["PGUSER"] }
def config(db) = ActiveRecord::DatabaseConfigurations::HashConfig.new("test", "primary", connect(db))
# The key's type, default and NOT NULL, and the table's CHECKs.
def key
  ActiveRecord::Base.connection.select_value("SELECT format_type(atttypid, atttypmod) || ' ' || pg_get_expr(adbin, adrelid) || ' ' || attnotnull
    || coalesce((SELECT ' ' || string_agg(pg_get_constraintdef(oid), ' ') FROM pg_constraint WHERE conrelid = attrelid AND contype = 'c'), '')
    FROM pg_attribute JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum WHERE attrelid = 'orders'::regclass AND attname = 'id'")
end
# A new database DB loaded from FILE (as `rails db:schema:load` does): its key, the plan of a time
# query with uuidx loaded (seqscan off: the key's index wherever a condition on it allows), and
# whether it takes a v4.
def loaded_from(db, format, file)
  ActiveRecord::Base.establish_connection(connect(db))
  ActiveRecord::Tasks::DatabaseTasks.load_schema(config(db), format, file)
  c = ActiveRecord::Base.connection
  puts "#{db}: " + key
  c.select_value("SELECT uuid_generate_v7()")
  c.execute("SET enable_seqscan = off")
  puts "plan #{db}: " + c.select_values("EXPLAIN (COSTS OFF) SELECT * FROM orders WHERE uuid_extract_time(id) >= now() - interval '1 hour'").join(" / ")
  c.execute("INSERT INTO orders (id, note) VALUES (gen_random_uuid(), 1)")
  puts "v4 #{db}: taken"
rescue ActiveRecord::StatementInvalid => e
  puts "v4 #{db}: refused #{e.cause.result&.error_field(PG::PG_DIAG_SQLSTATE)} " + e.message.lines.first.strip
end
ActiveRecord::Migration.verbose = false
ActiveRecord::Tasks::DatabaseTasks.db_dir = Dir.pwd
ActiveRecord::Base.establish_connection(connect("rails"))
load "./migration.rb"
CreateOrders.migrate(:up)
class Order < ActiveRecord::Base; end
puts "column: " + key
made = (0...100).map { |n| Order.create!(note: n) }
puts "keys: " + [made.all? { |o| o.id.is_a?(String) && o.id[14] == "7" }, made.map(&:id).uniq.size].join(" ")
puts "order: " + (Order.order(:id).pluck(:note) == (0...100).to_a).to_s
# schema.rb, the default format, then a database loaded from it.
ActiveRecord::Tasks::DatabaseTasks.dump_schema(config("rails"), :ruby)
puts "schema.rb: " + File.read("schema.rb")[/t.check_constraint .*$/].to_s
loaded_from("from_check_rb", :ruby, "schema.rb")

# The same migration with the domain as the key's type and no CHECK.
ActiveRecord::Base.establish_connection(connect("rails_domain"))
eval(File.read("migration.rb").sub("CreateOrders", "CreateOrdersDomain").sub("id: :uuid,", "id: :uuid_v7,").sub(/^.*check_constraint.*\n/, ""))
CreateOrdersDomain.migrate(:up)
puts "domain column: " + key
ActiveRecord::Tasks::DatabaseTasks.dump_schema(config("rails_domain"), :ruby)
rb = File.read("schema.rb")
puts "domain schema.rb: " + rb[/create_table "orders".*$/].to_s + " | uuid_v7 named: " + rb.include?("uuid_v7").to_s
loaded_from("from_schema_rb", :ruby, "schema.rb")
# The page's setting: the dump is structure.sql.
ActiveRecord::Base.establish_connection(connect("rails_domain"))
eval(File.read("schema_format.rb").sub("config.active_record.", "ActiveRecord."))
ActiveRecord::Tasks::DatabaseTasks.dump_schema(config("rails_domain"))
puts "structure.sql: " + File.exist?("structure.sql").to_s
loaded_from("from_structure_sql", ActiveRecord.schema_format, "structure.sql")
RUBY
)
line() { sed -n "s/^$1: //p" <<<"$out" | head -n 1; }
check="CHECK (uuid_check_version(id, 7, 'orders.id'::text))"
bound="Index Cond: (id >= uuid_v7_lower_bound("
tap_check "the migration makes id uuid NOT NULL DEFAULT uuid_generate_v7() with the CHECK" \
  "$([ "$(line column)" = "uuid uuid_generate_v7() true $check" ] && echo t)" "$(line column)$(grep -q '^column: ' <<<"$out" || tr '\n' ' ' <<<"$out" | cut -c1-300)"
tap_check "100 records created without a key: the server made them (version 7, distinct), read back with the insert" \
  "$([ "$(line keys)" = "true 100" ] && echo t)" "$(line keys)"
tap_check "ordered by key, they come in insert order" "$([ "$(line order)" = true ] && echo t)" "$(line order)"
tap_check "schema.rb keeps the CHECK" \
  "$(grep -q "^t.check_constraint \"uuid_check_version(id, 7, 'orders.id'::text)\", name: \"orders_id_v7\"" <<<"$(line schema.rb)" && echo t)" "$(line schema.rb)"
tap_check "a database loaded from schema.rb has the key, its default and the CHECK, and refuses a v4 (23514)" \
  "$([ "$(line from_check_rb)" = "uuid uuid_generate_v7() true $check" ] && grep -q '^refused 23514 .*value for domain orders.id must be a UUIDv7' <<<"$(line 'v4 from_check_rb')" && echo t)" \
  "$(line from_check_rb); v4 $(line 'v4 from_check_rb')"
tap_check "there a time query on the key gets the rewrite's condition on the key" \
  "$(grep -qF "$bound" <<<"$(line 'plan from_check_rb')" && echo t)" "$(line 'plan from_check_rb')"
tap_check "with the domain instead, schema.rb writes the key as a plain uuid with the default, and names no uuid_v7" \
  "$([ "$(line 'domain column')" = "uuid_v7 uuid_generate_v7() true" ] && grep -q 'create_table "orders", id: :uuid, default: -> { "uuid_generate_v7()" }' <<<"$(line 'domain schema.rb')" \
     && grep -q 'uuid_v7 named: false' <<<"$(line 'domain schema.rb')" && echo t)" "$(line 'domain column') | $(line 'domain schema.rb')"
tap_check "a database loaded from that schema.rb has a plain uuid key, which takes a v4, and no condition on the key for the time query" \
  "$([ "$(line from_schema_rb)" = "uuid uuid_generate_v7() true" ] && [ "$(line 'v4 from_schema_rb')" = taken ] && [ -n "$(line 'plan from_schema_rb')" ] \
     && ! grep -qF "$bound" <<<"$(line 'plan from_schema_rb')" && echo t)" "$(line from_schema_rb); v4 $(line 'v4 from_schema_rb'); $(line 'plan from_schema_rb')"
tap_check "with the page's setting the dump is structure.sql, and a database loaded from it keeps the domain and the default, and refuses a v4" \
  "$([ "$(line structure.sql)" = true ] && [ "$(line from_structure_sql)" = "uuid_v7 uuid_generate_v7() true" ] \
     && grep -q '^refused .*value for domain uuid_v7 must be a UUIDv7' <<<"$(line 'v4 from_structure_sql')" && echo t)" \
  "$(line structure.sql); $(line from_structure_sql); v4 $(line 'v4 from_structure_sql')"

tap_done
