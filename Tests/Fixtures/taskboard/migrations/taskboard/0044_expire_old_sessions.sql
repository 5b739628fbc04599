-- Sessions older than the new 30-day limit go; the ids are collected once so audit_log can name them.
CREATE TEMP TABLE expired_sessions AS
SELECT id, user_id FROM sessions WHERE expires_at < datetime('now', '-30 days');

INSERT INTO audit_log (actor_id, action, subject)
SELECT user_id, 'session.expired', id FROM expired_sessions;

DELETE FROM sessions WHERE id IN (SELECT id FROM expired_sessions);

DROP TABLE expired_sessions;
