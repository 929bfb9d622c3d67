// Package ledgera keeps account movements whose Amount is a 64-bit integer,
// the data flow of the Edm.Int64 fidelity tests of stackshy/cloudemu#709:
// a table created twice (409 TableAlreadyExists tolerated), rows added with
// an aztables.EDMInt64 Amount (a second add of the same row fails with
// EntityAlreadyExists), range queries on the Int64 column with bare numeric
// literals, and a projection that keeps Amount typed.
package ledgera

import (
	"context"
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Ledger is one table of movements, partitioned by account.
type Ledger struct {
	rows *aztables.Client
}

// ErrDuplicate is returned when a movement id was already booked.
var ErrDuplicate = errors.New("ledger: movement already booked")

// Open connects with a connection string and makes sure the table exists.
func Open(ctx context.Context, conn, table string) (*Ledger, error) {
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		return nil, err
	}
	if _, err := svc.CreateTable(ctx, table, nil); err != nil && !alreadyThere(err, "TableAlreadyExists") { // S
		return nil, err
	}
	return &Ledger{rows: svc.NewClient(table)}, nil
}

func alreadyThere(err error, code string) bool {
	var re *azcore.ResponseError
	if !errors.As(err, &re) {
		return false
	}
	return re.StatusCode == http.StatusConflict && re.ErrorCode == code
}
