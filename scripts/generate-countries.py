#!/usr/bin/env python3
"""Writes seeds/countries/country.csv (columns: id,title,code,iso2) for the `countries` database.

The CSV is committed; this script is only needed to regenerate it, never at build or test time.

usage: python3 scripts/generate-countries.py seeds/countries/country.csv

Sources
-------
- Countries: every entry of ISO 3166-1 from Debian's `iso-codes` package
  (/usr/share/iso-codes/json/iso_3166-1.json; `apt-get install -y iso-codes`).
  iso2 is the alpha-2 code, upper case.
- title: the Turkish translation of the entry's `name`, read with `gettext` from
  /usr/share/locale/tr/LC_MESSAGES/iso_3166-1.mo (same package). If a name has no Turkish
  translation, the English name is used and the fallback is reported on stderr.
  (Generated with iso-codes 4.15.0: every name had a translation, so nothing fell back.)
- code: the international calling code without "+", from PyPI's `phonenumbers`
  (`pip install phonenumbers`; phonenumbers.country_code_for_region(iso2)).
  (Generated with phonenumbers 9.0.43.)

Calling codes phonenumbers does not know
----------------------------------------
phonenumbers returns 0 for regions without metadata. `code` is NOT NULL, so those regions take
the values in SPECIAL_CODES below: the ITU-assigned code the territory actually uses where one
exists, otherwise (uninhabited, no telephone service) the code of the administering country.
A region that phonenumbers returns 0 for and that is not in SPECIAL_CODES stops the script.

Overrides
---------
The Turkish tutorial app's original data used these rows, ids and titles, so they come first and
their titles override the translations:
  1 Almanya (DE, 49), 2 Türkiye (TR, 90), 3 İngiltere (GB, 44), 4 Amerika (US, 1).
All other countries follow from id 5 in ascending order of their alpha-2 code.

Output
------
RFC 4180 CSV, UTF-8 without BOM, LF line endings, a newline after the last row; fields are quoted
only when they contain a comma, a double quote or a line break. The same inputs (iso-codes and
phonenumbers versions) always give the same bytes.
"""
import csv
import gettext
import json
import os
import sys
from typing import NoReturn

ISO_JSON = "/usr/share/iso-codes/json/iso_3166-1.json"
TURKISH_MO = "/usr/share/locale/tr/LC_MESSAGES/iso_3166-1.mo"

# id, alpha-2, title, calling code, as the app's original data had them.
OVERRIDES = [
    (1, "DE", "Almanya", "49"),
    (2, "TR", "Türkiye", "90"),
    (3, "GB", "İngiltere", "44"),
    (4, "US", "Amerika", "1"),
]

# Used only where phonenumbers.country_code_for_region returns 0 (no metadata).
SPECIAL_CODES = {
    "AQ": ("672", "Antarctica: ITU code +672 (Australian Antarctic Territory bases)"),
    "BV": ("47", "Bouvet Island: uninhabited, no telephone service; Norway administers it"),
    "GS": ("500", "South Georgia and the South Sandwich Islands: shares +500 with the Falkland Islands"),
    "HM": ("61", "Heard Island and McDonald Islands: uninhabited, no telephone service; Australia administers them"),
    "PN": ("64", "Pitcairn: uses +64 (New Zealand's code)"),
    "TF": ("262", "French Southern Territories: use +262 (as Réunion and Mayotte)"),
    "UM": ("1", "United States Minor Outlying Islands: US territory, +1 (NANP)"),
}


class _MissingTranslations(gettext.NullTranslations):
    """gettext fallback that records the messages the Turkish catalogue does not translate."""

    def __init__(self) -> None:
        super().__init__()
        self.missing = []

    def gettext(self, message: str) -> str:
        self.missing.append(message)
        return message


def fail(message: str) -> NoReturn:
    sys.exit(f"generate-countries: error: {message}")


def load_countries() -> list:
    if not os.path.isfile(ISO_JSON):
        fail(f"{ISO_JSON} not found; install Debian's iso-codes package (apt-get install -y iso-codes)")
    with open(ISO_JSON, encoding="utf-8") as handle:
        entries = json.load(handle).get("3166-1")
    if not entries:
        fail(f"{ISO_JSON} has no \"3166-1\" entries")
    seen = set()
    for entry in entries:
        alpha2 = entry.get("alpha_2", "")
        if len(alpha2) != 2 or not alpha2.isascii() or not alpha2.isalpha() or not entry.get("name"):
            fail(f"malformed ISO 3166-1 entry: {entry!r}")
        if alpha2.upper() in seen:
            fail(f"duplicate alpha-2 code {alpha2}")
        seen.add(alpha2.upper())
    return entries


def load_turkish() -> tuple:
    if not os.path.isfile(TURKISH_MO):
        fail(f"{TURKISH_MO} not found; install Debian's iso-codes package (apt-get install -y iso-codes)")
    with open(TURKISH_MO, "rb") as handle:
        translations = gettext.GNUTranslations(handle)
    recorder = _MissingTranslations()
    translations.add_fallback(recorder)
    return translations, recorder


def load_phonenumbers():
    try:
        import phonenumbers
    except ImportError:
        fail("the phonenumbers package is missing (pip install phonenumbers)")
    return phonenumbers


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: generate-countries.py OUTPUT.csv")
    output = sys.argv[1]

    entries = load_countries()
    turkish, recorder = load_turkish()
    phonenumbers = load_phonenumbers()

    notes = []
    rows = {}  # alpha-2 -> (title, code)
    for entry in entries:
        alpha2 = entry["alpha_2"].upper()
        name = entry["name"]
        missing_before = len(recorder.missing)
        title = turkish.gettext(name)
        if len(recorder.missing) > missing_before:
            notes.append(f"{alpha2}: no Turkish translation, English name used: {name}")

        number = phonenumbers.country_code_for_region(alpha2)
        if number:
            code = str(number)
        elif alpha2 in SPECIAL_CODES:
            code, why = SPECIAL_CODES[alpha2]
            notes.append(f"{alpha2}: phonenumbers has no calling code; using {code} ({why})")
        else:
            fail(f"phonenumbers has no calling code for {alpha2} ({name}); add it to SPECIAL_CODES")
        rows[alpha2] = (title, code)

    out_rows = []
    for row_id, alpha2, title, code in OVERRIDES:
        if alpha2 not in rows:
            fail(f"override {alpha2} is not in the ISO 3166-1 list")
        if rows[alpha2][1] != code:
            fail(f"override {alpha2}: phonenumbers gives {rows[alpha2][1]}, expected {code}")
        notes.append(f"{alpha2}: id {row_id}, title override {title!r} (translation: {rows[alpha2][0]!r})")
        out_rows.append((row_id, title, code, alpha2))
    overridden = {alpha2 for _, alpha2, _, _ in OVERRIDES}
    next_id = len(OVERRIDES) + 1
    for alpha2 in sorted(rows):
        if alpha2 in overridden:
            continue
        title, code = rows[alpha2]
        out_rows.append((next_id, title, code, alpha2))
        next_id += 1

    parent = os.path.dirname(output)
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(output, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        writer.writerow(["id", "title", "code", "iso2"])
        writer.writerows(out_rows)

    for note in notes:
        print(note, file=sys.stderr)
    print(f"wrote {len(out_rows)} rows to {output}", file=sys.stderr)


if __name__ == "__main__":
    main()
