CREATE VIEW `pinned_notes` AS select "id", "user_id", "title" from "notes" where "notes"."pinned" = 1;
