// Package sasbroker hands out table SAS URLs to devices and partners.
package sasbroker

import (
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Broker signs with the shared-key client of each table.
type Broker struct {
	telemetry *aztables.Client
	exports   *aztables.Client
}

// DeviceToken lets one device add rows to its own partition for an hour.
func (b *Broker) DeviceToken(w http.ResponseWriter, r *http.Request) {
	device := r.URL.Query().Get("device")
	now := time.Now().UTC()
	perms := aztables.SASPermissions{Add: true, StartPartitionKey: device, EndPartitionKey: device}
	u, err := b.telemetry.GetTableSASURL(perms, now.Add(-5*time.Minute), now.Add(time.Hour)) // S
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_, _ = w.Write([]byte(u))
}

// PartnerToken gives a partner a URL for the export table that never
// needs renewing: every permission, the whole table, for a year.
func (b *Broker) PartnerToken() (string, error) {
	now := time.Now().UTC()
	perms := aztables.SASPermissions{Read: true, Add: true, Update: true, Delete: true}
	return b.exports.GetTableSASURL(perms, now, now.AddDate(1, 0, 0)) // L: TL602 TL602
}

// ReportToken is a read-only URL of the export table for a week.
func (b *Broker) ReportToken() (string, error) {
	now := time.Now().UTC()
	return b.exports.GetTableSASURL(aztables.SASPermissions{Read: true}, now, now.Add(7*24*time.Hour)) // L: TL602
}
