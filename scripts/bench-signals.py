#!/usr/bin/env python3
"""How soon each command stops after Ctrl-C: a benchmark, not a test (it sends the signal on a timer).

Builds a large project (1,500 migrations of 300 statements, 2,000 tables, a 300,000-row seed, a 3,000-file
golang-migrate folder to import), times each command once without a signal, then runs it again and sends
SIGINT at --moments evenly spread fractions of that time, and prints, per command, the longest time from the
signal to the exit and the exit statuses seen. A command that ignores the signal (still running --limit
seconds after it) is killed and counted. Exit 1 when a command took longer than --limit or did not exit
130 (a run that ended before its signal is not counted).

usage: scripts/bench-signals.py [--kiln PATH] [--moments N] [--limit SECONDS] [--only NAME...]
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def make_project(folder):
    tables = "".join(f"CREATE TABLE t{i} (id INTEGER PRIMARY KEY, a TEXT, b INTEGER);\n" for i in range(2000))
    write(f"{folder}/migrations/big/0001_create.sql", "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);\n" + tables)
    inserts = "".join(f"INSERT INTO t (v) VALUES ('x{j}');\n" for j in range(300))
    for version in range(2, 1502):
        write(f"{folder}/migrations/big/{version:04d}_m{version}.sql", inserts)
    write(f"{folder}/seeds/big/t0.csv", "id,a,b\n" + "".join(f"{i},a{i},\n" for i in range(1, 300001)))
    for version in range(1, 3001):
        write(f"{folder}/src/{version:06d}_m{version}.up.sql", inserts)
        write(f"{folder}/src/{version:06d}_m{version}.down.sql", "SELECT 1;\n")


COMMANDS = {
    "status": ["status"], "schema": ["schema", "big"], "dot": ["schema", "big", "--format", "dot"],
    "hash": ["hash", "big"], "new": ["new", "big", "x"], "check": ["check"], "build": ["build", "--force"],
    "seed": ["seed", "big", "--db", "seeded.sqlite"], "reset": ["reset", "big", "--db", "reset.sqlite"],
    "import": ["import", "imported", "src", "--from", "golang-migrate"],
}


def fresh(template, name):
    folder = tempfile.mkdtemp(prefix=f"kiln-signals-{name}-")
    shutil.copytree(template, folder, dirs_exist_ok=True)
    return folder


def run(kiln, args, folder, delay, limit):
    """Runs kiln, signals it after `delay` s (None: never); returns (status, seconds from signal to exit)."""
    environment = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    process = subprocess.Popen([kiln] + args, cwd=folder, env=environment, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    started = time.monotonic()
    if delay is None:
        return process.wait(), time.monotonic() - started
    try:
        return process.wait(timeout=delay), None
    except subprocess.TimeoutExpired:
        pass
    process.send_signal(signal.SIGINT)
    sent = time.monotonic()
    try:
        process.wait(timeout=limit * 10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    return process.returncode, time.monotonic() - sent


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kiln", default=os.path.join(ROOT, ".build/debug/kiln"))
    parser.add_argument("--moments", type=int, default=5)
    parser.add_argument("--limit", type=float, default=1.0)
    parser.add_argument("--only", nargs="*", default=None)
    options = parser.parse_args()
    template = tempfile.mkdtemp(prefix="kiln-signals-")
    make_project(template)
    failed = False
    for name, args in COMMANDS.items():
        if options.only is not None and name not in options.only:
            continue
        folder = fresh(template, name)
        _, duration = run(options.kiln, args, folder, None, options.limit)
        shutil.rmtree(folder, ignore_errors=True)
        if duration < 0.5:
            # A signal this early may come before kiln has taken over SIGINT, whose default ends it at once.
            print(f"bench-signals: {name}: runs {duration:.2f} s: too short to signal")
            continue
        worst, statuses = 0.0, []
        for moment in range(1, options.moments + 1):
            folder = fresh(template, name)
            status, latency = run(options.kiln, args, folder, duration * moment / (options.moments + 1),
                                  options.limit)
            shutil.rmtree(folder, ignore_errors=True)
            if latency is None:
                continue  # ended before its signal
            statuses.append(status)
            worst = max(worst, latency)
        bad = worst > options.limit or any(status != 130 for status in statuses)
        failed |= bad
        print(f"bench-signals: {name}: runs {duration:.1f} s; after SIGINT stops within {worst:.2f} s "
              f"(exits {sorted(set(statuses))}){'  FAIL' if bad else ''}")
    shutil.rmtree(template, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
