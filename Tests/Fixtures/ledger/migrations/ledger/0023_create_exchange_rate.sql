CREATE TABLE exchange_rate (
    base TEXT NOT NULL REFERENCES currency (code),
    quote TEXT NOT NULL REFERENCES currency (code),
    on_day TEXT NOT NULL,
    rate REAL NOT NULL CHECK (rate > 0),
    PRIMARY KEY (base, quote, on_day),
    CHECK (base <> quote)
) WITHOUT ROWID;
