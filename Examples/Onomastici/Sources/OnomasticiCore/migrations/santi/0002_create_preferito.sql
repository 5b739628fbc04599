-- The user's favourite name days: user data, kept through every upgrade of the bundled calendar.
CREATE TABLE preferito (
    day INTEGER NOT NULL,
    month INTEGER NOT NULL,
    note TEXT,
    PRIMARY KEY (month, day)
);
