DROP TABLE note_tags;
DROP TABLE tags;
