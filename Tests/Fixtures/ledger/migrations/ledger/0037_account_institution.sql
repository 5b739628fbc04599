ALTER TABLE account ADD COLUMN institution TEXT;
ALTER TABLE account ADD COLUMN iban TEXT CHECK (iban IS NULL OR length(iban) BETWEEN 15 AND 34);
