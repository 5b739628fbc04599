ALTER TABLE goal ADD COLUMN milestones TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(milestones) AND json_type(milestones) = 'array');
