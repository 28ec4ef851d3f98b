#!/usr/bin/env bash
# major: 18
# packages: python3-django python3-psycopg2
# server:
# Django, as its users declare keys: the declarations of docs/frameworks.md ("Django"), taken from
# that page as written into a project of one app, with Debian's python3-django (sid: 5.2; 5.0 or
# later, where db_default came in) and psycopg2 against this major's server (test/lib/packaged_suite.sh).
# `manage.py test` shows what Django's test database, built from the migrations, keeps.
py=/usr/bin/python3

source "$(dirname "$0")/../lib/packaged_suite.sh"
django=$("$py" -c 'import django; print(django.get_version())' 2>&1)
tap_need "Django from Debian's python3-django" "$(dpkg --compare-versions "${django}" ge 5.0 2>/dev/null && echo t)" "$django"

cluster_psql -c "CREATE DATABASE django"

project=$(mktemp -d /tmp/uuidx-django.XXXXXX)
trap 'rm -rf "$project"' EXIT
mkdir -p "$project/orders/migrations"
touch "$project/orders/__init__.py" "$project/orders/migrations/__init__.py"
frameworks_blocks django "$project"
tap_need "docs/frameworks.md gives the model and the extension's migration" \
  "$([ -s "$project/orders/models.py" ] && [ -s "$project/orders/migrations/0001_uuidx.py" ] && echo t)" \
  "$(ls "$project/orders" "$project/orders/migrations" | tr '\n' ' ')"
cat >"$project/settings.py" <<EOF
SECRET_KEY = "uuidx-test"
USE_TZ = True
INSTALLED_APPS = ["django.contrib.postgres", "orders"]
DATABASES = {"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "django", "USER": "$PGUSER",
                         "HOST": "$PGHOST", "PORT": "$PGPORT"}}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
EOF
cat >"$project/manage.py" <<'EOF'
import os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")
from django.core.management import execute_from_command_line
execute_from_command_line(sys.argv)
EOF
# The test database's checks, run by `manage.py test`.
cat >"$project/orders/tests.py" <<'EOF'
import uuid

from django.db import IntegrityError, connection, transaction
from django.test import TestCase

from orders.models import Order


class TestDatabase(TestCase):
    def test_domain_and_default(self):
        with connection.cursor() as cur:
            cur.execute("SELECT format_type(atttypid, atttypmod), pg_get_expr(adbin, adrelid) FROM pg_attribute"
                        " JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum"
                        " WHERE attrelid = 'orders_order'::regclass AND attname = 'id'")
            self.assertEqual(cur.fetchone(), ("uuid_v7", "uuid_generate_v7()"))
        order = Order.objects.create(note=1)
        self.assertIsInstance(order.id, uuid.UUID)
        self.assertEqual(order.id.version, 7)
        with self.assertRaises(IntegrityError), transaction.atomic():
            Order.objects.create(id=uuid.uuid4(), note=2)
EOF
chmod -R a+rX "$project"
manage() { (cd "$project" && "$py" manage.py "$@"); }

# The page's step, then the page's operation in the file it makes.
mv "$project/orders/migrations/0001_uuidx.py" "$project/uuidx.py"
out=$(manage makemigrations orders --empty --name uuidx 2>&1)
tap_check "makemigrations --empty --name uuidx makes orders/migrations/0001_uuidx.py" "$([ -s "$project/orders/migrations/0001_uuidx.py" ] && echo t)" "$(tr '\n' ' ' <<<"$out" | cut -c1-200)"
mv "$project/uuidx.py" "$project/orders/migrations/0001_uuidx.py"
out=$(manage makemigrations orders 2>&1)
migration=$(ls "$project"/orders/migrations/0002_*.py 2>/dev/null | head -n 1)
tap_check "makemigrations writes the model's migration after the extension's, with the field and its db_default" \
  "$([ -n "$migration" ] && grep -q 'orders.models.UUIDv7Field' "$migration" && grep -q 'db_default=orders.models.UUIDGenerateV7()' "$migration" && grep -q "'0001_uuidx'" "$migration" && echo t)" \
  "$(tr '\n' ' ' <<<"$out" | cut -c1-200)"
out=$(manage makemigrations --check --dry-run orders 2>&1)
rc=$?
tap_check "a second makemigrations finds no change" "$([ $rc = 0 ] && echo t)" "exit code $rc: $(tr '\n' ' ' <<<"$out" | cut -c1-200)"
out=$(manage migrate 2>&1)
tap_check "migrate applies both" "$(grep -q 'Applying orders.0002' <<<"$out" && echo t)" "$(tr '\n' ' ' <<<"$out" | tail -c 200)"
export PGDATABASE=django
check_key_column orders_order "the table Django made"

out=$(manage shell -c '
import uuid
from orders.models import Order
made = [Order.objects.create(note=n) for n in range(100)]
print(all(isinstance(o.id, uuid.UUID) and o.id.version == 7 for o in made), len({o.id for o in made}))
print([o.note for o in Order.objects.order_by("id")] == list(range(100)))
' 2>&1 | tail -n 2)  # (5.2's shell first says what it imported)
tap_check "100 objects saved without a key: the server made them (uuid.UUID, version 7, distinct), read back with the insert" \
  "$([ "$(sed -n 1p <<<"$out")" = "True 100" ] && echo t)" "$(tr '\n' ' ' <<<"$out" | cut -c1-200)"
tap_check "ordered by key, they come in insert order" "$([ "$(sed -n 2p <<<"$out")" = True ] && echo t)" "$(sed -n 2p <<<"$out")"
tap_sql "the table holds the 100 rows, every key a v7" "
  SELECT count(*) = 100 AND bool_and(uuid_extract_version(id) = 7), count(*) || ' rows' FROM orders_order"

out=$(manage inspectdb orders_order 2>&1)
tap_check "inspectdb on the table: a UUIDField primary key" \
  "$(grep -Eq '^ +id = models\.UUIDField\(primary_key=True\)' <<<"$out" && echo t)" "$(grep -E '^ +id = ' <<<"$out")"

out=$(manage test orders --noinput 2>&1)
tap_check "manage.py test: the test database built from the migrations has the domain and the default, and refuses a v4 key" \
  "$(grep -q '^OK' <<<"$out" && grep -q 'Ran 1 test' <<<"$out" && echo t)" "$(tr '\n' ' ' <<<"$out" | tail -c 300)"

tap_done
