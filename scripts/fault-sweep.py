#!/usr/bin/env python3
"""Fault sweep: every write, fsync, rename, link and copy_file_range that `kiln build`, `install`, `reset`, `migrate` and `seed`
make is, in turn, failed with EIO, failed with ENOSPC, or cut short by a kill just before or just after it
(scripts/faultshim, preloaded). After each faulted run the files are checked, then kiln runs again with no
fault and the files are checked once more. Counted, and each expected to be 0:

  lost rows        a database holds neither its complete old rows nor its complete new rows
  partial publish  a published file is neither the old one nor the complete new one
  exit 1 published kiln exited 1 after publishing a new file without saying so (the word "published")
  leftovers        temporary or side files that survive the next, fault-free run
  bad exit         an exit status other than 0, 1 or a kill, or a crash

usage: scripts/fault-sweep.py [--kiln PATH] [--points N]
  --kiln    the kiln binary (default: .build/debug/kiln, built by `swift build`)
  --points  at most N call numbers per call kind and command, spread evenly (default 12)
"""
import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALLS = ["write", "fsync", "rename", "link", "copy_file_range"]
ACTIONS = ["EIO", "ENOSPC", "kill-before", "kill-after"]
TEMPORARY_MARKS = ["kiln-tmp", "kiln-install-", "kiln-reset-", "-journal", "-wal"]


def run(kiln, shim, args, cwd, fault=None, count=None):
    environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", LD_PRELOAD=shim)
    if fault:
        call, at, action = fault
        environment.update(KILN_FAULT_CALL=call, KILN_FAULT_AT=str(at), KILN_FAULT_ACTION=action)
    elif count:
        environment.update(KILN_FAULT_CALL=count, KILN_FAULT_REPORT="1")
    done = subprocess.run([kiln] + args, cwd=cwd, env=environment, capture_output=True, text=True, timeout=120)
    return done.returncode, done.stderr


def calls_made(kiln, shim, args, cwd, call):
    _, stderr = run(kiln, shim, args, cwd, count=call)
    for line in stderr.splitlines():
        if line.startswith(f"faultshim: {call} calls: "):
            return int(line.rsplit(" ", 1)[1])
    return 0


def rows(path, table):
    """The sorted rows of `table`, or None when the file is missing, unreadable or fails integrity_check."""
    if not os.path.exists(path):
        return None
    try:
        uri = "file:" + path + "?mode=ro"
        with sqlite3.connect(uri, uri=True) as db:
            if db.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                return "corrupt"
            return sorted(db.execute(f"SELECT * FROM {table}").fetchall())
    except sqlite3.Error as error:
        return f"unreadable: {error}"


def leftovers(folder, keep=()):
    found = []
    for directory, _, names in os.walk(folder):
        for name in names:
            if name in keep or not any(mark in name for mark in TEMPORARY_MARKS):
                continue
            found.append(os.path.relpath(os.path.join(directory, name), folder))
    return found


def write(folder, relative, text):
    path = os.path.join(folder, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def project(folder, rows_count):
    write(folder, "migrations/shop/0001_create.sql",
          "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nCREATE INDEX item_name ON item (name);\n")
    write(folder, "migrations/shop/0002_tag.sql", "ALTER TABLE item ADD COLUMN tag TEXT;\n")
    write(folder, "seeds/shop/item.csv",
          "id,name,tag\n" + "".join(f"{i},item {i},t{i % 7}\n" for i in range(1, rows_count + 1)))


def sqlite_rows(path, sql):
    if not os.path.exists(path):
        return None
    try:
        with sqlite3.connect("file:" + path + "?mode=ro", uri=True) as db:
            if db.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                return "corrupt"
            return sorted(db.execute(sql).fetchall())
    except sqlite3.Error as error:
        return f"unreadable: {error}"


class Scenario:
    """One command: `prepare` makes the state before it, `args` runs it, `judge` checks a state."""
    rows = 300

    def __init__(self, kiln, shim, template):
        self.kiln, self.shim, self.template = kiln, shim, template

    def fresh(self):
        folder = tempfile.mkdtemp(prefix="kiln-sweep-")
        shutil.copytree(self.template, folder, dirs_exist_ok=True)
        self.prepare(folder)
        return folder


class Build(Scenario):
    name, args = "build", ["build"]

    def prepare(self, folder):
        assert run(self.kiln, self.shim, ["build"], folder)[0] == 0
        with open(os.path.join(folder, "seeds/shop/item.csv"), "a") as handle:
            handle.write(f"{self.rows + 1},the new row,t0\n")

    def judge(self, folder, status, stderr, after_rerun):
        found = sqlite_rows(os.path.join(folder, "build/shop.sqlite"), "SELECT id FROM item")
        old, new = [(i,) for i in range(1, self.rows + 1)], [(i,) for i in range(1, self.rows + 2)]
        problems = []
        if found not in (old, new):
            problems.append("partial publish")
        if status == 1 and found == new and "published" not in stderr:
            problems.append("exit 1 published")
        if after_rerun:
            if found != new:
                problems.append("lost rows")
            problems += manifest_problems(folder) + ["leftovers"] * bool(leftovers(os.path.join(folder, "build")))
        return problems


def manifest_problems(folder):
    import hashlib
    import json
    try:
        with open(os.path.join(folder, "build/kiln-manifest.json")) as handle:
            entry = json.load(handle)["databases"]["shop"]
        with open(os.path.join(folder, "build", entry["file"]), "rb") as handle:
            digest = hashlib.sha256(handle.read()).hexdigest()
    except (OSError, KeyError, ValueError):
        return ["partial publish"]
    return [] if digest == entry["sha256"] else ["partial publish"]


class Install(Scenario):
    name, args = "install", ["install", "--bundled", "bundled.sqlite", "--to", "app/app.sqlite"]

    def prepare(self, folder):
        assert run(self.kiln, self.shim, ["build", "--out", "bundle"], folder)[0] == 0
        shutil.copyfile(os.path.join(folder, "bundle/shop.sqlite"), os.path.join(folder, "bundled.sqlite"))
        os.makedirs(os.path.join(folder, "app"))

    def judge(self, folder, status, stderr, after_rerun):
        query = "SELECT id FROM item"
        found = sqlite_rows(os.path.join(folder, "app/app.sqlite"), query)
        bundled = sqlite_rows(os.path.join(folder, "bundled.sqlite"), query)
        problems = []
        if found not in (None, bundled):
            problems.append("partial publish")
        if status == 1 and found is not None and "installed" not in stderr and "published" not in stderr:
            problems.append("exit 1 published")
        if after_rerun:
            if found != bundled:
                problems.append("lost rows")
            if leftovers(os.path.join(folder, "app")):
                problems.append("leftovers")
        return problems


class Migrate(Scenario):
    name, args = "migrate", ["migrate", "shop", "--db", "app.db"]

    def prepare(self, folder):
        assert run(self.kiln, self.shim, ["migrate", "shop", "--db", "app.db", "--to", "1"], folder)[0] == 0
        with sqlite3.connect(os.path.join(folder, "app.db")) as db:
            db.executemany("INSERT INTO item (id, name) VALUES (?, ?)",
                           [(i, f"user row {i}") for i in range(1, 51)])
        db.close()

    def judge(self, folder, status, stderr, after_rerun):
        path = os.path.join(folder, "app.db")
        found = snapshot_rows(path, "SELECT id, name FROM item")
        version = snapshot_rows(path, "SELECT * FROM pragma_user_version")
        problems = []
        if found != [(i, f"user row {i}") for i in range(1, 51)]:
            problems.append("lost rows")
        if version not in ([(1,)], [(2,)]):
            problems.append("partial publish")
        if after_rerun and (version != [(2,)] or leftovers(folder, keep=())):
            problems.append("leftovers" if version == [(2,)] else "lost rows")
        return problems


class Seed(Scenario):
    name, args = "seed", ["seed", "shop", "--db", "app.db"]

    def prepare(self, folder):
        assert run(self.kiln, self.shim, ["migrate", "shop", "--db", "app.db"], folder)[0] == 0

    def judge(self, folder, status, stderr, after_rerun):
        found = snapshot_rows(os.path.join(folder, "app.db"), "SELECT id FROM item")
        full = [(i,) for i in range(1, self.rows + 1)]
        problems = []
        if found not in ([], full):
            problems.append("lost rows")
        if after_rerun and (found != full or leftovers(folder)):
            problems.append("leftovers" if found == full else "lost rows")
        return problems

    def rerun_args(self, folder):
        # Insert mode refuses rows that are already there: a committed faulted run needs no second load.
        done = snapshot_rows(os.path.join(folder, "app.db"), "SELECT count(*) FROM item") == [(self.rows,)]
        return None if done else self.args


def snapshot_rows(path, sql):
    """Rows of a database read from a copy of it and its side files, so reading (a WAL recovery, a rollback)
    never changes what is being judged."""
    if not os.path.exists(path):
        return None
    scratch = tempfile.mkdtemp(prefix="kiln-sweep-read-")
    try:
        for suffix in ["", "-wal", "-journal"]:
            if os.path.exists(path + suffix):
                shutil.copyfile(path + suffix, os.path.join(scratch, "db" + suffix))
        try:
            with sqlite3.connect(os.path.join(scratch, "db")) as db:
                if db.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                    return "corrupt"
                return sorted(db.execute(sql).fetchall())
        except sqlite3.Error as error:
            return f"unreadable: {error}"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


class Reset(Scenario):
    """A developer's WAL-mode database whose 40 rows are committed only in its -wal."""
    name, args = "reset", ["reset", "shop", "--db", "dev.db"]

    def prepare(self, folder):
        source = os.path.join(folder, "source.db")
        live = sqlite3.connect(source, isolation_level=None)
        live.execute("PRAGMA journal_mode = WAL")
        live.execute("PRAGMA wal_autocheckpoint = 0")
        live.execute("CREATE TABLE mine (x)")
        live.executemany("INSERT INTO mine VALUES (?)", [(i,) for i in range(1, 41)])
        shutil.copyfile(source, os.path.join(folder, "dev.db"))
        shutil.copyfile(source + "-wal", os.path.join(folder, "dev.db-wal"))
        live.close()
        for suffix in ["", "-wal", "-shm"]:
            if os.path.exists(source + suffix):
                os.remove(source + suffix)

    def judge(self, folder, status, stderr, after_rerun):
        old = [(i,) for i in range(1, 41)]
        new = [(i,) for i in range(1, self.rows + 1)]
        path = os.path.join(folder, "dev.db")
        mine = snapshot_rows(path, "SELECT x FROM mine")
        item = snapshot_rows(path, "SELECT id FROM item")
        problems = []
        if mine != old and item != new:
            problems.append("lost rows" if isinstance(mine, list) else "partial publish")
        if status == 0 and snapshot_rows(path + ".previous", "SELECT x FROM mine") != old and not after_rerun:
            problems.append("lost rows")
        if status == 1 and item == new and "replaced" not in stderr and "published" not in stderr:
            problems.append("exit 1 published")
        if after_rerun and [n for n in leftovers(folder) if "kiln-reset" in n]:
            problems.append("leftovers")
        return problems


def points(count, most):
    if count <= most:
        return list(range(1, count + 1))
    return sorted({1 + round(i * (count - 1) / (most - 1)) for i in range(most)})


def sweep(scenario, most, tally):
    counts = {}
    for call in CALLS:
        probe = scenario.fresh()
        counts[call] = calls_made(scenario.kiln, scenario.shim, scenario.args, probe, call)
        shutil.rmtree(probe, ignore_errors=True)
    runs = 0
    for call in CALLS:
        for at in points(counts[call], most):
            for action in ACTIONS:
                folder = scenario.fresh()
                status, stderr = run(scenario.kiln, scenario.shim, scenario.args, folder, fault=(call, at, action))
                problems = [] if status in (0, 1, 137) else ["bad exit"]
                problems += scenario.judge(folder, status, stderr, after_rerun=False)
                rerun = scenario.rerun_args(folder) if hasattr(scenario, "rerun_args") else scenario.args
                if rerun:
                    status, stderr = run(scenario.kiln, scenario.shim, rerun, folder)
                    if status != 0:
                        problems.append("bad exit")
                problems += scenario.judge(folder, 0, stderr, after_rerun=True)
                for problem in problems:
                    tally[problem] = tally.get(problem, 0) + 1
                    print(f"fault-sweep: {scenario.name}: {call} #{at} {action}: {problem}", file=sys.stderr)
                runs += 1
                shutil.rmtree(folder, ignore_errors=True)
    calls = ", ".join(f"{counts[call]} {call}" for call in CALLS)
    print(f"fault-sweep: {scenario.name}: {runs} faulted runs ({calls})")
    return runs


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kiln", default=os.path.join(ROOT, ".build/debug/kiln"))
    parser.add_argument("--points", type=int, default=12)
    options = parser.parse_args()
    if not shutil.which("gcc") or not sys.platform.startswith("linux"):
        print("fault-sweep: skipped: the shim needs gcc and Linux's LD_PRELOAD")
        return 0
    work = tempfile.mkdtemp(prefix="kiln-sweep-")
    shim = os.path.join(work, "faultshim.so")
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", shim, os.path.join(ROOT, "scripts/faultshim/faultshim.c"),
                    "-ldl"], check=True)
    template = os.path.join(work, "template")
    project(template, Scenario.rows)
    tally = {}
    runs = sum(sweep(kind(options.kiln, shim, template), options.points, tally)
               for kind in [Build, Install, Reset, Migrate, Seed])
    shutil.rmtree(work, ignore_errors=True)
    kinds = ["lost rows", "partial publish", "exit 1 published", "leftovers", "bad exit"]
    print(f"fault-sweep: {runs} faulted runs: " + ", ".join(f"{tally.get(k, 0)} {k}" for k in kinds))
    return 1 if tally else 0


if __name__ == "__main__":
    sys.exit(main())
