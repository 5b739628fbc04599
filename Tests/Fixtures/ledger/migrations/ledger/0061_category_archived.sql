ALTER TABLE category ADD COLUMN archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1));
CREATE INDEX category_active ON category (name) WHERE archived = 0;
