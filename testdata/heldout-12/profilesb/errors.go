// Package profilesb keeps user profiles in a table with aztables and tells
// the service's answers apart through *azcore.ResponseError, the error type
// Azure/azure-sdk-for-go#17139 asked the table clients to document: 404 on a
// read becomes "create it", 409 on an insert "someone else created it", 412
// on a conditional update "changed meanwhile".
package profilesb

import (
	"errors"
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
)

// ErrChanged is returned when a conditional write lost to another writer.
var ErrChanged = errors.New("profile changed meanwhile")

func status(err error) int {
	var re *azcore.ResponseError
	if errors.As(err, &re) {
		return re.StatusCode
	}
	return 0
}

func notFound(err error) bool { return status(err) == http.StatusNotFound }
func conflict(err error) bool { return status(err) == http.StatusConflict }
func stale(err error) bool    { return status(err) == http.StatusPreconditionFailed }
