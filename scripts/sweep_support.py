"""What scripts/fault-sweep.py and scripts/crash-replay.py share: running kiln under the shim, reading a
database's rows without changing it, finding temporary files, and telling whether an error line names a file."""
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile

TEMPORARY_MARKS = ["kiln-tmp", "kiln-install-", "kiln-reset-", "kiln-import-", "-journal", "-wal"]

# Error lines that name no file, each with the reason none applies. Every other error line printed under the
# sweep must name a file of the project (or the source folder it reads): "unnamed errors" counts the rest.
NO_FILE_APPLIES = [
    (re.compile(r"interrupted \(SIG"), "a signal stopped the command; the line says what each file is left as"),
]

# Words with a slash that are no path.
NOT_PATHS = ["I/O", "read/write", "and/or"]
# A path as kiln prints one: a token with a folder separator, or a file name with one of the project's extensions.
PATH_TOKEN = re.compile(r"[\w.@+-]*/[\w./@+-]*|[\w.@+-]+\.(?:sql|sqlite|db|json|sum|csv|md|lock)\b")


def run(kiln, shim, args, cwd, fault=None, count=None):
    """Runs kiln under the shim: with `fault` (call, number, action) it fires; with `count` (a call) it
    only counts. Returns the status, standard output and standard error."""
    environment = dict(os.environ, SWIFT_BACKTRACE="enable=no", LD_PRELOAD=shim)
    if fault:
        call, at, action = fault
        environment.update(KILN_FAULT_CALL=call, KILN_FAULT_AT=str(at), KILN_FAULT_ACTION=action)
    elif count:
        environment.update(KILN_FAULT_CALL=count, KILN_FAULT_REPORT="1")
    done = subprocess.run([kiln] + args, cwd=cwd, env=environment, capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


def error_lines(text):
    """The lines of kiln's output that report an error (not the shim's own lines)."""
    return [line for line in text.splitlines() if "error:" in line and not line.startswith("faultshim:")]


def names_a_file(line):
    """Whether an error line names the file it is about (`path:line:column: error:`, `path: error:`, or a path
    in its words), or is one of the lines where no file applies."""
    if any(pattern.search(line) for pattern, _ in NO_FILE_APPLIES):
        return True
    head, _, message = line.partition("error:")
    if head.strip() and head.strip() != "kiln:":
        return True  # located: `path:line:column: error:` or `path: error:`
    for word in NOT_PATHS:
        message = message.replace(word, "")
    return bool(PATH_TOKEN.search(message))


def compile_shim(work):
    """Compiles scripts/faultshim/faultshim.c into `work`; returns the library's path."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    shim = os.path.join(work, "faultshim.so")
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", shim, os.path.join(root, "scripts/faultshim/faultshim.c"),
                    "-ldl", "-lpthread"], check=True)
    return shim


def write(folder, relative, text):
    path = os.path.join(folder, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)


def files_under(folder):
    """Every file below `folder`: relative path -> bytes (None for a folder that does not exist)."""
    if not os.path.isdir(folder):
        return None
    found = {}
    for directory, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            with open(path, "rb") as handle:
                found[os.path.relpath(path, folder)] = handle.read()
    return found


def leftovers(folder, keep=()):
    """Temporary and side files below `folder` (names with a temporary mark), and temporary folders."""
    found = []
    for directory, subfolders, names in os.walk(folder):
        for name in names + subfolders:
            if name in keep or not any(mark in name for mark in TEMPORARY_MARKS):
                continue
            found.append(os.path.relpath(os.path.join(directory, name), folder))
    return found


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


class Scenario:
    """One command: `prepare` makes the state before it, `args` runs it, `judge` checks a state. `rerun_args`
    is the next, fault-free run (None: none is needed), and `rerun_ok` whether its status is what it should be."""
    rows = 300

    def __init__(self, kiln, shim, template):
        self.kiln, self.shim, self.template = kiln, shim, template

    def fresh(self):
        folder = tempfile.mkdtemp(prefix="kiln-sweep-")
        shutil.copytree(self.template, folder, dirs_exist_ok=True)
        self.prepare(folder)
        return folder

    def rerun_args(self, folder):
        return self.args

    def rerun_ok(self, status, stderr):
        return status == 0
