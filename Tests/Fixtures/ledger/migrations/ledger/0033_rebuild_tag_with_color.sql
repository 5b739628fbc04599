CREATE TABLE tag_new (
    id INTEGER PRIMARY KEY,
    label TEXT NOT NULL UNIQUE COLLATE NOCASE,
    color TEXT
);
INSERT INTO tag_new (id, label) SELECT id, label FROM tag;
DROP TABLE tag;
ALTER TABLE tag_new RENAME TO tag;
