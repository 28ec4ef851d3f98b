# A base backup recovered to a named restore point. A primary in server scope, archiving its WAL,
# fills a table keyed by uuid_v7 (DEFAULT uuid_generate_v7()) in 20 batches of 500 rows, one
# transaction each, after pg_basebackup; a restore point is made after batch 12. The backup,
# recovered from the archive with recovery_target_name and promoted, holds batches 1 to 12,
# every row of them as on the primary, and nothing of 13 to 20. Keys made after the recovery are
# then checked as after a crash (017_crash_recovery): none duplicated, and every one greater than
# every key the primary made, the lost batches' included (the clock has moved on; the sequence
# starts again from it).
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxGeneration;

my ($batches, $rows, $target) = (20, 500, 12);
my $server_scope = "shared_preload_libraries = 'uuidx'\nuuidx.v7_scope = 'server'";
my $primary = PostgreSQL::Test::Cluster->new('primary');
$primary->init(has_archiving => 1, allows_streaming => 1);
$primary->append_conf('postgresql.conf', $server_scope);
$primary->start;
$primary->safe_psql('postgres', q{CREATE EXTENSION uuidx;
	CREATE TABLE events (id uuid_v7 PRIMARY KEY DEFAULT uuid_generate_v7(), batch int NOT NULL)});
$primary->backup('base');

for my $b (1 .. $batches)
{
	$primary->safe_psql('postgres', "INSERT INTO events (batch) SELECT $b FROM generate_series(1, $rows)");
	$primary->safe_psql('postgres', "SELECT pg_create_restore_point('after_batch_$target')") if $b == $target;
}
# Every segment written so far archived.
my $segment = $primary->safe_psql('postgres', 'SELECT pg_walfile_name(pg_current_wal_lsn())');
$primary->safe_psql('postgres', 'SELECT pg_switch_wal()');
$primary->poll_query_until('postgres', "SELECT last_archived_wal >= '$segment' FROM pg_stat_archiver")
  or die "WAL segment $segment was not archived";
my $digest = "SELECT count(*) || ' ' || md5(string_agg(id::text || ':' || batch, ',' ORDER BY id)) FROM events WHERE batch <= $target";
my $up_to_target = $primary->safe_psql('postgres', $digest);
my $primary_last = $primary->safe_psql('postgres', 'SELECT max(id) FROM events');
$primary->stop;

my $restored = PostgreSQL::Test::Cluster->new('restored');
$restored->init_from_backup($primary, 'base', has_restoring => 1);
$restored->append_conf('postgresql.conf', "recovery_target_name = 'after_batch_$target'\nrecovery_target_action = 'promote'");
$restored->start;
$restored->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the recovery did not end';

like(slurp_file($restored->logfile), qr/recovery stopping at restore point "after_batch_$target"/,
	"recovery stopped at the restore point after_batch_$target");
check_sql($restored, "every batch up to the restore point complete, none after it", qq{
	SELECT count(*) FILTER (WHERE batch <= $target) = $target * $rows AND count(*) FILTER (WHERE batch > $target) = 0
	       AND count(DISTINCT batch) = $target,
	       format('%s rows in batches %s to %s; %s rows of later batches', count(*), min(batch), max(batch),
	              count(*) FILTER (WHERE batch > $target))
	FROM events});
is($restored->safe_psql('postgres', $digest), $up_to_target, "the rows up to the restore point are the primary's ($up_to_target)");

$restored->safe_psql('postgres', q{INSERT INTO events (batch) SELECT 0 FROM generate_series(1, 1000)});
check_sql($restored, 'after the recovery: new keys greater than every key the primary made, none duplicated', qq{
	SELECT min(id) FILTER (WHERE batch = 0) > '$primary_last' AND count(*) = count(DISTINCT id),
	       format('the primary''s last key %s (batch $batches, lost); smallest new key %s; %s keys, %s distinct',
	              '$primary_last', min(id) FILTER (WHERE batch = 0), count(*), count(DISTINCT id))
	FROM events});
check_sql($restored, 'after the recovery: the server-wide sequence in force', q{
	SELECT current_setting('uuidx.v7_scope') = 'server', 'uuidx.v7_scope = ' || current_setting('uuidx.v7_scope')});

$restored->stop;
no_crash_in_log($primary, 'primary: server log shows no crashed backend');
no_crash_in_log($restored, 'restored: server log shows no crashed backend');
done_testing();
