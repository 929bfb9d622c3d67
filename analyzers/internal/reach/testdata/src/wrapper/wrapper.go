package wrapper // want package:"reaches the table SDK"

// wrapper reaches the SDK through usesdk, which it imports for its own
// use only: nothing of the SDK appears in what it exports.

import "usesdk"

var c *usesdk.Client

// Ready reports whether a client is set.
func Ready() bool { return c != nil }
