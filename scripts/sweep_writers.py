"""The fault sweep's scenarios for the commands that write migrations and for the fleet: `kiln import`,
`kiln plan` and `kiln migrate <db> --each`. Each judges a state against the old one and the complete new one,
which a fault-free run of the same command on the same project makes (`expected`)."""
import os
import re
import shutil
import sqlite3

from sweep_support import Scenario, files_under, leftovers, run, snapshot_rows, write

# A dbmate folder of four migrations: sections, a wrapper kiln removes, a statement outside a transaction.
DBMATE = {
    "20240102150405_create_users.sql":
        "-- migrate:up\nBEGIN;\nCREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE);\n"
        "COMMIT;\n\n-- migrate:down\nDROP TABLE users;\n",
    "20240105093000_create_notes.sql":
        "-- migrate:up\nCREATE TABLE notes (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id),\n"
        "    body TEXT NOT NULL DEFAULT '');\nCREATE INDEX notes_by_user ON notes (user_id);\n\n"
        "-- migrate:down\nDROP TABLE notes;\n",
    "20240211120000_add_tags.sql":
        "-- migrate:up\nALTER TABLE notes ADD COLUMN tags TEXT;\n\n-- migrate:down\nSELECT 1;\n",
    "20240301080000_touch_notes.sql":
        "-- migrate:up\n" + "".join(f"INSERT INTO users (id, email) VALUES ({i}, 'u{i}@example.com');\n"
                                    for i in range(1, 41)) + "\n-- migrate:down\nDELETE FROM users;\n",
}


class WriterScenario(Scenario):
    """A command whose old and new states do not depend on the fault: each read once, before and after a
    fault-free run."""
    _states = None

    def states(self):
        if self._states is None:
            folder = self.fresh()
            old = self.state(folder)
            status, _, stderr = run(self.kiln, self.shim, self.args, folder)
            assert status == 0, f"{self.name}: the fault-free run failed: {stderr}"
            type(self)._states = (old, self.state(folder))
            shutil.rmtree(folder, ignore_errors=True)
        return self._states

    def expected(self):
        return self.states()[1]

    def old(self):
        return self.states()[0]


class Import(WriterScenario):
    """`kiln import notes src`: migrations/notes appears whole or not at all, and nothing temporary stays."""
    name, args = "import", ["import", "notes", "src", "--from", "dbmate"]

    def prepare(self, folder):
        for name, text in DBMATE.items():
            write(folder, f"src/{name}", text)

    def state(self, folder):
        return files_under(os.path.join(folder, "migrations/notes"))

    def judge(self, folder, status, output, after_rerun):
        found, new = self.state(folder), self.expected()
        problems = []
        if files_under(os.path.join(folder, "src")) != {f"{name}": text.encode() for name, text in DBMATE.items()}:
            problems.append("lost rows")  # the source folder is the user's: never changed
        if found not in (None, {}, new):
            problems.append("partial publish")
        if status == 1 and found == new and "imported" not in output:
            problems.append("exit 1 published")
        if after_rerun:
            if found != new:
                problems.append("lost rows")
            if leftovers(os.path.join(folder, "migrations")):
                problems.append("leftovers")
        return problems

    def rerun_ok(self, status, stderr):
        # After a run that published, the next one is refused: the folder holds migrations now.
        return status == 0 or (status == 1 and "already holds migrations" in stderr)


class Plan(WriterScenario):
    """`kiln plan shop` after schema/shop.sql gained a column and a table: the new migration, kiln.sum and the
    rewritten schema file are each old or new, never part of either, and no temporary file stays beside them."""
    name, args = "plan", ["plan", "shop"]
    watched = ["migrations/shop", "schema"]

    def prepare(self, folder):
        assert run(self.kiln, self.shim, ["hash", "shop"], folder)[0] == 0
        assert run(self.kiln, self.shim, ["schema", "shop", "--write"], folder)[0] == 0
        path = os.path.join(folder, "schema/shop.sql")
        with open(path) as handle:
            text = handle.read()
        text = re.sub(r"\n    tag TEXT\n", "\n    tag TEXT,\n    price REAL\n", text)
        with open(path, "w") as handle:
            handle.write(text + "\nCREATE TABLE label (id INTEGER PRIMARY KEY, text TEXT NOT NULL);\n")

    def state(self, folder):
        return {watched: files_under(os.path.join(folder, watched)) for watched in self.watched}

    def judge(self, folder, status, output, after_rerun):
        found, (old, new) = self.state(folder), self.states()
        problems = []
        for watched in self.watched:
            for name in set(found[watched] or {}) | set(new[watched]):
                if "kiln-tmp" in name:
                    continue
                now = (found[watched] or {}).get(name)
                if now not in ((old[watched] or {}).get(name), new[watched].get(name)):
                    problems.append("partial publish")
        migration = [name for name in new["migrations/shop"] if name.startswith("0003_")][0]
        published = migration in (found["migrations/shop"] or {})
        if status == 1 and published and "wrote" not in output:
            problems.append("exit 1 published")
        if after_rerun:
            if not published:
                problems.append("lost rows")
            stale = found["migrations/shop"].get("kiln.sum") != new["migrations/shop"]["kiln.sum"]
            if stale and "kiln.sum" not in output:
                problems.append("exit 1 published")  # kiln.sum left behind and nothing says so
            if any(leftovers(os.path.join(folder, watched)) for watched in self.watched):
                problems.append("leftovers")
        return problems


class Generate(WriterScenario):
    """`kiln generate shop --out Sources/App` from a named query: ShopQueries.swift is absent or complete, never
    part of it; a run that exits 1 has not published it (a folder fsync failing after the rename is a warning);
    no temporary file stays beside it."""
    name, args = "generate", ["generate", "shop", "--out", "Sources/App"]
    file = "ShopQueries.swift"

    def prepare(self, folder):
        write(folder, "queries/shop.sql", "-- name: ItemsTagged :many\nSELECT id, name FROM item WHERE tag = :tag;\n")

    def state(self, folder):
        return files_under(os.path.join(folder, "Sources/App")) or {}

    def judge(self, folder, status, output, after_rerun):
        found, (old, new) = self.state(folder), self.states()
        problems = []
        now = found.get(self.file)
        if now not in (old.get(self.file), new[self.file]):
            problems.append("partial publish")
        if status == 1 and now == new[self.file] and "wrote" not in output:
            problems.append("exit 1 published")
        if after_rerun:
            if now != new[self.file]:
                problems.append("lost rows")
            if leftovers(os.path.join(folder, "Sources/App")):
                problems.append("leftovers")
        return problems


class Fleet(Scenario):
    """`kiln migrate shop --each 'fleet/*.db'` on three files at version 1 holding the user's rows."""
    name, args = "fleet", ["migrate", "shop", "--each", "fleet/*.db", "--jobs", "1"]
    files = ["a.db", "b.db", "c.db"]
    user_rows = [(i, f"user row {i}") for i in range(1, 21)]

    def prepare(self, folder):
        os.makedirs(os.path.join(folder, "fleet"))
        for name in self.files:
            path = f"fleet/{name}"
            assert run(self.kiln, self.shim, ["migrate", "shop", "--db", path, "--to", "1"], folder)[0] == 0
            with sqlite3.connect(os.path.join(folder, path)) as db:
                db.executemany("INSERT INTO item (id, name) VALUES (?, ?)", self.user_rows)
            db.close()

    def judge(self, folder, status, output, after_rerun):
        problems = []
        for name in self.files:
            path = os.path.join(folder, "fleet", name)
            version = snapshot_rows(path, "SELECT * FROM pragma_user_version")
            if snapshot_rows(path, "SELECT id, name FROM item") != self.user_rows:
                problems.append("lost rows")
            if version not in ([(1,)], [(2,)]):
                problems.append("partial publish")
            if status == 1 and not self.said(name, version, output):
                problems.append("exit 1 published")
            if after_rerun and version != [(2,)]:
                problems.append("lost rows")
        if after_rerun and leftovers(os.path.join(folder, "fleet")):
            problems.append("leftovers")
        return problems

    @staticmethod
    def said(name, version, output):
        """Whether the file's line tells the version it is at: a file that moved says so, one that did not
        never says it migrated."""
        line = next((line for line in output.splitlines() if line.startswith(f"fleet/{name}: ")), "")
        moved = version == [(2,)]
        if "stays at version 1" in line or "interrupted" in line or line.endswith("not started"):
            return not moved
        if "migrated from version 1 to 2" in line or "to 2 first" in line:
            return moved
        return not moved if not line else True
