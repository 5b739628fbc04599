-- Profiles get their own table; the bio moves there.
CREATE TABLE user_profiles (
    user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    bio TEXT,
    location TEXT
);

INSERT INTO user_profiles (user_id, bio)
SELECT id, bio FROM users WHERE bio IS NOT NULL;

ALTER TABLE users DROP COLUMN bio;
