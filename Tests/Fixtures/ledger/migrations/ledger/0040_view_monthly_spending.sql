CREATE VIEW monthly_spending AS
    SELECT substr(booked_on, 1, 7) AS month, category_id, sum(amount_minor) AS total_minor
    FROM entry WHERE status = 'posted' AND amount_minor < 0
    GROUP BY month, category_id;
