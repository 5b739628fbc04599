#!/usr/bin/env python3
"""Power-loss replay: each command of the fault sweep (build, install, reset, migrate, seed, import, plan and the
fleet) runs once with the shim recording every write, truncate, fsync, rename, link, unlink, mkdir and rmdir it
makes in the project folder (scripts/faultshim, KILN_TRACE), folders as inodes (scripts/crash_disk.py). The recording is then replayed to every crash point, and at each point the
disk is rebuilt as a power loss could leave it (the method of the ALICE and CrashMonkey studies). At every
crash point, three models of what survives:

  ordered   every operation up to the crash, in order (the kindest disk)
  synced    only what was fsynced: file contents as of their last fsync, folder entries as of the folder's last
            fsync (unsynced writes, creations, renames and unlinks are lost)
  renamed   folder entries as they were, file contents as of their last fsync (a rename that reached the disk
            before the data it names: the "zero-length file after a crash" of delayed allocation)

and at every persistence point (just before an fsync, rename, link or unlink, and at the end), the states where
the unsynced writes reached the disk out of order or in part, with every folder entry change persisted (so a
rename or link can be on disk while an earlier unsynced write to the file it names is not):

  reordered one unsynced write lost, every other one (earlier and later, any file) persisted
  prefix    the first k unsynced writes persisted, in the order they were made, none after
  subset    a random half of the unsynced writes persisted
  torn      one unsynced write cut after k of its 512-byte sectors, every other one persisted
  names     one folder entry change not yet fsynced by its folder (a creation, rename, link or unlink) lost
            while the later ones persisted, contents as the process saw them

These are what SQLite's own "Hardware assumptions" allow (https://www.sqlite.org/atomiccommit.html, section 2):
the OS buffers and reorders writes, an fsync returns only when the file's pending writes are on the disk, a
sector write may be cut short but is linear, space a file grows into may hold garbage (here: zeros). None of
the states above needs an assumption SQLite does not make, so none is excluded. Each reordering model keeps
at most --cap states per persistence point, chosen with a fixed seed, so every run replays the same states.
A last scenario, seed-large, loads 60,000 rows: SQLite's page cache spills dirty pages into the database
before the commit (a second journal segment); its crash points are sampled.

Each reachable state is judged as the fault sweep judges a kill (old or new, nothing lost), then kiln runs
again on it and must finish the job with no leftovers. Prints one line per command and a summary; exit 1 if
any state fails.

usage: scripts/crash-replay.py [--kiln PATH] [--cap N]
  --cap  most states per reordering model and persistence point (default 16; a quarter of it for seed-large)
"""
import argparse
import importlib.util
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = importlib.util.spec_from_file_location("fault_sweep", os.path.join(ROOT, "scripts/fault-sweep.py"))
sweep = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(sweep)
from crash_disk import Disk, key, materialize  # noqa: E402 (scripts/ is on the path once fault-sweep.py is loaded)
from sweep_support import compile_shim, error_lines, names_a_file  # noqa: E402
MODELS = ["ordered", "synced", "renamed"]
REORDERINGS = ["reordered", "prefix", "subset", "torn", "names"]
SECTOR = 512


class LargeSeed(sweep.Seed):
    name, rows = "seed-large", 60000


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


def candidates(disk, model, rng, cap):
    """The states one of the reordering models reaches at a persistence point: which unsynced writes survive
    (index -> how many of its bytes, None for all), at most `cap` of them, chosen with `rng` (seeded, so every
    run replays the same states)."""
    pending = disk.pending()
    if model == "names":
        assert disk.reordered_names(None) == disk.state("ordered")
        return [disk.reordered_names(dropped) for dropped in cap_sample(disk.unsynced(), rng, cap)]
    if model == "reordered":
        kept = [{index: None for index in pending if index != dropped} for dropped in pending]
    elif model == "prefix":
        kept = [{index: None for index in pending[:length]} for length in range(1, len(pending))]
    elif model == "subset":
        kept = [{index: None for index in pending if rng.random() < 0.5} for _ in range(cap if pending else 0)]
    else:
        kept = [{**{index: None for index in pending if index != torn}, torn: sectors * SECTOR}
                for torn in pending for sectors in range(1, (disk.size(torn) - 1) // SECTOR + 1)]
    return [disk.partial(chosen) for chosen in cap_sample(kept, rng, cap)]


def cap_sample(choices, rng, cap):
    """At most `cap` of `choices`: the first, the last, and a seeded sample of the rest."""
    if len(choices) <= cap:
        return choices
    if cap < 2:
        return choices[:cap]
    return [choices[0], choices[-1]] + rng.sample(choices[1:-1], cap - 2)


def replay(scenario, tally, cap, sampled=None):
    started = time.monotonic()
    folder = os.path.realpath(scenario.fresh())
    log = os.path.join(tempfile.mkdtemp(prefix="kiln-trace-"), "trace")
    environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", LD_PRELOAD=scenario.shim, KILN_TRACE=log,
                       KILN_TRACE_ROOT=folder + "/")
    disk = Disk(folder)
    done = subprocess.run([scenario.kiln] + scenario.args, cwd=folder, env=environment, capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    operations = read_trace(log) if os.path.exists(log) else []
    # Every scenario writes and fsyncs: a recording without both means the shim traced nothing (a wrong
    # KILN_TRACE_ROOT, a shim that did not load), and replaying it would pass while testing nothing.
    kinds = {operation[0] for operation in operations}
    assert "W" in kinds and "S" in kinds, f"{scenario.name}: the shim recorded no write or no fsync ({sorted(kinds)})"
    seen, counts, rng = set(), {model: 0 for model in MODELS + REORDERINGS}, random.Random(f"{scenario.name}:11")
    persistence = {point for point in range(len(operations) + 1)
                   if point == len(operations) or operations[point][0] in "SRLUMD"}
    ordinary = set(range(len(operations) + 1))
    if sampled is not None and len(ordinary - persistence) > sampled:
        ordinary = persistence | set(rng.sample(sorted(ordinary - persistence), sampled))
    for point in range(len(operations) + 1):
        if point:
            disk.apply(operations[point - 1], point)
        states = [(model, disk.state(model)) for model in MODELS] if point in ordinary else []
        # Unsynced writes are reordered only where the process is about to make one durable or change a name
        # (CrashMonkey's persistence points): between two such points, more writes only add candidates (the
        # ordered state between two is the prefix model's at the next).
        if point in persistence:
            states += [(model, state) for model in REORDERINGS for state in candidates(disk, model, rng, cap)]
        where = f"{operations[point - 1][0] if point else '-'} #{point}"
        for model, state in states:
            if key(state) in seen:
                continue
            seen.add(key(state))
            counts[model] += 1
            judge(scenario, state, f"{where} {model}", tally)
    durable = durable_at_exit(scenario, disk, folder)
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(os.path.dirname(log), ignore_errors=True)
    per_model = ", ".join(f"{counts[model]} {model}" for model in counts)
    print(f"crash-replay: {scenario.name}: {len(operations)} operations, {sum(counts.values())} distinct crash "
          f"states ({per_model}) in {time.monotonic() - started:.0f} s")
    if not durable:
        print(f"crash-replay: {scenario.name}: FAIL: exit 0 is not yet durable: a power loss right after it "
              "leaves the old state")
        tally["not durable"] = tally.get("not durable", 0) + 1
    return counts


def durable_at_exit(scenario, disk, folder):
    """Whether only what was fsynced when the command exited 0 is already the complete new state (judged as
    after a rerun, with no rerun). In SQLite's DELETE journal mode the commit is the journal's unlink, and only
    synchronous=EXTRA fsyncs its folder after it (https://www.sqlite.org/pragma.html#pragma_synchronous); with
    FULL a power loss soon after exit 0 can bring the journal back and roll the commit back. kiln's migrate and
    seed use EXTRA, so this is a failure."""
    target = tempfile.mkdtemp(prefix="kiln-crash-")
    materialize(disk.state("synced"), target)
    problems = scenario.judge(target, 0, "", after_rerun=True)
    shutil.rmtree(target, ignore_errors=True)
    return not problems


def judge(scenario, state, where, tally):
    target = tempfile.mkdtemp(prefix="kiln-crash-")
    materialize(state, target)
    problems = scenario.judge(target, 137, "", after_rerun=False)
    rerun, output = scenario.rerun_args(target), ""
    if rerun:
        done = subprocess.run([scenario.kiln] + rerun, cwd=target, capture_output=True, text=True,
                              env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
        if not scenario.rerun_ok(done.returncode, done.stderr):
            problems.append("bad exit")
        output = done.stdout + done.stderr
        problems += ["unnamed errors" for line in error_lines(done.stderr) if not names_a_file(line)]
    problems += scenario.judge(target, 0, output, after_rerun=True)
    for problem in problems:
        tally[problem] = tally.get(problem, 0) + 1
        print(f"crash-replay: {scenario.name}: crash after {where}: {problem}", file=sys.stderr)
    shutil.rmtree(target, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kiln", default=os.path.join(ROOT, ".build/debug/kiln"))
    parser.add_argument("--cap", type=int, default=16, help="most states per reordering model and crash point")
    parser.add_argument("--only", nargs="*", default=None, help="replay only these commands")
    options = parser.parse_args()
    if not shutil.which("gcc") or not sys.platform.startswith("linux"):
        print("crash-replay: skipped: the shim needs gcc and Linux's LD_PRELOAD")
        return 1 if os.environ.get("CI") else 0  # CI must replay, never pass by skipping
    work = tempfile.mkdtemp(prefix="kiln-replay-")
    shim = compile_shim(work)
    template = os.path.join(work, "template")
    sweep.project(template, sweep.Scenario.rows)
    tally = {}
    kinds = [sweep.Build, sweep.Install, sweep.Reset, sweep.Migrate, sweep.Seed, sweep.Import, sweep.Plan, sweep.Fleet]
    kinds = [kind for kind in kinds if options.only is None or kind.name in options.only]
    counts = [replay(kind(options.kiln, shim, template), tally, options.cap) for kind in kinds]
    # A seed large enough that SQLite's page cache (2 MB by default) spills dirty pages into the database
    # before the commit, with a second journal segment: crash points sampled, fewer states per point.
    if options.only is None or LargeSeed.name in options.only:
        large = os.path.join(work, "large")
        sweep.project(large, LargeSeed.rows)
        counts.append(replay(LargeSeed(options.kiln, shim, large), tally, max(options.cap // 4, 1),
                             sampled=options.cap))
    totals = {model: sum(count[model] for count in counts) for model in MODELS + REORDERINGS}
    states = sum(totals.values())
    shutil.rmtree(work, ignore_errors=True)
    names = ["lost rows", "partial publish", "exit 1 published", "leftovers", "bad exit", "not durable",
             "unnamed errors"]
    print(f"crash-replay: {states} crash states (" + ", ".join(f"{totals[m]} {m}" for m in totals) + "): " + ", ".join(f"{tally.get(k, 0)} {k}" for k in names))
    return 1 if tally else 0


if __name__ == "__main__":
    sys.exit(main())
