package rpstateb

import (
	"github.com/Azure/azure-sdk-for-go/storage"
)

// OpStatus is what an operation-status poll returns.
type OpStatus struct {
	Verb   string
	Phase  string
	Result string
}

func operationRow(subscription, opID string) (*storage.Entity, error) {
	ts, err := tableService()
	if err != nil {
		return nil, err
	}
	t := ts.GetTableReference(OperationTab)
	return t.GetEntityReference(subscription, opID), nil // L: TL201
}

// TrackOp records where an asynchronous operation stands.
func TrackOp(subscription, opID, verb, phase string, result any) error {
	row, err := operationRow(subscription, opID)
	if err != nil {
		return err
	}
	props := map[string]interface{}{
		"action": verb,
		"status": phase,
	}
	if result != nil {
		props["output"] = result // S
	}
	row.Properties = props
	return row.InsertOrReplace(&storage.EntityOptions{Timeout: callTimeout, RequestID: reqID()})
}

// ReadOp answers a poll of an operation's status.
func ReadOp(subscription, opID string) (*OpStatus, error) {
	row, err := operationRow(subscription, opID)
	if err != nil {
		return nil, err
	}
	if err := row.Get(callTimeout, storage.MinimalMetadata, &storage.GetEntityOptions{RequestID: reqID()}); err != nil {
		return nil, err
	}
	st := &OpStatus{}
	st.Verb, _ = row.Properties["action"].(string)
	st.Phase, _ = row.Properties["status"].(string)
	st.Result, _ = row.Properties["output"].(string)
	return st, nil
}
