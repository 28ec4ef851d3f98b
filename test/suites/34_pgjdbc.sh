#!/usr/bin/env bash
# major: 18
# packages: libpostgresql-jdbc-java default-jdk-headless
# server: listen_addresses = '127.0.0.1'
# server: log_statement = 'all'
# Java's PgJDBC 42.7, as its users read keys: the program of docs/frameworks.md ("Java: PgJDBC")
# as written, and a test program of this suite, run in Java's source-file mode with Debian's
# libpostgresql-jdbc-java and default-jdk-headless (sid: PgJDBC 42.7, the oldest taken, OpenJDK 25)
# over TCP (PgJDBC needs another jar for a Unix socket). Also what users meet: the RETURNING PgJDBC
# adds for generated keys (in the server's log), batches with and without reWriteBatchedInserts,
# and UUID.compareTo (signed longs), which disagrees with the server on a v7 key from 6429 on.
package=libpostgresql-jdbc-java
jar=/usr/share/java/postgresql.jar
source "$(dirname "$0")/../lib/packaged_suite.sh"
version=$(dpkg-query -W -f='${Version}' "$package")
java_version=$(java -version 2>&1 | head -n 1)
tap_need "PgJDBC from Debian's libpostgresql-jdbc-java, Java from default-jdk-headless" \
  "$([ -s "$jar" ] && dpkg --compare-versions "$version" ge 42.7 && command -v java >/dev/null && echo t)" "$package $version, $java_version"

# PgJDBC connects over TCP only (without a socket factory jar): listen on 127.0.0.1 too. The log
# shows the statements PgJDBC sends.
cluster_psql -c "CREATE DATABASE pgjdbc"
export PGDATABASE=pgjdbc JDBC_URL="jdbc:postgresql://127.0.0.1:$PGPORT/pgjdbc?user=$PGUSER"
cluster_psql -c "CREATE EXTENSION uuidx"

work=$(mktemp -d /tmp/uuidx-pgjdbc.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/page"
frameworks_blocks pgjdbc "$work/page"
tap_need "docs/frameworks.md gives the program" "$([ -s "$work/page/Orders.java" ] && echo t)" "$(wc -l <"$work/page/Orders.java") lines"
cat >"$work/Check.java" <<'EOF'
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;

public class Check {
    static boolean v7(UUID u) {
        return u != null && u.version() == 7 && u.variant() == 2;
    }

    static void exec(Connection conn, String sql) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute(sql);
        }
    }

    static List<UUID> keys(ResultSet rs) throws SQLException {
        List<UUID> keys = new ArrayList<>();
        while (rs.next()) keys.add(rs.getObject(1, UUID.class));
        rs.close();
        return keys;
    }

    static int count(Connection conn, String table) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    static String summary(List<UUID> keys) {
        return "keys " + keys.size() + " v7 " + keys.stream().allMatch(Check::v7) + " distinct " + new HashSet<>(keys).size();
    }

    // 100 rows (note 0 to 99) in one batch: executeBatch's update counts, how many and which values.
    static String insert100(PreparedStatement ps) throws SQLException {
        for (int n = 0; n < 100; n++) {
            ps.setInt(1, n);
            ps.addBatch();
        }
        int[] counts = ps.executeBatch();
        return "update counts " + counts.length + " of " + Arrays.stream(counts).boxed().collect(Collectors.toCollection(TreeSet::new));
    }

    // The keys ordered by the server, and whether that is the insert order (a row's note is its place).
    record Read(List<UUID> keys, boolean inOrder) {}

    static Read readOrdered(Connection conn, String table) throws SQLException {
        List<UUID> keys = new ArrayList<>();
        boolean inOrder = true;
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT id, note FROM " + table + " ORDER BY id")) {
            while (rs.next()) {
                inOrder &= rs.getInt(2) == keys.size();
                keys.add(rs.getObject(1, UUID.class));
            }
        }
        return new Read(keys, inOrder);
    }

    static void createTable(Connection conn, String table, String keyType) throws SQLException {
        exec(conn, "CREATE TABLE " + table + " (id " + keyType + " PRIMARY KEY DEFAULT uuid_generate_v7(), note int NOT NULL)");
    }

    // 100 rows in one batch, the keys asked for as generated keys; then read ordered by the server.
    static String batch(Connection conn, String table, String keyType) throws SQLException {
        createTable(conn, table, keyType);
        String counts;
        List<UUID> made;
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO " + table + " (note) VALUES (?)", new String[] {"id"})) {
            counts = insert100(ps);
            made = keys(ps.getGeneratedKeys());
        }
        Read read = readOrdered(conn, table);
        List<UUID> sorted = new ArrayList<>(read.keys());
        sorted.sort(UUID::compareTo);
        return counts + " rows " + count(conn, table) + " " + summary(made) + " read " + read.keys().size() + " in order " + read.inOrder()
            + " same keys " + read.keys().equals(made) + " compareTo agrees " + sorted.equals(read.keys());
    }

    // 100 rows in one batch, no keys asked for; then read ordered by the server.
    static String plainBatch(Connection conn, String table) throws SQLException {
        createTable(conn, table, "uuid_v7");
        String counts;
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO " + table + " (note) VALUES (?)")) {
            counts = insert100(ps);
        }
        Read read = readOrdered(conn, table);
        return counts + " " + summary(read.keys()) + " in order " + read.inOrder();
    }

    // What PgJDBC does with a literal RETURNING: per row, as a plain batch, as a batch with generated keys.
    static void returning(Connection conn) throws SQLException {
        createTable(conn, "lit", "uuid_v7");
        String sql = "INSERT INTO lit (note) VALUES (?) RETURNING id";
        List<UUID> made = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            for (int n = 0; n < 10; n++) {
                ps.setInt(1, n);
                made.addAll(keys(ps.executeQuery()));
            }
        }
        System.out.println("returning per row: " + summary(made));
        // As a plain batch the statement runs, but its rows go nowhere.
        int before = count(conn, "lit");
        int[] counts;
        List<UUID> given;
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            for (int n = 0; n < 10; n++) {
                ps.setInt(1, n);
                ps.addBatch();
            }
            counts = ps.executeBatch();
            given = keys(ps.getGeneratedKeys());
        }
        System.out.println("returning batch: rows added " + (count(conn, "lit") - before) + " update counts " + counts.length + " of " + Arrays.stream(counts).boxed().collect(Collectors.toSet())
            + " generated keys " + given.size());
        try (PreparedStatement ps = conn.prepareStatement(sql, new String[] {"id"})) {
            for (int n = 0; n < 10; n++) {
                ps.setInt(1, n);
                ps.addBatch();
            }
            ps.executeBatch();
            System.out.println("returning batch with generated keys: " + summary(keys(ps.getGeneratedKeys())));
        } catch (SQLException e) {
            System.out.println("returning batch with generated keys: refused: " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    public static void main(String[] args) throws Exception {
        try (Connection conn = DriverManager.getConnection(System.getenv("JDBC_URL"))) {
            System.out.println("driver: " + conn.getMetaData().getDriverVersion());
            System.out.println("domain: " + batch(conn, "by_domain", "uuid_v7"));
            System.out.println("plain: " + batch(conn, "by_plain", "uuid"));
            try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT id FROM by_domain LIMIT 1")) {
                rs.next();
                ResultSetMetaData md = rs.getMetaData();
                Object o = rs.getObject(1);
                System.out.println("domain getObject: " + (o == null ? "null" : o.getClass().getName())
                    + " type name " + md.getColumnTypeName(1) + " class name " + md.getColumnClassName(1));
            }
            returning(conn);
            // The driver's multi-row rewrite of a batch (a setting Hibernate users turn on for bulk inserts).
            try (Connection rw = DriverManager.getConnection(System.getenv("JDBC_URL") + "&reWriteBatchedInserts=true")) {
                System.out.println("rewrite with keys: " + batch(rw, "by_rewrite", "uuid_v7"));
                System.out.println("rewrite without keys: " + plainBatch(rw, "by_rewrite_plain"));
            }
            try (PreparedStatement ps = conn.prepareStatement("INSERT INTO by_domain (id, note) VALUES (?, 100)")) {
                ps.setObject(1, UUID.randomUUID());
                ps.executeUpdate();
                System.out.println("v4: accepted");
            } catch (SQLException e) {
                System.out.println("v4: refused " + e.getSQLState());
            }
            // A v7 key of timestamp 2^48 - 1 ms: its most significant bit is set, a negative long to Java.
            UUID far = UUID.fromString("ffffffff-ffff-7fff-bfff-ffffffffffff");
            try (PreparedStatement ps = conn.prepareStatement("SELECT id, id < ? FROM by_domain LIMIT 1")) {
                ps.setObject(1, far);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    UUID key = rs.getObject(1, UUID.class);
                    System.out.println("far: server key < far " + rs.getBoolean(2) + " compareTo " + Integer.signum(key.compareTo(far)));
                }
            }
        }
    }
}
EOF

out=$(cd "$work/page" && timeout 120 java -cp "$jar" Orders.java 2>&1)
tap_check "the page's program prints a v7 key, made by the server, read as a UUID" \
  "$(grep -Eq '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12} version 7 variant 2$' <<<"$out" && echo t)" "$(tr '\n' ' ' <<<"$out" | cut -c1-300)"
check_key_column orders "the page's table"

out=$(cd "$work" && timeout 120 java -cp "$jar" Check.java 2>&1)
got() { sed -n "s/^$1: //p" <<<"$out"; }
show() { local g; g=$(got "$1"); echo "${g:-$(tr '\n' ' ' <<<"$out" | cut -c1-300)}"; }
tap_check "the driver is the package's" "$([ -n "$(got driver)" ] && [ "$(got driver)" = "${version%%-*}" ] && echo t)" "$(show driver)"
sent=$(awk '/INSERT INTO by_domain \(note\) VALUES \(\$1\)$/ { getline next_line; if (next_line ~ /^\tRETURNING "id"$/) r++; else o++ }
  END { print r + 0, "with RETURNING \"id\" added,", o + 0, "without" }' "$UUIDX_SERVER_LOG")
tap_check "the batch with generated keys: PgJDBC sends each insert with RETURNING \"id\" added (the server's log)" \
  "$([ "$sent" = '100 with RETURNING "id" added, 0 without' ] && echo t)" "$sent"
for t in domain plain; do
  tap_check "a $t key column: 100 rows in one batch, keys as generated keys by getObject(i, UUID.class), then ordered by key; UUID.compareTo sorts them alike" \
    "$([ "$(got $t)" = "update counts 100 of [1] rows 100 keys 100 v7 true distinct 100 read 100 in order true same keys true compareTo agrees true" ] && echo t)" "$(show $t)"
done
tap_check "the domain column: getObject(i) gives a java.util.UUID, the metadata names the type uuid" \
  "$([ "$(got 'domain getObject')" = "java.util.UUID type name uuid class name java.util.UUID" ] && echo t)" "$(show 'domain getObject')"
# PgJDBC's multi-row rewrite: the rows per statement it sent into each table, from the server's log.
rows_per_insert() { grep -o "INSERT INTO $1 (note) VALUES (\$1)[^R]*" "$UUIDX_SERVER_LOG" | awk -F'),' '{ print NF }' | sort -n | uniq -c | awk '{ printf "%s of %s; ", $1, $2 }'; }
sent=$(rows_per_insert by_rewrite)
tap_check "reWriteBatchedInserts=true and generated keys asked for: PgJDBC does not rewrite, one insert per row (count of statements of N rows, the server's log)" \
  "$([ "$sent" = "100 of 1; " ] && echo t)" "$sent"
tap_check "... and the keys come back as generated keys, v7, in insert order" \
  "$([ "$(got 'rewrite with keys')" = "update counts 100 of [1] rows 100 keys 100 v7 true distinct 100 read 100 in order true same keys true compareTo agrees true" ] && echo t)" "$(show 'rewrite with keys')"
sent=$(rows_per_insert by_rewrite_plain)
tap_check "reWriteBatchedInserts=true, no keys asked for: PgJDBC sends multi-row inserts (count of statements of N rows, the server's log)" \
  "$([ "$sent" = "1 of 4; 1 of 32; 1 of 64; " ] && echo t)" "$sent"
tap_check "... each counted SUCCESS_NO_INFO (-2), the server's keys v7 and in insert order" \
  "$([ "$(got 'rewrite without keys')" = "update counts 100 of [-2] keys 100 v7 true distinct 100 in order true" ] && echo t)" "$(show 'rewrite without keys')"
tap_check "a literal INSERT ... RETURNING id, per row: v7 keys" \
  "$([ "$(got 'returning per row')" = "keys 10 v7 true distinct 10" ] && echo t)" "$(show 'returning per row')"
tap_check "the same as a plain batch: the rows go in, but executeBatch counts 0 for each and the keys are dropped" \
  "$([ "$(got 'returning batch')" = "rows added 10 update counts 10 of [0] generated keys 0" ] && echo t)" "$(show 'returning batch')"
tap_check "the same as a batch with generated keys: PgJDBC adds no second RETURNING, the keys come back" \
  "$([ "$(got 'returning batch with generated keys')" = "keys 10 v7 true distinct 10" ] && echo t)" "$(show 'returning batch with generated keys')"
tap_check "a v4 from UUID.randomUUID() into the domain column: refused (check_violation)" \
  "$([ "$(got v4)" = "refused 23514" ] && echo t)" "$(show v4)"
tap_check "UUID.compareTo compares signed longs: a key whose top bit is set sorts first there, last on the server" \
  "$([ "$(got far)" = "server key < far true compareTo 1" ] && echo t)" "$(show far)"

tap_done
