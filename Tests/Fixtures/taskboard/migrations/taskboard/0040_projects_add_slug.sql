-- Projects get a URL slug. Written the old way (rename the table first), so every table that points at
-- projects is rebuilt here too and points at the new table.
ALTER TABLE projects RENAME TO projects_old;

CREATE TABLE projects (
    id INTEGER PRIMARY KEY,
    owner_id INTEGER NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    slug TEXT,
    archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
    open_task_count INTEGER NOT NULL DEFAULT 0,
    created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO projects (id, owner_id, name, archived, open_task_count, created_at)
SELECT id, owner_id, name, archived, open_task_count, created_at FROM projects_old;

CREATE TABLE tasks_new (
    id INTEGER PRIMARY KEY,
    project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    body TEXT,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'doing', 'done')),
    priority TEXT NOT NULL DEFAULT 'normal',
    assignee_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
    estimate_minutes INTEGER,
    due_date INTEGER,
    created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at DATETIME
);
INSERT INTO tasks_new (
    id, project_id, title, body, status, priority, assignee_id, estimate_minutes, due_date, created_at, updated_at
)
SELECT id, project_id, title, body, status, priority, assignee_id, estimate_minutes, due_date, created_at, updated_at
FROM tasks;
DROP TABLE tasks;
ALTER TABLE tasks_new RENAME TO tasks;

CREATE TABLE labels_new (
    id INTEGER PRIMARY KEY,
    project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    color TEXT NOT NULL DEFAULT '#888888',
    description TEXT,
    UNIQUE (project_id, name)
);
INSERT INTO labels_new (id, project_id, name, color, description)
SELECT id, project_id, name, color, description FROM labels;
DROP TABLE labels;
ALTER TABLE labels_new RENAME TO labels;

CREATE TABLE webhooks_new (
    id INTEGER PRIMARY KEY,
    project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    secret TEXT NOT NULL,
    created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO webhooks_new (id, project_id, url, secret, created_at)
SELECT id, project_id, url, secret, created_at FROM webhooks;
DROP TABLE webhooks;
ALTER TABLE webhooks_new RENAME TO webhooks;

DROP TABLE projects_old;

CREATE INDEX idx_projects_owner ON projects (owner_id);
CREATE UNIQUE INDEX idx_projects_slug ON projects (slug);
CREATE INDEX idx_tasks_project ON tasks (project_id, status);
CREATE INDEX idx_tasks_assignee ON tasks (assignee_id) WHERE assignee_id IS NOT NULL;
CREATE INDEX idx_tasks_due_date ON tasks (due_date) WHERE due_date IS NOT NULL;
