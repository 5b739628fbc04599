#!/usr/bin/env python3
"""Power-loss replay: each command of the fault sweep (build, install, reset, migrate, seed) runs once with the
shim recording every write, truncate, fsync, rename, link and unlink it makes in the project folder
(scripts/faultshim, KILN_TRACE). The recording is then replayed to every crash point, and at each point the
disk is rebuilt as a power loss could leave it (the method of the ALICE and CrashMonkey studies), under three
models of what survives:

  ordered   every operation up to the crash, in order (the kindest disk)
  synced    only what was fsynced: file contents as of their last fsync, folder entries as of the folder's last
            fsync (unsynced writes, creations, renames and unlinks are lost)
  renamed   folder entries as they were, file contents as of their last fsync (a rename that reached the disk
            before the data it names: the "zero-length file after a crash" of delayed allocation)

Each reachable state is judged as the fault sweep judges a kill (old or new, nothing lost), then kiln runs
again on it and must finish the job with no leftovers. Prints one line per command and a summary; exit 1 if
any state fails.

usage: scripts/crash-replay.py [--kiln PATH]
"""
import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = importlib.util.spec_from_file_location("fault_sweep", os.path.join(ROOT, "scripts/fault-sweep.py"))
sweep = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(sweep)
MODELS = ["ordered", "synced", "renamed"]


def read_trace(path):
    """The recorded operations: (kind, path, other path, number, bytes)."""
    with open(path, "rb") as handle:
        data = handle.read()
    operations, index = [], 0
    while index < len(data):
        end = data.index(b"\n", index)
        kind, first, second, number, length = data[index:end].decode().split("\t")
        payload = data[end + 1:end + 1 + int(length)]
        operations.append((kind, first, second, int(number), payload))
        index = end + 1 + int(length)
    return operations


class Disk:
    """Files as inodes with volatile and durable contents, and names as the running process saw them
    (`names`) and as each folder's last fsync left them (`durable`)."""

    def __init__(self, folder):
        self.contents, self.names, self.durable, self.folders = [], {}, {}, set()
        for directory, subfolders, files in os.walk(folder):
            self.folders.add(directory)
            for name in files:
                path = os.path.join(directory, name)
                with open(path, "rb") as handle:
                    data = handle.read()
                self.contents.append({"volatile": bytearray(data), "durable": bytes(data)})
                self.names[path] = len(self.contents) - 1
        for directory in self.folders:
            self.durable[directory] = self.children(directory)

    def children(self, directory):
        return {path: inode for path, inode in self.names.items() if os.path.dirname(path) == directory}

    def inode(self, path):
        if path not in self.names:
            self.contents.append({"volatile": bytearray(), "durable": b""})
            self.names[path] = len(self.contents) - 1
        return self.contents[self.names[path]]

    def apply(self, operation):
        kind, path, other, number, payload = operation
        if kind == "W":
            data = self.inode(path)["volatile"]
            if len(data) < number:
                data.extend(bytes(number - len(data)))
            data[number:number + len(payload)] = payload
        elif kind == "T":
            data = self.inode(path)["volatile"]
            del data[number:]
            data.extend(bytes(number - len(data)))
        elif kind == "S" and path in self.folders:
            self.durable[path] = self.children(path)
        elif kind == "S":
            self.inode(path)["durable"] = bytes(self.inode(path)["volatile"])
        elif kind == "R" and path in self.names:
            self.names[other] = self.names.pop(path)
        elif kind == "L" and path in self.names:
            self.names[other] = self.names[path]
        elif kind == "U":
            self.names.pop(path, None)

    def state(self, model):
        """What a power loss now leaves: path -> bytes."""
        if model == "ordered":
            return {path: bytes(self.contents[inode]["volatile"]) for path, inode in self.names.items()}
        names = self.names if model == "renamed" else {p: i for entries in self.durable.values() for p, i in entries.items()}
        return {path: self.contents[inode]["durable"] for path, inode in names.items()}


def materialize(state, folders, source, target):
    for directory in folders:
        os.makedirs(os.path.join(target, os.path.relpath(directory, source)), exist_ok=True)
    for path, data in state.items():
        destination = os.path.join(target, os.path.relpath(path, source))
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        with open(destination, "wb") as handle:
            handle.write(data)


def replay(scenario, tally):
    folder = os.path.realpath(scenario.fresh())
    log = os.path.join(tempfile.mkdtemp(prefix="kiln-trace-"), "trace")
    environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", LD_PRELOAD=scenario.shim, KILN_TRACE=log,
                       KILN_TRACE_ROOT=folder + "/")
    disk = Disk(folder)
    done = subprocess.run([scenario.kiln] + scenario.args, cwd=folder, env=environment, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    operations = read_trace(log) if os.path.exists(log) else []
    seen, states = set(), 0
    for point in range(len(operations) + 1):
        if point:
            disk.apply(operations[point - 1])
        for model in MODELS:
            state = disk.state(model)
            key = hash(tuple(sorted((path, hash(data)) for path, data in state.items())))
            if key in seen:
                continue
            seen.add(key)
            states += 1
            judge(scenario, state, disk.folders, folder, f"{operations[point - 1][0] if point else '-'} #{point} {model}",
                  tally)
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(os.path.dirname(log), ignore_errors=True)
    print(f"crash-replay: {scenario.name}: {len(operations)} operations, {states} distinct crash states")
    return states


def judge(scenario, state, folders, source, where, tally):
    target = tempfile.mkdtemp(prefix="kiln-crash-")
    materialize(state, folders, source, target)
    problems = scenario.judge(target, 137, "", after_rerun=False)
    rerun = scenario.rerun_args(target) if hasattr(scenario, "rerun_args") else scenario.args
    if rerun:
        done = subprocess.run([scenario.kiln] + rerun, cwd=target, capture_output=True, text=True,
                              env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
        if done.returncode != 0:
            problems.append("bad exit")
    problems += scenario.judge(target, 0, "", after_rerun=True)
    for problem in problems:
        tally[problem] = tally.get(problem, 0) + 1
        print(f"crash-replay: {scenario.name}: crash after {where}: {problem}", file=sys.stderr)
    shutil.rmtree(target, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kiln", default=os.path.join(ROOT, ".build/debug/kiln"))
    options = parser.parse_args()
    if not shutil.which("gcc") or not sys.platform.startswith("linux"):
        print("crash-replay: skipped: the shim needs gcc and Linux's LD_PRELOAD")
        return 0
    work = tempfile.mkdtemp(prefix="kiln-replay-")
    shim = os.path.join(work, "faultshim.so")
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", shim, os.path.join(ROOT, "scripts/faultshim/faultshim.c"),
                    "-ldl", "-lpthread"], check=True)
    template = os.path.join(work, "template")
    sweep.project(template, sweep.Scenario.rows)
    tally = {}
    kinds = [sweep.Build, sweep.Install, sweep.Reset, sweep.Migrate, sweep.Seed]
    states = sum(replay(kind(options.kiln, shim, template), tally) for kind in kinds)
    shutil.rmtree(work, ignore_errors=True)
    names = ["lost rows", "partial publish", "leftovers", "bad exit"]
    print(f"crash-replay: {states} crash states: " + ", ".join(f"{tally.get(k, 0)} {k}" for k in names))
    return 1 if tally else 0


if __name__ == "__main__":
    sys.exit(main())
