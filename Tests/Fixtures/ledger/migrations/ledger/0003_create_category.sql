-- Categories nest: a category may have a parent category.
CREATE TABLE category (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    parent_id INTEGER REFERENCES category (id) ON DELETE CASCADE
);
CREATE INDEX category_parent ON category (parent_id);
