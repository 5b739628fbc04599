#!/usr/bin/env python3
"""Fails when a KilnBuild folder uses a type of a folder that comes after it.

usage: scripts/check-layers.py [--root DIR] [--tests DIR] [--quiet]
       scripts/check-layers.py --self-test

KilnBuild's folders are layers, in this order (ARCHITECTURE.md says what each holds):

    Project, Build, Rehearsal, Evolution, Checks, Interop

A file may use the types of its own folder and of the folders before it, never those of a later folder. A
file's folder is the first path component below the root (Sources/KilnBuild); a file in none of them is an
error.

A folder's types are the names its files declare at column 0 with struct, enum, class, actor, protocol or
typealias, unless private or fileprivate. Nested types (`Kind`, `Step`) belong to their enclosing type, and
`extension X` declares nothing: it uses X. With comments and the text of string literals blanked (an
interpolation's code is kept), every identifier that is such a name is a use of its folder.

It prints the folder dependency graph (each folder, the folders it uses, with how many mentions of how many
types), then each backward use as `file:line: error: ...`. Every folder of --tests (Tests/KilnBuildTests
unless '') must exist below the root too: test folders mirror source folders. Exit status: 0 when all is in
order, 1 otherwise, 2 for a usage error.

--self-test checks the gate on copies of the root: as it is (passes), with a planted backward use (fails,
naming the file, line and type), and with that name only in comments and a string (passes).
"""
import argparse
import collections
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

LAYERS = ["Project", "Build", "Rehearsal", "Evolution", "Checks", "Interop"]
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*((?:(?:public|package|internal|fileprivate|private|final|indirect|open)\s+)*)"
    r"(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_]\w*)")
IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# What ends or nests each state: code (its parentheses counted, for interpolations), comment, string.
CODE_TOKEN = re.compile(r'//|/\*|(#*)("""|")|[()]')
COMMENT_TOKEN = re.compile(r"/\*|\*/")


def strip(source):
    """`source` with comments and string text blanked, newlines kept so that line numbers hold."""
    out = list(source)

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    stack, i = [["code", 0]], 0  # code: [kind, open parentheses]; string: [kind, hashes, closing text]
    while i < len(source):
        top = stack[-1]
        if top[0] == "code":
            match = CODE_TOKEN.search(source, i)
            if not match:
                break
            token, i = match.group(0), match.end()
            if token == "//":
                end = source.find("\n", i)
                end = len(source) if end < 0 else end
                blank(match.start(), end)
                i = end
            elif token == "/*":
                blank(match.start(), i)
                stack.append(["comment", 1])
            elif token == "(":
                top[1] += 1
            elif token == ")":
                if top[1] == 0 and len(stack) > 1:
                    stack.pop()  # the end of an interpolation: back in its string
                else:
                    top[1] -= 1
            else:
                hashes = match.group(1)
                stack.append(["string", hashes, match.group(2) + hashes])
        elif top[0] == "comment":
            match = COMMENT_TOKEN.search(source, i)
            end = match.end() if match else len(source)
            blank(i, end)
            i = end
            if match:
                top[1] += 1 if match.group(0) == "/*" else -1
                if top[1] == 0:
                    stack.pop()
        else:
            _, hashes, closing = top
            escape, end = "\\" + hashes, len(source)
            next_escape, next_close = source.find(escape, i), source.find(closing, i)
            if next_close >= 0 and (next_escape < 0 or next_close < next_escape):
                blank(i, next_close)
                stack.pop()
                i = next_close + len(closing)
            elif next_escape >= 0:
                blank(i, next_escape)
                after = next_escape + len(escape)
                if source.startswith("(", after):
                    stack.append(["code", 0])  # an interpolation: code up to its closing parenthesis
                    i = after + 1
                else:
                    blank(next_escape, min(after + 1, end))
                    i = after + 1
            else:
                blank(i, end)
                i = end
    return "".join(out)


def read_tree(root):
    """Each file's folder and stripped text, the folder declaring each type, and the files in no folder."""
    files, declared, misplaced = [], {}, []
    for path in sorted(root.rglob("*.swift")):
        parts = path.relative_to(root).parts
        if len(parts) < 2 or parts[0] not in LAYERS:
            misplaced.append(path)
            continue
        code = strip(path.read_text(encoding="utf-8"))
        files.append((path, parts[0], code))
        for line in code.splitlines():
            match = DECLARATION.match(line)
            if match and not re.search(r"\b(private|fileprivate)\b", match.group(1)):
                declared.setdefault(match.group(2), parts[0])
    return files, declared, misplaced


def check(root, tests, quiet):
    files, declared, misplaced = read_tree(root)
    problems = [f"{path}:1: error: a KilnBuild file must be in one of the folders {', '.join(LAYERS)}"
                for path in misplaced]
    uses = collections.defaultdict(collections.Counter)  # (folder, used folder) -> mentions per type
    for path, folder, code in files:
        for number, line in enumerate(code.splitlines(), start=1):
            for name in IDENTIFIER.findall(line):
                used = declared.get(name)
                if used is None or used == folder:
                    continue
                uses[folder, used][name] += 1
                if LAYERS.index(used) > LAYERS.index(folder):
                    problems.append(f"{path}:{number}: error: {folder} uses {name}, a type of {used}, a later folder"
                                    f" (a folder uses only those before it: {' < '.join(LAYERS)})")
    if tests is not None and tests.is_dir():
        for folder in sorted(p.relative_to(tests) for p in tests.rglob("*") if p.is_dir()):
            if not (root / folder).is_dir():
                problems.append(f"{tests / folder}: error: test folder {folder} mirrors no source folder {root / folder}")
    if not quiet:
        print("KilnBuild folder dependencies (folder -> folder it uses: mentions/types):")
        for folder in LAYERS:
            edges = [f"{used} {sum(uses[folder, used].values())}/{len(uses[folder, used])}"
                     + ("" if LAYERS.index(used) < LAYERS.index(folder) else " BACKWARD")
                     for used in LAYERS if (folder, used) in uses]
            print(f"  {folder:<10} -> {', '.join(edges) if edges else '(none)'}")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check-layers: {'failed' if problems else 'ok'}: {len(files)} files, {len(declared)} types,"
          f" {len(problems)} problem(s)")
    return 1 if problems else 0


def self_test(root):
    """The gate on copies of `root`: as it is, with a planted backward use, with the name only in text."""
    files, declared, _ = read_tree(root)
    name = min(name for name, folder in declared.items() if folder == LAYERS[-1])
    target = next(path for path, folder, _ in files if folder == LAYERS[0])
    cases = [("as it is", "", 0),
             ("a planted backward use", f"\nprivate let plantedUse: {name}? = nil\n", 1),
             ("the name only in comments and a string",
              f'\n// {name}\n/* {name} /* {name} */ */\nprivate let planted = #"\\({name}) {name}"#\n', 0)]
    failures = 0
    for title, planted, expected in cases:
        with tempfile.TemporaryDirectory() as scratch:
            copy = pathlib.Path(scratch) / "KilnBuild"
            shutil.copytree(root, copy)
            copied = copy / target.relative_to(root)
            original = copied.read_text(encoding="utf-8")
            copied.write_text(original + planted, encoding="utf-8")
            result = subprocess.run([sys.executable, __file__, "--root", str(copy), "--tests", "", "--quiet"],
                                    capture_output=True, text=True)
            wanted = f"{copied}:{original.count(chr(10)) + 2}: error: {LAYERS[0]} uses {name}, a type of {LAYERS[-1]}"
            ok = result.returncode == expected and (expected == 0 or wanted in result.stderr)
            failures += not ok
            print(f"check-layers: self-test: {title}: exit {result.returncode}, expected {expected}:"
                  f" {'ok' if ok else 'FAILED'}")
            if not ok:
                print(result.stdout + result.stderr, file=sys.stderr)
    return 1 if failures else 0


def main():
    repository = pathlib.Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(repository / "Sources" / "KilnBuild"))
    parser.add_argument("--tests", default=str(repository / "Tests" / "KilnBuildTests"))
    parser.add_argument("--quiet", action="store_true", help="do not print the dependency graph")
    parser.add_argument("--self-test", action="store_true")
    arguments = parser.parse_args()
    root = pathlib.Path(arguments.root)
    if not root.is_dir():
        print(f"check-layers: no folder {root}", file=sys.stderr)
        return 2
    if arguments.self_test:
        return self_test(root)
    return check(root, pathlib.Path(arguments.tests) if arguments.tests else None, arguments.quiet)


if __name__ == "__main__":
    sys.exit(main())
