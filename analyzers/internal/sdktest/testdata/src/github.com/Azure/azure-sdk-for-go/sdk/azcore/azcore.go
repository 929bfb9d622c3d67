// Package azcore is a test stub of the Azure SDK core package.
package azcore

import (
	"net/http"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
)

// ClientOptions contains optional settings for a client's pipeline.
type ClientOptions = policy.ClientOptions

// ETag is an entity tag.
type ETag string

// ETagAny is an ETag that represents everything, the value is "*".
const ETagAny ETag = "*"

// TokenCredential is a credential.
type TokenCredential interface{ GetToken() }

// ResponseError is returned when a request is made to a service and the
// service returns a non-success HTTP status code.
type ResponseError struct {
	ErrorCode   string
	StatusCode  int
	RawResponse *http.Response
}

// Error implements the error interface.
func (e *ResponseError) Error() string { return "" }
