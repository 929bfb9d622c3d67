// Package strikesd records the deployed instances of a package manager for
// cloud templates in one table ("the power plant"), through the legacy
// storage Table API.
package strikesd

import (
	"encoding/json"
	"errors"
	"os"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
	"github.com/google/uuid"
)

const plantTable = "PowerPlant"

// Deployment is one installed package: its id is the PartitionKey, its name
// the RowKey.
type Deployment struct {
	ID         string
	Name       string
	Group      string
	PackageID  string
	Package    string
	Version    string
	Parameters string
	Installed  time.Time
}

type plantConfig struct {
	Account string
	Key     string
}

func loadConfig() (plantConfig, error) {
	c := plantConfig{Account: os.Getenv("PLANT_ACCOUNT"), Key: os.Getenv("PLANT_KEY")}
	if c.Account == "" || c.Key == "" {
		return c, errors.New("power plant: not initialised")
	}
	return c, nil
}

func plant() (*storage.Table, error) {
	c, err := loadConfig()
	if err != nil {
		return nil, err
	}
	cli, err := storage.NewBasicClient(c.Account, c.Key) // S
	if err != nil {
		return nil, err
	}
	svc := cli.GetTableService()
	return svc.GetTableReference(plantTable), nil
}

// asRow maps a deployment to its row.
func (d *Deployment) asRow(t *storage.Table) *storage.Entity {
	props := map[string]interface{}{
		"Group":      d.Group,
		"PackageID":  d.PackageID,
		"Package":    d.Package,
		"Version":    d.Version,
		"Parameters": d.Parameters, // L: TL122
	}
	return &storage.Entity{
		Table:        t,
		PartitionKey: d.ID,
		RowKey:       d.Name,
		TimeStamp:    time.Now(), // S
		Properties:   props,
	}
}

func fromRow(e *storage.Entity) Deployment {
	str := func(k string) string { s, _ := e.Properties[k].(string); return s }
	return Deployment{
		ID:         e.PartitionKey,
		Name:       e.RowKey,
		Group:      str("Group"),
		PackageID:  str("PackageID"),
		Package:    str("Package"),
		Version:    str("Version"),
		Parameters: str("Parameters"),
		Installed:  e.TimeStamp,
	}
}

// Record writes the deployment, replacing any earlier row of it.
func Record(d *Deployment) error {
	t, err := plant()
	if err != nil {
		return err
	}
	return d.asRow(t).InsertOrReplace(&storage.EntityOptions{}) // S
}

// Install is the install command's last step: the template's outputs,
// encoded whole, go into the row with a fresh id.
func Install(name, pkg, version, group string, outputs map[string]string) (*Deployment, error) {
	enc, err := json.Marshal(outputs)
	if err != nil {
		return nil, err
	}
	d := &Deployment{
		ID:         uuid.NewString(),
		Name:       name,
		Group:      group,
		Package:    pkg,
		Version:    version,
		Parameters: string(enc),
	}
	return d, Record(d)
}

// List prints every deployment: one request, no filter.
func List() ([]Deployment, error) {
	t, err := plant()
	if err != nil {
		return nil, err
	}
	opts := storage.QueryOptions{}
	res, err := t.QueryEntities(30, storage.NoMetadata, &opts) // L: TL301 TL307
	if err != nil {
		return nil, err
	}
	out := make([]Deployment, 0, len(res.Entities))
	for _, e := range res.Entities {
		out = append(out, fromRow(e))
	}
	return out, nil
}
