// Package otafleet is the back end of a desktop fleet tool: it downloads
// the whole over-the-air device table into a CSV-like list, and edits one
// device's note.
package otafleet

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

const deviceTable = "otaDevices"

// Device is one row of the downloaded list.
type Device struct {
	Serial   string
	Version  string
	Profile  string
	Employee bool
	Note     string
}

type deviceRow struct {
	aztables.Entity
	Version  string `json:"app_version"`
	Profile  string `json:"hw_profile"`
	Employee bool   `json:"is_employee_device"`
	Action   string `json:"last_action_sent"`
	Note     string `json:"note"`
}

type noteRow struct {
	aztables.Entity
	Note string `json:"note"`
}

// Fleet talks to the device table.
type Fleet struct {
	svc *aztables.ServiceClient
}

// Connect opens the account from a connection string typed in the UI.
func Connect(conn string) (*Fleet, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	return &Fleet{svc: svc}, nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// Download reads every device, reporting progress every thousand rows.
func (f *Fleet) Download(ctx context.Context, progress func(int)) ([]Device, error) {
	size := int32(1000)
	pager := f.svc.NewClient(deviceTable).NewListEntitiesPager(&aztables.ListEntitiesOptions{Top: &size}) // L: TL301
	var out []Device
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var e aztables.EDMEntity
			if json.Unmarshal(raw, &e) != nil {
				continue
			}
			i := strings.Index(e.PartitionKey, ":")
			if i < 0 {
				continue
			}
			d := Device{Serial: e.PartitionKey[i+1:], Version: str(e.Properties["app_version"]), Profile: str(e.Properties["hw_profile"]), Note: str(e.Properties["note"])}
			d.Employee, _ = e.Properties["is_employee_device"].(bool)
			out = append(out, d)
			if len(out)%1000 == 0 && progress != nil {
				progress(len(out))
			}
		}
	}
	return out, nil
}

// OnVersion lists devices on one app version straight from the table
// (added: the UI's filter box sent to the service).
func (f *Fleet) OnVersion(ctx context.Context, version string) (int, error) {
	q := fmt.Sprintf("app_version eq '%s'", version)                                                      // L: TL321
	pager := f.svc.NewClient(deviceTable).NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &q}) // L: TL301
	n := 0
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return n, err
		}
		n += len(page.Entities)
	}
	return n, nil
}

// SetNote replaces a device's note (added: the edit dialog).
func (f *Fleet) SetNote(ctx context.Context, customer, serial, note string) error {
	tc := f.svc.NewClient(deviceTable)
	got, err := tc.GetEntity(ctx, customer+":"+serial, "ota", nil)
	if err != nil {
		return err
	}
	var cur deviceRow
	if err := json.Unmarshal(got.Value, &cur); err != nil {
		return err
	}
	if cur.Note == note {
		return nil
	}
	b, _ := json.Marshal(noteRow{Entity: cur.Entity, Note: note})
	_, err = tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeReplace}) // L: TL411
	return err
}

// SetNoteSafely merges the note under the ETag that was read (added: the
// fixed twin).
func (f *Fleet) SetNoteSafely(ctx context.Context, customer, serial, note string) error {
	tc := f.svc.NewClient(deviceTable)
	got, err := tc.GetEntity(ctx, customer+":"+serial, "ota", nil)
	if err != nil {
		return err
	}
	var cur deviceRow
	if err := json.Unmarshal(got.Value, &cur); err != nil {
		return err
	}
	cur.Note = note
	b, _ := json.Marshal(cur)
	tag := got.ETag
	_, err = tc.UpdateEntity(ctx, b, &aztables.UpdateEntityOptions{UpdateMode: aztables.UpdateModeMerge, IfMatch: &tag}) // S
	return err
}

// MarkEmployee flags a device as an employee's (added: a second edit
// dialog that writes back what it read).
func (f *Fleet) MarkEmployee(ctx context.Context, customer, serial string) error {
	tc := f.svc.NewClient(deviceTable)
	got, err := tc.GetEntity(ctx, customer+":"+serial, "ota", nil)
	if err != nil {
		return err
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(got.Value, &e); err != nil {
		return err
	}
	e.Properties["is_employee_device"] = true
	b, _ := json.Marshal(e)
	_, err = tc.UpsertEntity(ctx, b, nil) // L: TL414
	return err
}
