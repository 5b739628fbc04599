CREATE TABLE device (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    last_seen INTEGER NOT NULL,
    platform TEXT NOT NULL CHECK (platform IN ('ios', 'ipados', 'macos', 'watchos'))
) STRICT;
