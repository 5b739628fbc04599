-- migrate:up
-- Reserved: the change planned here shipped in the next migration instead.

-- migrate:down
-- nothing to undo
