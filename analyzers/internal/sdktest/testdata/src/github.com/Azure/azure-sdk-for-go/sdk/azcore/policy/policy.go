// Package policy is a test stub of azcore/policy (v1.18.0): the client
// options fields the analyzers look at.
package policy

import (
	"net/http"
	"time"
)

// ClientOptions contains optional settings for a client's pipeline.
type ClientOptions struct {
	APIVersion                      string
	InsecureAllowCredentialWithHTTP bool
	Retry                           RetryOptions
	Transport                       Transporter
}

// RetryOptions configures the retry policy's behavior.
type RetryOptions struct {
	MaxRetries    int32
	TryTimeout    time.Duration
	RetryDelay    time.Duration
	MaxRetryDelay time.Duration
	StatusCodes   []int
}

// Transporter sends HTTP requests.
type Transporter interface {
	Do(req *http.Request) (*http.Response, error)
}
