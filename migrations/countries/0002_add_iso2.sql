-- ISO 3166-1 alpha-2 code of each country; appended after the columns the app reads by index.
ALTER TABLE country ADD COLUMN iso2 TEXT;
CREATE UNIQUE INDEX country_iso2 ON country (iso2);
