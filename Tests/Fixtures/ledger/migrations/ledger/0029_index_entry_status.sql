CREATE INDEX entry_status_booked ON entry (status, booked_on) WHERE status <> 'void';
