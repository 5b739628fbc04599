-- +goose Up
CREATE TABLE link_tags (
    link_id INTEGER NOT NULL REFERENCES links (id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (link_id, tag_id)
) WITHOUT ROWID;

-- +goose Down
DROP TABLE link_tags;
