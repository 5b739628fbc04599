DROP INDEX notes_by_user;
DROP TABLE notes;
