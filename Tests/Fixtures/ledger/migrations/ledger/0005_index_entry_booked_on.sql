CREATE INDEX entry_booked_on ON entry (booked_on);
