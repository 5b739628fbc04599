-- Entries start as drafts and are posted; voided entries stay for the audit trail.
ALTER TABLE entry ADD COLUMN status TEXT NOT NULL DEFAULT 'posted' CHECK (status IN ('draft', 'posted', 'void'));
