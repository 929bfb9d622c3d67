// Package retries defines an Analyzer that reports Azure Table clients
// configured not to retry transient failures.
//
// # Analyzer retries
//
// retries: find Table clients whose retry policy is turned off (TL416).
//
// "Some errors from Table storage and Queue storage are transient errors,
// and your client application should include suitable retry logic to
// handle them." The SDK retries throttling (429, 503), timeouts and
// server errors by default; options that turn this off make every
// transient failure an error the application sees.
//
//   - TL416 no-transient-retry: aztables.ClientOptions given to a Table
//     client whose Retry sets MaxRetries below zero ("A value less than
//     zero means one try and no retries") or StatusCodes to an empty
//     slice ("Specifying an empty slice will disable retries for HTTP
//     status codes"): in the options literal, through variables assigned
//     once, or assigned to the options in the function: one setting
//     (opts.Retry.MaxRetries = -1), the whole retry options
//     (opts.Retry = policy.RetryOptions{MaxRetries: -1}) or the whole
//     embedded azcore.ClientOptions.
//
// Silent: _test.go files (tests turn retries off on purpose, for speed
// and determinism); MaxRetries of zero (the default, three retries) or
// more; retry options of other Azure clients (blob, queue) that never
// reach a Table client's options; values computed at run time.
package retries
