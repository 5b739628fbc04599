-- migrate:up
CREATE INDEX posts_user ON posts (user_id);

-- migrate:down
DROP INDEX posts_user;
