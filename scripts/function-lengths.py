#!/usr/bin/env python3
"""Lists the longest functions in Swift sources and fails when one is longer than the limit, or a file is
longer than the file limit.

usage: scripts/function-lengths.py [--limit N] [--file-limit M] [--top K] [DIR ...]
       defaults: limit 50, file limit 400, top 5, Sources

A function is a `func`, `init`, `deinit`, `subscript` or computed property body; its length is the number of
lines from its declaration to its closing brace. Braces inside string literals and comments are skipped.
"""
import argparse
import pathlib
import re
import sys

DECLARATION = re.compile(r"^\s*(?:@[\w()]+\s+)*(?:(?:public|package|internal|private|fileprivate|static|class|"
                         r"override|mutating|nonmutating|consuming|borrowing|final|convenience|required|"
                         r"@inline\(__always\)|@discardableResult)\s+)*(func\s+[^\s(<]+|init[?!]?|deinit|subscript)")


def code_only(line, in_block_string):
    """The line without comments and string contents; whether a multi-line string is still open."""
    out, i, in_string = [], 0, False
    while i < len(line):
        if line.startswith('"""', i):
            in_block_string = not in_block_string
            i += 3
            continue
        if in_block_string:
            i += 1
            continue
        ch = line[i]
        if in_string:
            if ch == "\\":
                i += 2
                continue
            if ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif line.startswith("//", i):
            break
        else:
            out.append(ch)
        i += 1
    return "".join(out), in_block_string


def functions(path):
    lines = path.read_text().splitlines()
    stripped, block = [], False
    for line in lines:
        code, block = code_only(line, block)
        stripped.append(code)
    for start, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        depth, parens, opened = 0, 0, False
        for end in range(start, len(lines)):
            for ch in stripped[end]:
                if not opened and ch in "([":
                    parens += 1
                elif not opened and ch in ")]":
                    parens -= 1
                elif ch == "{" and (opened or parens == 0):
                    depth += 1
                    opened = True
                elif ch == "}" and opened:
                    depth -= 1
            if opened and depth <= 0:
                yield end - start + 1, f"{path}:{start + 1}", match.group(1)
                break
            if not opened and end > start and stripped[end].strip() == "":
                break  # a requirement without a body


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--file-limit", type=int, default=400)
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("dirs", nargs="*", default=["Sources"])
    args = parser.parse_args()
    found = sorted((f for d in args.dirs for p in sorted(pathlib.Path(d).rglob("*.swift")) for f in functions(p)),
                   reverse=True)
    for length, where, name in found[: args.top]:
        print(f"{length:4} lines  {name}  {where}")
    over = [f for f in found if f[0] > args.limit]
    files = sorted((len(p.read_text().splitlines()), str(p)) for d in args.dirs for p in pathlib.Path(d).rglob("*.swift"))
    long_files = [f for f in files if f[0] > args.file_limit]
    for length, path in long_files:
        print(f"{length:4} lines  file {path}")
    print(f"function-lengths: {len(found)} functions, longest {found[0][0] if found else 0} lines, "
          f"{len(over)} over {args.limit}; {len(files)} files, longest {files[-1][0] if files else 0} lines, "
          f"{len(long_files)} over {args.file_limit}")
    return 1 if over or long_files else 0


if __name__ == "__main__":
    sys.exit(main())
