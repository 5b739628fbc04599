package migrations

import "testing"

func TestSlugify(t *testing.T) {
	if got := slugify("Hello, World"); got != "hello-world" {
		t.Fatalf("slugify: got %q", got)
	}
}
