package duckpointsc

import (
	"errors"
	"fmt"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	counterRow    = "COUNTER"
	visibilityRow = "LEADERBOARD"
)

// configRef is a server's settings row.
func configRef(server, row string) (*storage.Entity, error) {
	return ref(server+"-CONFIG", row) // S
}

// Counter is how points are named on a server.
type Counter struct{ One, Many string }

// LoadCounter reads the server's counter names, or the defaults.
func LoadCounter(server string) (Counter, error) {
	def := Counter{One: "Loch Ness Goose", Many: "Loch Ness Geese"}
	if server == "" {
		return def, nil
	}
	e, err := configRef(server, counterRow)
	if err != nil {
		return Counter{}, err
	}
	if err := e.Get(30, storage.NoMetadata, nil); err != nil {
		if hasStatus(err, 404) {
			return def, nil
		}
		return Counter{}, err
	}
	one, ok1 := e.Properties["Singular"].(string)
	many, ok2 := e.Properties["Plural"].(string)
	if !ok1 || !ok2 {
		return Counter{}, errors.New("counter row has bad properties")
	}
	return Counter{One: one, Many: many}, nil
}

// SaveCounter replaces the server's counter row with the two names.
func SaveCounter(server string, c Counter) error {
	if server == "" {
		return errors.New("counter needs a server")
	}
	e, err := configRef(server, counterRow)
	if err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"Singular": c.One, "Plural": c.Many}
	if err := e.InsertOrReplace(nil); err != nil { // S
		return fmt.Errorf("save counter: %w", err)
	}
	return nil
}

// SetPublic merges the leaderboard's visibility into its settings row.
func SetPublic(server string, public bool) error {
	e, err := configRef(server, visibilityRow)
	if err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"Public": public}
	return e.InsertOrMerge(nil) // S
}

// IsPublic reads the leaderboard's visibility (public unless set).
func IsPublic(server string) (bool, error) {
	e, err := configRef(server, visibilityRow)
	if err != nil {
		return false, err
	}
	if err := e.Get(30, storage.NoMetadata, nil); err != nil {
		if hasStatus(err, 404) {
			return true, nil
		}
		return false, err
	}
	v, ok := e.Properties["Public"].(bool)
	if !ok {
		return true, nil
	}
	return v, nil
}
