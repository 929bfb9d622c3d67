package flow

// Request input read through the web frameworks Go services use most, as
// net/http's is (calls.go): the request's text, of any character, and
// the values a request is bound into. Names are callee's:
// "path.Type.Method" for methods, "path.Func" for functions.

// frameworkText holds the calls that return a piece of the request: a
// path parameter, a query or form value, a header.
var frameworkText = map[string]bool{
	"github.com/gin-gonic/gin.Context.Param":           true,
	"github.com/gin-gonic/gin.Context.Query":           true,
	"github.com/gin-gonic/gin.Context.DefaultQuery":    true,
	"github.com/gin-gonic/gin.Context.PostForm":        true,
	"github.com/gin-gonic/gin.Context.DefaultPostForm": true,
	"github.com/gin-gonic/gin.Context.GetHeader":       true,
	"github.com/gofiber/fiber/v2.Ctx.Params":           true,
	"github.com/gofiber/fiber/v2.Ctx.Query":            true,
	"github.com/gofiber/fiber/v2.Ctx.FormValue":        true,
	"github.com/gofiber/fiber/v2.Ctx.Get":              true,
	"github.com/go-chi/chi/v5.URLParam":                true,
	"github.com/go-chi/chi.URLParam":                   true,
}

// frameworkBind holds the methods that decode the request into their one
// argument (a pointer to the value filled): every field of it is request
// input.
var frameworkBind = map[string]bool{
	"github.com/gin-gonic/gin.Context.Bind":            true,
	"github.com/gin-gonic/gin.Context.BindJSON":        true,
	"github.com/gin-gonic/gin.Context.BindQuery":       true,
	"github.com/gin-gonic/gin.Context.BindUri":         true,
	"github.com/gin-gonic/gin.Context.ShouldBind":      true,
	"github.com/gin-gonic/gin.Context.ShouldBindJSON":  true,
	"github.com/gin-gonic/gin.Context.ShouldBindQuery": true,
	"github.com/gin-gonic/gin.Context.ShouldBindUri":   true,
	"github.com/gofiber/fiber/v2.Ctx.BodyParser":       true,
	"github.com/gofiber/fiber/v2.Ctx.QueryParser":      true,
}
