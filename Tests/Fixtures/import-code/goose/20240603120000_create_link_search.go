package migrations

import (
	"context"
	"database/sql"

	"github.com/pressly/goose/v3"
)

func init() {
	goose.AddMigrationContext(upCreateLinkSearch, downCreateLinkSearch)
}

// upCreateLinkSearch creates the search table and fills it from the links, words of the title lowercased.
func upCreateLinkSearch(ctx context.Context, tx *sql.Tx) error {
	statements := []string{
		`CREATE TABLE link_search (
			link_id INTEGER PRIMARY KEY REFERENCES links (id) ON DELETE CASCADE,
			terms TEXT NOT NULL
		)`,
		`INSERT INTO link_search (link_id, terms) SELECT id, lower(title) FROM links`,
	}
	for _, statement := range statements {
		if _, err := tx.ExecContext(ctx, statement); err != nil {
			return err
		}
	}
	return nil
}

func downCreateLinkSearch(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, "DROP TABLE link_search")
	return err
}
