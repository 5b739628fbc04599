CREATE INDEX posts_published ON posts (published_at) WHERE published_at IS NOT NULL;
