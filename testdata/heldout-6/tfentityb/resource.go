// Package tfentityb is an infrastructure-as-code provider's table entity
// resource and table entities data source: entities declared in
// configuration are created, read back into state, updated and deleted, and
// a data source lists the entities a configured filter selects.
package tfentityb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// ErrExists asks the user to import an entity that is already there.
var ErrExists = errors.New("entity already exists: import it into the state")

// EntityResource is what the configuration says of one entity.
type EntityResource struct {
	TableID      string
	PartitionKey string
	RowKey       string
	Entity       map[string]string
}

// State is what the provider remembers.
type State struct {
	ID     string
	Entity map[string]string
}

// Clients gives a table client for a table ID, the way the provider's
// storage client builds data-plane clients for an account it looked up.
type Clients interface {
	TableClient(ctx context.Context, tableID string) (*aztables.Client, error)
}

func entityID(tableID, pk, rk string) string {
	return fmt.Sprintf("%s(PartitionKey='%s',RowKey='%s')", tableID, pk, rk)
}

var idPattern = regexp.MustCompile(`^(.*)\(PartitionKey='(.*)',RowKey='(.*)'\)$`)

func parseEntityID(id string) (table, pk, rk string, err error) {
	m := idPattern.FindStringSubmatch(id)
	if m == nil {
		return "", "", "", fmt.Errorf("not an entity id: %q", id)
	}
	return m[1], m[2], m[3], nil
}

func notFound(err error) bool {
	var re *azcore.ResponseError
	return errors.As(err, &re) && re.StatusCode == 404
}

// payload is the configured entity with its keys: values are strings, with
// "<name>@odata.type" entries giving other EDM types.
func payload(pk, rk string, props map[string]string) ([]byte, error) {
	m := map[string]any{"PartitionKey": pk, "RowKey": rk}
	for k, v := range props {
		m[k] = v
	}
	return json.Marshal(m)
}

// Create refuses an entity that exists already, then merges the configured
// properties in.
func Create(ctx context.Context, cs Clients, r EntityResource) (State, error) {
	c, err := cs.TableClient(ctx, r.TableID)
	if err != nil {
		return State{}, err
	}
	if _, err := c.GetEntity(ctx, r.PartitionKey, r.RowKey, nil); err == nil {
		return State{}, ErrExists
	} else if !notFound(err) {
		return State{}, err
	}
	body, err := payload(r.PartitionKey, r.RowKey, r.Entity) // S
	if err != nil {
		return State{}, err
	}
	if _, err := c.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}); err != nil { // S
		return State{}, err
	}
	return Read(ctx, cs, entityID(r.TableID, r.PartitionKey, r.RowKey))
}

// Update merges the configured properties again; nothing is read first.
func Update(ctx context.Context, cs Clients, r EntityResource) (State, error) {
	c, err := cs.TableClient(ctx, r.TableID)
	if err != nil {
		return State{}, err
	}
	body, err := payload(r.PartitionKey, r.RowKey, r.Entity)
	if err != nil {
		return State{}, err
	}
	if _, err := c.UpsertEntity(ctx, body, &aztables.UpsertEntityOptions{UpdateMode: aztables.UpdateModeMerge}); err != nil { // S
		return State{}, err
	}
	return Read(ctx, cs, entityID(r.TableID, r.PartitionKey, r.RowKey))
}

// Read puts the stored entity into the state, without keys, Timestamp and
// annotations the service adds.
func Read(ctx context.Context, cs Clients, id string) (State, error) {
	table, pk, rk, err := parseEntityID(id)
	if err != nil {
		return State{}, err
	}
	c, err := cs.TableClient(ctx, table)
	if err != nil {
		return State{}, err
	}
	resp, err := c.GetEntity(ctx, pk, rk, nil) // S
	if err != nil {
		if notFound(err) {
			return State{}, nil
		}
		return State{}, err
	}
	var raw map[string]any
	if err := json.Unmarshal(resp.Value, &raw); err != nil {
		return State{}, err
	}
	return State{ID: id, Entity: flatten(raw)}, nil
}

// Delete removes the entity whatever its version.
func Delete(ctx context.Context, cs Clients, id string) error {
	table, pk, rk, err := parseEntityID(id)
	if err != nil {
		return err
	}
	c, err := cs.TableClient(ctx, table)
	if err != nil {
		return err
	}
	_, err = c.DeleteEntity(ctx, pk, rk, nil)
	return err
}

func flatten(raw map[string]any) map[string]string {
	out := map[string]string{}
	for k, v := range raw {
		if k == "PartitionKey" || k == "RowKey" || k == "Timestamp" ||
			strings.HasPrefix(k, "odata.") || strings.HasSuffix(k, "@odata.type") {
			continue
		}
		if t, ok := raw[k+"@odata.type"]; ok {
			out[k+"@odata.type"] = fmt.Sprint(t)
		}
		switch x := v.(type) {
		case float64:
			if x == float64(int64(x)) {
				out[k] = fmt.Sprintf("%d", int64(x))
				if _, typed := out[k+"@odata.type"]; !typed {
					out[k+"@odata.type"] = "Edm.Int32"
				}
				continue
			}
			out[k] = fmt.Sprint(x)
		default:
			out[k] = fmt.Sprint(x)
		}
	}
	return out
}
