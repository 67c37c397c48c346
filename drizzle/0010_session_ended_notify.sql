-- Issue 23 defect 12: every ended session (sign-out, revocation, expiry pruning, a deleted user or account)
-- tells every app instance at commit, on the channel src/server/live/ LISTENs on, so that instance closes
-- the session's open live streams (/api/calls/stream). In the database, so no path that deletes a session
-- can forget it. The payload is the session id.
CREATE FUNCTION "notify_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', OLD."id"::text);
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_notify_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_ended"();
