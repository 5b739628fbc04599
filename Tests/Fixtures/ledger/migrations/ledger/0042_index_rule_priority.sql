CREATE INDEX rule_priority ON rule (priority, id);
