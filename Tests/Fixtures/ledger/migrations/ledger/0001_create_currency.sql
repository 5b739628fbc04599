-- Currencies the app supports. The list is closed: only these codes are valid.
CREATE TABLE currency (
    code TEXT PRIMARY KEY NOT NULL CHECK (code IN ('EUR', 'USD', 'GBP', 'JPY', 'CHF')),
    symbol TEXT NOT NULL,
    decimals INTEGER NOT NULL DEFAULT 2 CHECK (decimals BETWEEN 0 AND 3)
);
