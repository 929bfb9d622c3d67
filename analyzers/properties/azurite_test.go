package properties_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"github.com/tablelint/tablelint/internal/azuritetest"
)

// TestAzuriteNumbersAndDates writes what encoding/json makes of an entity
// through aztables and reads it back, to check what TL124 and TL125
// assume about the wire: an integer beyond Int32 sent as a bare number
// comes back without a type and decodes as a float64 (a Double), an
// Int64 needs "Edm.Int64", and a time sent without "Edm.DateTime" is a
// plain string (so its zero value is not a date error). Azurite accepts
// Edm.DateTime values before 1601, which the service documents as out of
// range; TL124 rests on the documented range.
func TestAzuriteNumbersAndDates(t *testing.T) {
	ep := azuritetest.Endpoint(t)
	cred, err := aztables.NewSharedKeyCredential("devstoreaccount1", "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==")
	if err != nil {
		t.Fatal(err)
	}
	svc, err := aztables.NewServiceClientWithSharedKey(ep, cred, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	name := fmt.Sprintf("values%d", time.Now().UnixNano()%1_000_000_000)
	c := svc.NewClient(name)
	if _, err := c.CreateTable(ctx, nil); err != nil {
		t.Fatal(err)
	}
	defer c.Delete(ctx, nil)

	type row struct {
		PartitionKey string
		RowKey       string
		Ms           int64
		Small        int64
		Typed        int64  `json:",string"`
		TypedType    string `json:"Typed@odata.type"`
		Plain        time.Time
	}
	b, err := json.Marshal(row{PartitionKey: "p", RowKey: "r", Ms: 1_700_000_000_000, Small: 7, Typed: 1_700_000_000_000, TypedType: "Edm.Int64"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.AddEntity(ctx, b, nil); err != nil {
		t.Fatal(err)
	}
	full := aztables.MetadataFormatFull
	resp, err := c.GetEntity(ctx, "p", "r", &aztables.GetEntityOptions{Format: &full})
	if err != nil {
		t.Fatal(err)
	}
	var e aztables.EDMEntity
	if err := json.Unmarshal(resp.Value, &e); err != nil {
		t.Fatal(err)
	}
	if v, ok := e.Properties["Ms"].(float64); !ok || v != 1_700_000_000_000 {
		t.Errorf("bare integer beyond Int32 read back as %T %v, want float64 1.7e12", e.Properties["Ms"], e.Properties["Ms"])
	}
	if v, ok := e.Properties["Small"].(int32); !ok || v != 7 {
		t.Errorf("bare integer within Int32 read back as %T %v, want int32 7", e.Properties["Small"], e.Properties["Small"])
	}
	if v, ok := e.Properties["Typed"].(aztables.EDMInt64); !ok || v != 1_700_000_000_000 {
		t.Errorf("Edm.Int64 read back as %T %v, want EDMInt64", e.Properties["Typed"], e.Properties["Typed"])
	}
	if v, ok := e.Properties["Plain"].(string); !ok || v != "0001-01-01T00:00:00Z" {
		t.Errorf("unannotated zero time read back as %T %v, want the string 0001-01-01T00:00:00Z", e.Properties["Plain"], e.Properties["Plain"])
	}
}
