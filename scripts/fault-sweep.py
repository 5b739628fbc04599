#!/usr/bin/env python3
"""Fault sweep: every write, fsync, rename, link, unlink, mkdir and copy_file_range that `kiln build`, `install`,
`reset`, `migrate`, `seed`, `import`, `plan`, `generate` and `migrate --each` (the fleet) make is, in turn, failed with EIO,
failed with ENOSPC, or cut short by a kill just before or just after it (scripts/faultshim, preloaded). After
each faulted run the files are checked, then kiln runs again with no fault and the files are checked once more.
Counted, and each expected to be 0:

  lost rows        a database holds neither its complete old rows nor its complete new rows (or a command's
                   input changed, or the next run did not finish the job)
  partial publish  a published file is neither the old one nor the complete new one
  exit 1 published kiln exited 1 after publishing a new file without saying so (the word "published", or
                   the command's own: "installed", "imported", "wrote"; a fleet file's line its version)
  leftovers        temporary or side files that survive the next, fault-free run
  bad exit         an exit status other than 0, 1 or a kill, or a crash
  unnamed errors   an error line that names no file, unless it is one that says why none applies
                   (sweep_support.NO_FILE_APPLIES)

usage: scripts/fault-sweep.py [--kiln PATH] [--points N] [--only NAME...]
  --kiln          the kiln binary (default: .build/debug/kiln, built by `swift build`)
  --points        at most N call numbers per call kind and command, spread evenly (default 12)
  --only          sweep only these commands (build install reset migrate seed import plan generate fleet)
"""
import argparse
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile

from sweep_support import compile_shim, Scenario, leftovers, run, snapshot_rows, sqlite_rows, write, error_lines, names_a_file
from sweep_writers import Fleet, Generate, Import, Plan

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALLS = ["write", "fsync", "rename", "link", "unlink", "mkdir", "copy_file_range"]
ACTIONS = ["EIO", "ENOSPC", "kill-before", "kill-after"]


def calls_made(kiln, shim, args, cwd, call):
    _, _, stderr = run(kiln, shim, args, cwd, count=call)
    for line in stderr.splitlines():
        if line.startswith(f"faultshim: {call} calls: "):
            return int(line.rsplit(" ", 1)[1])
    return 0


def project(folder, rows_count):
    write(folder, "migrations/shop/0001_create.sql",
          "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nCREATE INDEX item_name ON item (name);\n")
    write(folder, "migrations/shop/0002_tag.sql", "ALTER TABLE item ADD COLUMN tag TEXT;\n")
    write(folder, "seeds/shop/item.csv",
          "id,name,tag\n" + "".join(f"{i},item {i},t{i % 7}\n" for i in range(1, rows_count + 1)))


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
        # The manifest is published too: at every moment it describes the file there, or leaves it out.
        problems += manifest_problems(folder, entry_required=after_rerun)
        if after_rerun:
            if found != new:
                problems.append("lost rows")
            problems += ["leftovers"] * bool(leftovers(os.path.join(folder, "build")))
        return problems


def manifest_problems(folder, entry_required):
    """A manifest that is not JSON, or describes build/shop.sqlite with another file's SHA-256; with
    `entry_required`, also one with no entry for it."""
    try:
        with open(os.path.join(folder, "build/kiln-manifest.json")) as handle:
            entry = json.load(handle)["databases"].get("shop")
        if entry is None:
            return ["partial publish"] if entry_required else []
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
        if after_rerun and [n for n in leftovers(folder) if "kiln-reset" in n or n.endswith(".previous-journal")]:
            problems.append("leftovers")
        return problems


def points(count, most):
    if count <= most:
        return list(range(1, count + 1))
    return sorted({1 + round(i * (count - 1) / (most - 1)) for i in range(most)})


def sweep(scenario, most, tally, unnamed):
    counts = {}
    for call in CALLS:
        probe = scenario.fresh()
        counts[call] = calls_made(scenario.kiln, scenario.shim, scenario.args, probe, call)
        shutil.rmtree(probe, ignore_errors=True)
    runs = 0
    for call in CALLS:
        for at in points(counts[call], most):
            for action in ACTIONS:
                problems = faulted_run(scenario, (call, at, action), unnamed)
                for problem in problems:
                    tally[problem] = tally.get(problem, 0) + 1
                    print(f"fault-sweep: {scenario.name}: {call} #{at} {action}: {problem}", file=sys.stderr)
                runs += 1
    calls = ", ".join(f"{counts[call]} {call}" for call in CALLS if counts[call])
    print(f"fault-sweep: {scenario.name}: {runs} faulted runs ({calls})")
    return runs


def faulted_run(scenario, fault, unnamed):
    """One faulted run, judged, then the next fault-free run, judged: the problems found."""
    folder = scenario.fresh()
    status, stdout, stderr = run(scenario.kiln, scenario.shim, scenario.args, folder, fault=fault)
    problems = [] if status in (0, 1, 137) else ["bad exit"]
    problems += scenario.judge(folder, status, stdout + stderr, after_rerun=False)
    errors = error_lines(stderr)
    rerun = scenario.rerun_args(folder)
    if rerun:
        status, stdout, stderr = run(scenario.kiln, scenario.shim, rerun, folder)
        if not scenario.rerun_ok(status, stderr):
            problems.append("bad exit")
        errors += error_lines(stderr)
    problems += scenario.judge(folder, 0, stdout + stderr, after_rerun=True)
    for line in errors:
        if not names_a_file(line):
            unnamed.setdefault(scenario.name, []).append(line.replace(folder + "/", ""))
    shutil.rmtree(folder, ignore_errors=True)
    return problems


SCENARIOS = [Build, Install, Reset, Migrate, Seed, Import, Plan, Generate, Fleet]


def report_unnamed(unnamed, scenarios):
    """Prints the unnamed error lines (each distinct one once, with how often) and returns how many there are."""
    failing = 0
    for scenario in scenarios:
        lines = unnamed.get(scenario.name, [])
        failing += len(lines)
        for line in sorted(set(lines)):
            print(f"fault-sweep: {scenario.name}: unnamed error ({lines.count(line)}x): {line}", file=sys.stderr)
    return failing


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kiln", default=os.path.join(ROOT, ".build/debug/kiln"))
    parser.add_argument("--points", type=int, default=12)
    parser.add_argument("--only", nargs="*", default=None)
    options = parser.parse_args()
    if not shutil.which("gcc") or not sys.platform.startswith("linux"):
        print("fault-sweep: skipped: the shim needs gcc and Linux's LD_PRELOAD")
        return 0
    work = tempfile.mkdtemp(prefix="kiln-sweep-")
    shim = compile_shim(work)
    template = os.path.join(work, "template")
    project(template, Scenario.rows)
    tally, unnamed = {}, {}
    scenarios = [kind(options.kiln, shim, template) for kind in SCENARIOS
                 if options.only is None or kind.name in options.only]
    runs = sum(sweep(scenario, options.points, tally, unnamed) for scenario in scenarios)
    shutil.rmtree(work, ignore_errors=True)
    failing = report_unnamed(unnamed, scenarios)
    kinds = ["lost rows", "partial publish", "exit 1 published", "leftovers", "bad exit"]
    print(f"fault-sweep: {runs} faulted runs: " + ", ".join(f"{tally.get(k, 0)} {k}" for k in kinds)
          + f", {failing} unnamed errors")
    return 1 if tally or failing else 0


if __name__ == "__main__":
    sys.exit(main())
