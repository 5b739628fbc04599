#!/usr/bin/env python3
"""Writes a kiln project with one database per tenant, the fleet that scripts/bench-fleet.sh migrates.

    scripts/generate-fleet.py ROOT [--files 10000] [--rows 200] [--database tenant]

ROOT gets kiln.json (an applicationId for the database), migrations/<database>/ with six migrations of the
kinds a real app adds over time (tables with foreign keys and indexes; then a NOT NULL column with a default
and a CHECK, a new table with an index and a foreign key, and a column filled in by a data backfill UPDATE),
and fleet/NN/tenant-NNNNN.db: FILES databases, 100 to a folder, at versions 3, 4 and 5 in turn (so 3, 2 or 1
migrations pending, 2 on average), each holding a few hundred rows in every table it has. The files are
rollback-journal databases stamped with the application id and user_version, as kiln leaves them. One file
per version is built with Python's sqlite3 from the migration files themselves, and the fleet is made of
copies of those three.
"""

import argparse
import os
import shutil
import sqlite3

APPLICATION_ID = 1801677166  # "kiln" in ASCII

MIGRATIONS = [
    (
        "create_account",
        """CREATE TABLE account (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
""",
    ),
    (
        "create_note",
        """CREATE TABLE note (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX note_by_account ON note (account_id, updated_at);
""",
    ),
    (
        "create_tag",
        """CREATE TABLE tag (
    id INTEGER PRIMARY KEY,
    note_id INTEGER NOT NULL REFERENCES note (id) ON DELETE CASCADE,
    label TEXT NOT NULL
);
CREATE INDEX tag_by_note ON tag (note_id);
""",
    ),
    (
        "add_note_pinned",
        """-- A flag with a default: every existing note is unpinned.
ALTER TABLE note ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1));
""",
    ),
    (
        "create_attachment",
        """CREATE TABLE attachment (
    id INTEGER PRIMARY KEY,
    note_id INTEGER NOT NULL REFERENCES note (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    bytes INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX attachment_by_note ON attachment (note_id);
""",
    ),
    (
        "backfill_note_title",
        """-- The title was the body's first word; keep it in its own column.
ALTER TABLE note ADD COLUMN title TEXT NOT NULL DEFAULT '';
UPDATE note SET title = substr(body, 1, instr(body || ' ', ' ') - 1);
""",
    ),
]

WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar".split()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)


def write_project(root, database):
    """kiln.json and the migration files."""
    write(
        os.path.join(root, "kiln.json"),
        '{\n  "databases": {\n    "%s": { "applicationId": %d }\n  }\n}\n' % (database, APPLICATION_ID),
    )
    for number, (slug, sql) in enumerate(MIGRATIONS, start=1):
        write(os.path.join(root, "migrations", database, f"{number:04d}_{slug}.sql"), sql)


def sentence(number, length):
    return " ".join(WORDS[(number * 7 + k * 3) % len(WORDS)] for k in range(length))


def fill(connection, version, rows):
    """Rows a tenant could have at `version`: `rows` in each table that version has."""
    connection.executemany(
        "INSERT INTO account (id, email, name, created_at) VALUES (?, ?, ?, '2026-01-01 00:00:00')",
        [(i, f"user{i}@example.com", sentence(i, 2).title()) for i in range(1, rows + 1)],
    )
    connection.executemany(
        "INSERT INTO note (id, account_id, body, updated_at) VALUES (?, ?, ?, ?)",
        [(i, (i % rows) + 1, sentence(i, 8), f"2026-02-{i % 28 + 1:02d}") for i in range(1, rows + 1)],
    )
    connection.executemany(
        "INSERT INTO tag (id, note_id, label) VALUES (?, ?, ?)",
        [(i, (i * 3 % rows) + 1, WORDS[i % len(WORDS)]) for i in range(1, rows + 1)],
    )
    if version >= 4:
        connection.execute("UPDATE note SET pinned = 1 WHERE id % 10 = 0")
    if version >= 5:
        connection.executemany(
            "INSERT INTO attachment (id, note_id, name, bytes) VALUES (?, ?, ?, ?)",
            [(i, (i * 5 % rows) + 1, f"scan-{i}.pdf", i * 1024) for i in range(1, rows + 1)],
        )


def build_template(path, version, rows):
    """A database at `version`, made by applying the migration files 1 to `version`, then filled."""
    if os.path.exists(path):
        os.remove(path)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    for _, sql in MIGRATIONS[:version]:
        connection.executescript(sql)
    connection.execute("BEGIN")
    fill(connection, version, rows)
    connection.execute("COMMIT")
    connection.execute(f"PRAGMA user_version = {version}")
    connection.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root")
    parser.add_argument("--files", type=int, default=10000)
    parser.add_argument("--rows", type=int, default=200, help="rows in each table of each file")
    parser.add_argument("--database", default="tenant")
    arguments = parser.parse_args()
    root = arguments.root
    write_project(root, arguments.database)
    templates = {}
    for version in (3, 4, 5):
        templates[version] = os.path.join(root, f"template-{version}.db")
        build_template(templates[version], version, arguments.rows)
    for number in range(arguments.files):
        folder = os.path.join(root, "fleet", f"{number // 100:02d}")
        if number % 100 == 0:
            os.makedirs(folder, exist_ok=True)
        shutil.copyfile(templates[3 + number % 3], os.path.join(folder, f"tenant-{number:05d}.db"))
    for path in templates.values():
        os.remove(path)


if __name__ == "__main__":
    main()
