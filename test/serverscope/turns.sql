-- turns.sql: the happens-before test of test/t/008_server_scope.pl. Sessions take turns: the
-- owner of turn t waits until it sees the committed row of turn t - 1, then generates its value
-- and commits it with turn t. Before its first turn from `half` on, a session waits for the lock
-- on hb_gate, which the suite holds until it has stepped the server's clock back (libfaketime).
-- That wait is a lock wait on purpose: pg_sleep() counts on the wall clock, so a session asleep
-- in it when the clock steps back 2 s would sleep 2 s longer and the clock would have caught up
-- by its next turn.
CREATE TABLE hb (turn int PRIMARY KEY, owner int, pid int, u uuid, at timestamptz);
CREATE TABLE hb_state (turn int);
INSERT INTO hb_state VALUES (-1);
CREATE TABLE hb_gate ();
-- Turn t belongs to session 1 + t % 4 before the step and to 3 + t % 4 after it: sessions 3 and 4
-- go on, 5 and 6 are new backends started after the step.
CREATE FUNCTION hb_owner(t int, half int) RETURNS int IMMUTABLE LANGUAGE sql
  AS $$ SELECT CASE WHEN t < half THEN 1 + t % 4 ELSE 3 + t % 4 END $$;
CREATE PROCEDURE hb_take_turns(me int, turns int, half int) LANGUAGE plpgsql AS $$
DECLARE
  last int;
  passed_gate bool := false;
  waited_since timestamptz;
BEGIN
  FOR t IN 0 .. turns - 1 LOOP
    CONTINUE WHEN hb_owner(t, half) <> me;
    IF t >= half AND NOT passed_gate THEN
      PERFORM count(*) FROM hb_gate;  -- blocks while the suite holds ACCESS EXCLUSIVE on it
      passed_gate := true;
    END IF;
    waited_since := clock_timestamp();
    LOOP
      SELECT s.turn INTO last FROM hb_state s;  -- READ COMMITTED: a new snapshot each time
      EXIT WHEN last = t - 1;
      IF last >= t THEN RAISE EXCEPTION 'turn % taken twice', t; END IF;
      PERFORM pg_sleep(0.0001);
      IF clock_timestamp() - waited_since > interval '5 minutes' THEN
        RAISE EXCEPTION 'session % waited too long for turn %', me, t;
      END IF;
    END LOOP;
    INSERT INTO hb VALUES (t, me, pg_backend_pid(), uuid_generate_v7(), clock_timestamp());
    UPDATE hb_state SET turn = t;
    COMMIT;
  END LOOP;
END $$;
