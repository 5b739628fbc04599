#!/usr/bin/env python3
"""Unnamed errors: every error kiln prints under an injected I/O error must name the file it is about and
keep the real cause.

Each command below runs with scripts/faultshim preloaded while the N-th write, fsync, rename, link, unlink
or copy_file_range fails with EIO, then with ENOSPC. Every line of standard error that starts with
`kiln: error:` (or `error:`) is kept; a line naming no path (no `/` other than in "I/O", no `file.ext`) is an
unnamed error, and a line without SQLite's extended code (`SQLITE_…`) or the system's text for the errno
(`Input/output error`, `No space left on device`) says no cause. Lines whose location prefix names a file
(`path:line:col: error:`) name it.

Commands: build, install, reset, migrate, seed, import, plan, check, status and `migrate --each`.

usage: scripts/unnamed-errors.py [--kiln PATH] [--points N] [--only NAME,...] [--show]
  --kiln    the kiln binary (default: .build/debug/kiln)
  --points  at most N call numbers per call kind and command, spread evenly (default 12)
  --only    run only these scenarios (comma-separated names)
  --show    print every distinct error line, named or not
Exit status 1 when any error line names no file or no cause.
"""
import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sweep_support import compile_shim, write  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CALLS = ["write", "fsync", "rename", "link", "unlink", "copy_file_range"]
ACTIONS = ["EIO", "ENOSPC"]
FILE_LIKE = re.compile(r"[\w.-]+\.(sqlite|db|sql|csv|json|sum|previous|txt)\b|/")
CAUSES = ["SQLITE_", os.strerror(5), os.strerror(28)]



def project(folder):
    write(folder, "kiln.json", "{}\n")
    write(folder, "migrations/shop/0001_create.sql",
          "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nCREATE INDEX item_name ON item (name);\n")
    write(folder, "migrations/shop/0002_tag.sql", "ALTER TABLE item ADD COLUMN tag TEXT;\n")
    write(folder, "seeds/shop/item.csv", "id,name,tag\n" + "".join(f"{i},item {i},t{i % 7}\n" for i in range(1, 201)))


def run(kiln, shim, args, cwd, fault=None, count=None):
    environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", LD_PRELOAD=shim, NO_COLOR="1")
    for name in ["KILN_FAULT_CALL", "KILN_FAULT_AT", "KILN_FAULT_ACTION", "KILN_FAULT_PATH", "KILN_FAULT_REPORT"]:
        environment.pop(name, None)
    if fault:
        call, at, action = fault
        environment.update(KILN_FAULT_CALL=call, KILN_FAULT_AT=str(at), KILN_FAULT_ACTION=action)
    elif count:
        environment.update(KILN_FAULT_CALL=count, KILN_FAULT_REPORT="1")
    done = subprocess.run([kiln] + args, cwd=cwd, env=environment, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stderr


class Scenario:
    """One command: `prepare` makes the state before it; `names` are the files its errors may name."""
    names = []

    def __init__(self, kiln, shim, template):
        self.kiln, self.shim, self.template = kiln, shim, template

    def fresh(self):
        folder = tempfile.mkdtemp(prefix="kiln-unnamed-")
        shutil.copytree(self.template, folder, dirs_exist_ok=True)
        self.prepare(folder)
        return folder

    def kiln_ok(self, args, folder):
        status, stderr = run(self.kiln, self.shim, args, folder)
        assert status == 0, f"{args}: {stderr}"

    def prepare(self, folder):
        pass


class Build(Scenario):
    name, args = "build", ["build"]


class Install(Scenario):
    name, args = "install", ["install", "--bundled", "bundled.sqlite", "--to", "app/app.sqlite"]

    def prepare(self, folder):
        self.kiln_ok(["build", "--out", "bundle"], folder)
        shutil.copyfile(os.path.join(folder, "bundle/shop.sqlite"), os.path.join(folder, "bundled.sqlite"))
        os.makedirs(os.path.join(folder, "app"))


class Reset(Scenario):
    name, args = "reset", ["reset", "shop", "--db", "dev.db"]

    def prepare(self, folder):
        self.kiln_ok(["migrate", "shop", "--db", "dev.db"], folder)


class Migrate(Scenario):
    name, args = "migrate", ["migrate", "shop", "--db", "app.db"]

    def prepare(self, folder):
        self.kiln_ok(["migrate", "shop", "--db", "app.db", "--to", "1"], folder)


class MigrateNew(Scenario):
    name, args = "migrate-new", ["migrate", "shop", "--db", "new.db"]


class Seed(Scenario):
    name, args = "seed", ["seed", "shop", "--db", "app.db"]

    def prepare(self, folder):
        self.kiln_ok(["migrate", "shop", "--db", "app.db"], folder)


class Fleet(Scenario):
    name, args = "migrate --each", ["migrate", "shop", "--each", "fleet", "--jobs", "1"]

    def prepare(self, folder):
        os.makedirs(os.path.join(folder, "fleet"))
        for tenant in ["a", "b", "c"]:
            self.kiln_ok(["migrate", "shop", "--db", f"fleet/{tenant}.db", "--to", "1"], folder)


class Import(Scenario):
    name, args = "import", ["import", "api", "source"]

    def prepare(self, folder):
        shutil.copytree(os.path.join(ROOT, "Tests/Fixtures/import/dbmate"), os.path.join(folder, "source"))


class Plan(Scenario):
    name, args = "plan", ["plan", "shop"]

    def prepare(self, folder):
        self.kiln_ok(["schema", "shop", "--write"], folder)
        path = os.path.join(folder, "schema/shop.sql")
        with open(path) as handle:
            text = handle.read()
        with open(path, "w") as handle:
            handle.write(text.replace("tag TEXT", "tag TEXT,\n  stock INTEGER NOT NULL DEFAULT 0"))


class Check(Scenario):
    name, args = "check", ["check"]

    def prepare(self, folder):
        self.kiln_ok(["hash", "shop"], folder)


class Status(Scenario):
    name, args = "status", ["status", "shop", "--db", "app.db"]

    def prepare(self, folder):
        self.kiln_ok(["migrate", "shop", "--db", "app.db", "--to", "1"], folder)


SCENARIOS = [Build, Install, Reset, Migrate, MigrateNew, Seed, Fleet, Import, Plan, Check, Status]


def calls_made(scenario, call):
    probe = scenario.fresh()
    try:
        _, stderr = run(scenario.kiln, scenario.shim, scenario.args, probe, count=call)
    finally:
        shutil.rmtree(probe, ignore_errors=True)
    for line in stderr.splitlines():
        if line.startswith(f"faultshim: {call} calls: "):
            return int(line.rsplit(" ", 1)[1])
    return 0


def points(count, most):
    if count <= most:
        return list(range(1, count + 1))
    return sorted({1 + round(i * (count - 1) / (most - 1)) for i in range(most)})


def error_lines(stderr):
    """The lines of `stderr` that start an error without a location (`kiln: error:`, `kiln <cmd>: error:`,
    `error:`)."""
    return [line for line in stderr.splitlines()
            if re.match(r"^(kiln( [a-z-]+)?: )?error: ", line)]


def names_a_file(line, names):
    text = re.sub(r"^(kiln( [a-z-]+)?: )?error: ", "", line).replace("I/O", "IO")
    return bool(FILE_LIKE.search(text)) or any(name in text for name in names)


def names_a_cause(line):
    return any(cause in line for cause in CAUSES)


def sweep(scenario, most, found, show):
    runs, errors, unnamed, causeless = 0, 0, 0, 0
    for call in CALLS:
        for at in points(calls_made(scenario, call), most):
            for action in ACTIONS:
                folder = scenario.fresh()
                try:
                    _, stderr = run(scenario.kiln, scenario.shim, scenario.args, folder, fault=(call, at, action))
                finally:
                    shutil.rmtree(folder, ignore_errors=True)
                runs += 1
                for line in error_lines(stderr):
                    errors += 1
                    named, caused = names_a_file(line, scenario.names), names_a_cause(line)
                    unnamed += not named
                    causeless += not caused
                    problem = "names no file" if not named else "says no cause" if not caused else None
                    key = (scenario.name, line)
                    if problem and key not in found:
                        found[key] = problem
                        print(f"unnamed-errors: {scenario.name}: {call} #{at} {action}: {problem}: {line}",
                              file=sys.stderr)
                    elif show and not problem and key not in found:
                        found[key] = "named"
                        print(f"unnamed-errors: {scenario.name}: named: {line}", file=sys.stderr)
    print(f"unnamed-errors: {scenario.name}: {runs} faulted runs, {errors} error lines, {unnamed} naming no file, "
          f"{causeless} saying no cause")
    return runs, errors, unnamed, causeless


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kiln", default=os.path.join(ROOT, ".build/debug/kiln"))
    parser.add_argument("--points", type=int, default=12)
    parser.add_argument("--only", default="")
    parser.add_argument("--show", action="store_true")
    options = parser.parse_args()
    if not shutil.which("gcc") or not sys.platform.startswith("linux"):
        print("unnamed-errors: skipped: the shim needs gcc and Linux's LD_PRELOAD")
        return 0
    work = tempfile.mkdtemp(prefix="kiln-unnamed-")
    shim = compile_shim(work)
    template = os.path.join(work, "template")
    project(template)
    wanted = [name for name in options.only.split(",") if name]
    totals = [0, 0, 0, 0]
    found = {}
    for kind in SCENARIOS:
        if wanted and kind.name not in wanted:
            continue
        for index, value in enumerate(sweep(kind(options.kiln, shim, template), options.points, found, options.show)):
            totals[index] += value
    shutil.rmtree(work, ignore_errors=True)
    print(f"unnamed-errors: {totals[0]} faulted runs: {totals[1]} error lines, {totals[2]} naming no file, "
          f"{totals[3]} saying no cause")
    return 1 if totals[2] or totals[3] else 0


if __name__ == "__main__":
    sys.exit(main())
