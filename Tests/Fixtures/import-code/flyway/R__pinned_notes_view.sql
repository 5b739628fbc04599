-- Re-run by Flyway whenever this file changes, after the versioned migrations.
DROP VIEW IF EXISTS pinned_notes;
CREATE VIEW pinned_notes AS
SELECT notes.id, notes.title, users.name AS author
FROM notes JOIN users ON users.id = notes.user_id
WHERE notes.pinned = 1;
