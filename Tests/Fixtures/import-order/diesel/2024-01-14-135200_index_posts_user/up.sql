-- Your SQL goes here
CREATE INDEX posts_user ON posts (user_id);
