#!/usr/bin/env python3
"""Writes a deterministic CSV for the seeding benchmark: id, name, code, lat, lon, qty.

Names hold commas, doubled quotes, line breaks and non-ASCII text (so they are quoted); some fields are empty.
The same row count always gives the same bytes.

usage: generate-seed-csv.py ROWS OUTPUT
"""
import random
import sys


def main() -> None:
    rows, output = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(20261130)
    words = ["Almanya", "Türkiye", "İngiltere", "Amerika", "東京", "Zürich", "São Paulo", "Kraków", "naïve", "😀 emoji",
             "plain", "river", "mountain", "harbour", "station", "market"]
    with open(output, "w", encoding="utf-8", newline="") as out:
        out.write("id,name,code,lat,lon,qty\n")
        for row in range(1, rows + 1):
            name = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
            kind = row % 10
            if kind == 0:
                name += ', "quoted" part'
            elif kind == 1:
                name += "\nsecond line"
            elif kind == 2:
                name += ", with a comma"
            if any(c in name for c in ',"\n\r'):
                name = '"' + name.replace('"', '""') + '"'
            code = "" if row % 17 == 0 else f"C{rng.randint(0, 99999):05d}"
            lat = "" if row % 23 == 0 else f"{rng.uniform(-90, 90):.6f}"
            lon = f"{rng.uniform(-180, 180):.6f}"
            qty = "" if row % 29 == 0 else str(rng.randint(-1000, 100000))
            out.write(f"{row},{name},{code},{lat},{lon},{qty}\n")


if __name__ == "__main__":
    main()
