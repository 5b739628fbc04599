package migrations

import (
	"context"
	"database/sql"
	"strings"

	"github.com/pressly/goose/v3"
)

func init() {
	goose.AddMigrationNoTxContext(upNormalizeEmails, downNormalizeEmails)
}

// upNormalizeEmails lowercases and trims every email, one row at a time so a large table never holds a
// long write lock.
func upNormalizeEmails(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "SELECT id, email FROM users")
	if err != nil {
		return err
	}
	emails := map[int64]string{}
	for rows.Next() {
		var id int64
		var email string
		if err := rows.Scan(&id, &email); err != nil {
			rows.Close()
			return err
		}
		emails[id] = strings.ToLower(strings.TrimSpace(email))
	}
	rows.Close()
	for id, email := range emails {
		if _, err := db.ExecContext(ctx, "UPDATE users SET email = ? WHERE id = ?", email, id); err != nil {
			return err
		}
	}
	return nil
}

func downNormalizeEmails(ctx context.Context, db *sql.DB) error {
	return nil
}
