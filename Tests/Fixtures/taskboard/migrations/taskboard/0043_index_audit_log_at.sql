CREATE INDEX idx_audit_log_at ON audit_log (at);
