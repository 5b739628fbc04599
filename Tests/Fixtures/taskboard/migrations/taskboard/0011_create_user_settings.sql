CREATE TABLE user_settings (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    theme TEXT NOT NULL DEFAULT 'light',
    week_starts_on INTEGER NOT NULL DEFAULT 1
);
