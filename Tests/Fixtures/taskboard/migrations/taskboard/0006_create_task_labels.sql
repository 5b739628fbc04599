CREATE TABLE task_labels (
    task_id INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
    label_id INTEGER NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
    PRIMARY KEY (task_id, label_id)
) WITHOUT ROWID;
