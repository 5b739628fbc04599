package migrations

import (
	"context"
	"database/sql"
	"strings"

	"github.com/pressly/goose/v3"
)

func init() {
	goose.AddMigrationContext(upBackfillDisplayNames, downBackfillDisplayNames)
}

// upBackfillDisplayNames gives every user a display name: the first word of their name.
func upBackfillDisplayNames(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "SELECT id, name FROM users WHERE display_name IS NULL")
	if err != nil {
		return err
	}
	defer rows.Close()
	names := map[int64]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return err
		}
		names[id] = strings.Fields(name + " ")[0]
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for id, display := range names {
		if _, err := tx.ExecContext(ctx, "UPDATE users SET display_name = ? WHERE id = ?", display, id); err != nil {
			return err
		}
	}
	return nil
}

func downBackfillDisplayNames(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, "UPDATE users SET display_name = NULL")
	return err
}
