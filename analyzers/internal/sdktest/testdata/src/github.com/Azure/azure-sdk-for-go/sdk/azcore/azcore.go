// Package azcore is a test stub of the Azure SDK core package.
package azcore

// ETag is an entity tag.
type ETag string

// TokenCredential is a credential.
type TokenCredential interface{ GetToken() }
