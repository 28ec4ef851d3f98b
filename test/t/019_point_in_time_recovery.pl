# A base backup recovered to a named restore point (test/t/README.md), its clock 30 s behind
# (libfaketime); uuidx.v7_above_replayed off is the control. A crash recovery replays no other
# server's commits, so there nothing is lifted.
use strict;
use warnings FATAL => 'all';
use FindBin;
use lib "$FindBin::RealBin/lib";
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use UuidxFaketime;
use UuidxGeneration;

my ($batches, $rows, $target) = (20, 500, 12);
my $server_scope = "shared_preload_libraries = 'uuidx'\nuuidx.v7_scope = 'server'";
my $primary = started_node('primary', $server_scope, has_archiving => 1, allows_streaming => 1);
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
# Every key the primary made, those after the restore point too, for a table without a key.
my $primary_keys = PostgreSQL::Test::Utils::tempdir . '/primary_keys';
$primary->safe_psql('postgres', "COPY events (id) TO '$primary_keys'");
$primary->stop;

my $restored = PostgreSQL::Test::Cluster->new('restored');
$restored->init_from_backup($primary, 'base', has_restoring => 1);
$restored->append_conf('postgresql.conf', "recovery_target_name = 'after_batch_$target'\nrecovery_target_action = 'promote'");
my $libfaketime = faketime_library();
my $set_clock = faketime_start($restored, $libfaketime);
$restored->poll_query_until('postgres', 'SELECT NOT pg_is_in_recovery()') or die 'the recovery did not end';

like(slurp_file($restored->logfile), qr/recovery stopping at restore point "after_batch_$target"/,
	'recovery stopped at the restore point');
is( $restored->safe_psql('postgres',
		"SELECT count(*) FILTER (WHERE batch <= $target), count(*) FILTER (WHERE batch > $target), count(DISTINCT batch) FROM events"),
	$target * $rows . "|0|$target", 'every batch up to the restore point complete, none after it');
note "rows up to the restore point on the primary: $up_to_target";
is($restored->safe_psql('postgres', $digest), $up_to_target, 'the rows up to the restore point are the primary\'s');

# 100 new keys of BATCH in one session: the setting, the count, how many sort below OLDER, whether
# the clock after the insert was still before the last replayed commit, the first key's µs after it.
sub new_keys
{
	my ($batch, $older) = @_;
	my @got = split /\|/, $restored->safe_psql('postgres', qq{
		INSERT INTO events (batch) SELECT $batch FROM generate_series(1, 100);
		SELECT current_setting('uuidx.v7_above_replayed'), count(*), count(*) FILTER (WHERE id < ($older)),
		       coalesce(clock_timestamp() < pg_last_xact_replay_timestamp(), false),
		       round(extract(epoch FROM uuid_extract_time(min(id), true) - pg_last_xact_replay_timestamp()) * 1e6)
		FROM events WHERE batch = $batch});
	note "batch $batch, uuidx.v7_above_replayed $got[0]: $got[2] of $got[1] new keys below the older ones; "
	  . "clock before the last replayed commit: $got[3]; the first new key "
	  . (defined $got[4] ? "$got[4] µs after that commit" : 'not compared: no commit replayed');
	return @got;
}

# ---- the clock 30 s behind: the setting off (the control), then on
SKIP:
{
	faketime_missing($set_clock, 3);
	$set_clock->('-30');
	my $replayed = "SELECT max(id) FROM events WHERE batch BETWEEN 1 AND $target";
	my ($setting, $count, $below, $behind) = new_keys(-1, $replayed);
	ok($setting eq 'off' && $behind eq 't' && $below == $count,
		'recovered, its clock behind, uuidx.v7_above_replayed off (control): every new key below the replayed ones');
	reload_setting($restored, 'uuidx.v7_above_replayed', 'on');
	($setting, $count, $below, $behind, my $after_us) = new_keys(-2, $replayed);
	ok($setting eq 'on' && $behind eq 't' && $below == 0,
		'recovered, its clock behind, uuidx.v7_above_replayed on: every new key above the replayed ones');
	ok($after_us >= 1000 && $after_us < 1010, 'uuidx.v7_above_replayed: the first new key 1 ms after the last replayed commit');
	$set_clock->('+0');
}

# One clock again: new keys above all the primary made (with the clock behind they sorted below).
$restored->safe_psql('postgres', q{INSERT INTO events (batch) SELECT 0 FROM generate_series(1, 1000)});
$restored->safe_psql('postgres', "CREATE TABLE primary_keys (id uuid); COPY primary_keys FROM '$primary_keys'");
# The keys made here (batches 0 and below) among the primary's, then with the replayed ones, all
# the primary's too (the control: each counted twice).
my ($smallest, $dups, $control) = map { $restored->safe_psql('postgres', $_) } 'SELECT min(id) FROM events WHERE batch = 0',
  map { "SELECT count(*) - count(DISTINCT id) FROM (SELECT id FROM primary_keys UNION ALL SELECT id FROM events WHERE batch <= $_) k" } 0, $target;
note "the primary's last key $primary_last (batch $batches, lost); smallest new key $smallest; new keys equal to one the primary made: $dups; "
  . "with the replayed ones (control): $control";
ok($smallest gt $primary_last && $dups == 0 && $control == $target * $rows,
	'after the recovery: new keys greater than every key the primary made, none duplicated');
is($restored->safe_psql('postgres', q{SELECT current_setting('uuidx.v7_scope')}), 'server', 'after the recovery: the server-wide sequence in force');
no_crash_in_log($restored, 'restored: server log shows no crashed backend');

# ---- a crash recovery with the setting on and the clock 30 s behind
SKIP:
{
	faketime_missing($set_clock, 1);
	$restored->stop('immediate');
	$set_clock = faketime_start($restored, $libfaketime);
	$set_clock->('-30');
	my ($setting, $count, $below) = new_keys(-3, 'SELECT max(id) FROM events WHERE batch = 0');
	ok($setting eq 'on' && $below == $count && slurp_file($restored->logfile) =~ /not properly shut down; automatic recovery in progress/,
		'after a crash recovery, uuidx.v7_above_replayed on, its clock behind: new keys below those before the crash');
}
$restored->stop;
no_crash_in_log($primary, 'primary: server log shows no crashed backend');
done_testing();
