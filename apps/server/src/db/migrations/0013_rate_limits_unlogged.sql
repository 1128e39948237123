-- Hand-written (issue 10): every signed-in request counts one hit in rate_limits (the per-user brake), and
-- with the table logged each hit was a commit waiting for a WAL flush (6-7 ms per request on PostgreSQL
-- with fsync on, ~0.5 ms unlogged). Counters of a one-minute window need no crash safety: after a crash
-- or a fail-over to a replica the table is empty and every window starts again.
ALTER TABLE "rate_limits" SET UNLOGGED;
