ALTER TABLE category ADD COLUMN color TEXT NOT NULL DEFAULT '#888888' CHECK (color GLOB '#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]');
