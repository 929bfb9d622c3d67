// Package gin is a stand-in for github.com/gin-gonic/gin: the request
// methods tablelint models, with no behaviour.
package gin

// Context is a request's context.
type Context struct{}

// Param returns a path parameter.
func (c *Context) Param(key string) string { return "" }

// Query returns a query value.
func (c *Context) Query(key string) string { return "" }

// ShouldBindJSON decodes the body into obj.
func (c *Context) ShouldBindJSON(obj any) error { return nil }

// BindJSON decodes the body into obj.
func (c *Context) BindJSON(obj any) error { return nil }

// GetString returns a value set by a middleware.
func (c *Context) GetString(key string) string { return "" }
