package writes_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/tablelint/tablelint/analyzers/internal/writes"
)

const statusSrc = `package p

import (
	"errors"
	"net/http"
	"strings"
)

type ResponseError struct {
	StatusCode int
	ErrorCode  string
}

func (e *ResponseError) Error() string { return "" }

const EntityAlreadyExists = "EntityAlreadyExists"

func conflict(err error) bool {
	var re *ResponseError
	return errors.As(err, &re) && re.StatusCode == http.StatusConflict
}

func gone(err error) bool { return strings.Contains(err.Error(), "ResourceNotFound") }

func viaHelper(err error) bool { return conflict(err) }

func byCode(err error) bool {
	var re *ResponseError
	return errors.As(err, &re) && re.ErrorCode == EntityAlreadyExists
}

func literal412(code int) bool { return code == 412 }

func none(err error) error { return err }

func sibling() bool { return literal412(412) }

func callsSibling(err error) bool { return sibling() }

func use() (int, error) { return 0, nil }

func calls() {
	use()
	_, _ = use()
	go use()
	_, err := use()
	_ = err
}
`

func TestMentions(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", statusSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	if _, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	x := writes.NewIndex(info, []*ast.File{f})
	body := map[string]*ast.BlockStmt{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			body[fd.Name.Name] = fd.Body
		}
	}
	for _, tc := range []struct {
		fn     string
		status writes.Status
		want   bool
	}{
		{"conflict", writes.Conflict, true},  // http.StatusConflict
		{"conflict", writes.NotFound, false}, // not 404
		{"gone", writes.NotFound, true},      // "ResourceNotFound" in a string
		{"viaHelper", writes.Conflict, true}, // through a function of the package
		{"byCode", writes.Conflict, true},    // a constant holding the code
		{"literal412", writes.PreconditionFailed, true},
		{"literal412", writes.Conflict, false},
		{"none", writes.Conflict, false},
		{"callsSibling", writes.PreconditionFailed, false}, // sibling is given no error
	} {
		if got := x.Mentions(body[tc.fn], tc.status); got != tc.want {
			t.Errorf("Mentions(%s, %d) = %v, want %v", tc.fn, tc.status.Code, got, tc.want)
		}
	}

	// DiscardsError: the bare call, _, _ = and go discard; _, err := does not.
	var uses []*ast.CallExpr
	ast.Inspect(body["calls"], func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			uses = append(uses, c)
		}
		return true
	})
	if len(uses) != 4 {
		t.Fatalf("found %d calls of use, want 4", len(uses))
	}
	for i, want := range []bool{true, true, true, false} {
		if got := writes.DiscardsError(body["calls"], uses[i]); got != want {
			t.Errorf("DiscardsError(call %d) = %v, want %v", i, got, want)
		}
	}
}
