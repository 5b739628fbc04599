-- migrate:up
CREATE TABLE notifications (
    id INTEGER PRIMARY KEY NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users (id),
    kind TEXT NOT NULL,
    read INTEGER NOT NULL DEFAULT 0
);

-- migrate:down
DROP TABLE notifications;
