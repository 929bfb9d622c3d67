package budgetd

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// RemoveCard answers DELETE /api/cards?id=… (added).
func (a *API) RemoveCard(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	if id == "" {
		reply(w, http.StatusBadRequest, "id is required")
		return
	}
	c, err := a.Ledger.table(a.Ledger.cards)
	if err != nil {
		reply(w, http.StatusInternalServerError, err.Error())
		return
	}
	if _, err := c.DeleteEntity(r.Context(), cardPartition, id, nil); err != nil { // L: TL201
		reply(w, http.StatusInternalServerError, err.Error())
		return
	}
	reply(w, http.StatusOK, "deleted")
}

// PlannedMonths lists the months that have a plan (added): it looks for the
// opening rows across all partitions.
func (l *Ledger) PlannedMonths(ctx context.Context) ([]string, error) {
	c, err := l.table(l.plans)
	if err != nil {
		return nil, err
	}
	q := "RowKey eq 'OPENING'"
	cols := "PartitionKey"
	pages := c.NewListEntitiesPager(&aztables.ListEntitiesOptions{
		Filter: &q, // L: TL301
		Select: &cols,
	})
	var months []string
	for pages.More() {
		page, err := pages.NextPage(ctx) // S
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var row struct{ PartitionKey string }
			if json.Unmarshal(raw, &row) == nil {
				months = append(months, row.PartitionKey)
			}
		}
	}
	return months, nil
}
