#!/usr/bin/env python3
"""Writes a kiln project whose database has N migrations of the kinds real histories have, for timing
`kiln check` (scripts/bench-check.sh).

    scripts/generate-chain.py ROOT --versions 200 [--database chain] [--seeds]

The migrations cycle through: a new table (with a foreign key to the previous one, a CHECK-guarded enum and
a NOT NULL column with a default), ADD COLUMN, CREATE INDEX, a 12-step table rebuild (create, copy, drop,
rename) and a data UPDATE. With --seeds, the first table gets a CSV seed. queries/<database>.sql holds a few
statements an app would run against the newest schema. Run `kiln hash` in ROOT before `kiln check`.
"""

import argparse
import os


class Chain:
    """The schema as the migrations so far leave it: table name -> column definitions, in order."""

    def __init__(self):
        self.tables = {}
        self.order = []

    def create(self, version):
        name = f"t{len(self.order) + 1:03d}"
        columns = [
            ("id", "INTEGER PRIMARY KEY"),
            ("name", "TEXT NOT NULL DEFAULT ''"),
            ("state", "TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed'))"),
        ]
        if self.order:
            columns.append(("parent_id", f"INTEGER REFERENCES {self.order[-1]} (id)"))
        self.tables[name] = columns
        self.order.append(name)
        return f"-- version {version}: a new table\n{self.create_sql(name, name)}"

    def create_sql(self, name, as_name):
        body = ",\n    ".join(f"{column} {definition}" for column, definition in self.tables[name])
        return f"CREATE TABLE {as_name} (\n    {body}\n);\n"

    def add_column(self, version):
        table = self.order[version % len(self.order)]
        column = f"c{version:04d}"
        self.tables[table].append((column, "TEXT"))
        return f"ALTER TABLE {table} ADD COLUMN {column} TEXT;\n"

    def index(self, version):
        table = self.order[version % len(self.order)]
        column = self.tables[table][-1][0]
        return f"CREATE INDEX i{version:04d} ON {table} ({column});\n"

    def rebuild(self, version):
        table = self.order[version % len(self.order)]
        self.tables[table].append((f"r{version:04d}", "INTEGER NOT NULL DEFAULT 0"))
        copied = ", ".join(column for column, _ in self.tables[table][:-1])
        return (
            "-- the 12-step rebuild: a column with NOT NULL and a default\n"
            + self.create_sql(table, f"{table}_new")
            + f"INSERT INTO {table}_new ({copied}) SELECT {copied} FROM {table};\n"
            + f"DROP TABLE {table};\n"
            + f"ALTER TABLE {table}_new RENAME TO {table};\n"
        )

    def update(self, version):
        table = self.order[version % len(self.order)]
        return f"UPDATE {table} SET name = trim(name) WHERE name <> trim(name);\n"

    def migration(self, version):
        if not self.order or version % 5 == 1:
            return "create", self.create(version)
        kind = ["update", "create", "add_column", "index", "rebuild"][version % 5]
        return kind, getattr(self, kind)(version)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root")
    parser.add_argument("--versions", type=int, default=100)
    parser.add_argument("--database", default="chain")
    parser.add_argument("--seeds", action="store_true")
    arguments = parser.parse_args()
    chain = Chain()
    for version in range(1, arguments.versions + 1):
        kind, sql = chain.migration(version)
        write(os.path.join(arguments.root, "migrations", arguments.database, f"{version:04d}_{kind}.sql"), sql)
    first = chain.order[0]
    if arguments.seeds:
        write(os.path.join(arguments.root, "seeds", arguments.database, f"{first}.csv"), "id,name\n1,one\n2,two\n")
    last = chain.order[-1]
    write(
        os.path.join(arguments.root, "queries", f"{arguments.database}.sql"),
        f"SELECT id, name FROM {first} WHERE id = ?;\n"
        f"SELECT count(*) FROM {last} WHERE state = 'open';\n"
        f"INSERT INTO {last} (name) VALUES (?);\n",
    )


if __name__ == "__main__":
    main()
