package migrations

import (
	"context"
	"database/sql"

	"github.com/pressly/goose/v3"
)

func init() {
	goose.AddMigrationContext(upBackfillLinkSlugs, downBackfillLinkSlugs)
}

// upBackfillLinkSlugs derives each link's slug from its title (see slugify in slug.go).
func upBackfillLinkSlugs(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "SELECT id, title FROM links WHERE slug IS NULL")
	if err != nil {
		return err
	}
	defer rows.Close()
	slugs := map[int64]string{}
	for rows.Next() {
		var id int64
		var title string
		if err := rows.Scan(&id, &title); err != nil {
			return err
		}
		slugs[id] = slugify(title)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for id, slug := range slugs {
		if _, err := tx.ExecContext(ctx, "UPDATE links SET slug = ? WHERE id = ?", slug, id); err != nil {
			return err
		}
	}
	return nil
}

func downBackfillLinkSlugs(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, "UPDATE links SET slug = NULL")
	return err
}
