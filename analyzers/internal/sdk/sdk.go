// Package sdk recognises the objects of the Azure Table storage SDKs for
// Go in type-checked code: the aztables module (all v1.x, import path
// github.com/Azure/azure-sdk-for-go/sdk/data/aztables), the azcore pager
// and to.Ptr it uses, and the legacy Table API of
// github.com/Azure/azure-sdk-for-go/storage.
//
// Recognition is by package path and object name through go/types, never
// by the identifiers the user wrote, so renamed imports, embedded clients,
// method values and vendored copies (".../vendor/github.com/Azure/...")
// are all recognised, and look-alike types in other packages are not.
package sdk

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// Import paths of the recognised packages.
const (
	AztablesPath = "github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
	LegacyPath   = "github.com/Azure/azure-sdk-for-go/storage"
	RuntimePath  = "github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	ToPath       = "github.com/Azure/azure-sdk-for-go/sdk/azcore/to"
	AzcorePath   = "github.com/Azure/azure-sdk-for-go/sdk/azcore"
	// TablelintODataPath is tablelint's own filter builder package.
	TablelintODataPath = "github.com/tablelint/tablelint/odata"
)

// IsPath reports whether pkgPath is want, possibly vendored
// (".../vendor/"+want).
func IsPath(pkgPath, want string) bool {
	return pkgPath == want || strings.HasSuffix(pkgPath, "/vendor/"+want)
}

// Callee returns the function or method a call statically calls, or nil
// (for calls of function values, conversions and builtins). For methods
// of generic types it returns the generic origin, so that
// runtime.Pager[T].NextPage is found as Pager.NextPage.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// Method returns the package path, receiver type name and method name of
// the method call calls; ok is false if call is not a static method call
// (interface methods count, with the interface's named type).
func Method(info *types.Info, call *ast.CallExpr) (pkgPath, recv, name string, ok bool) {
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return "", "", "", false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return "", "", "", false
	}
	n := namedOf(sig.Recv().Type())
	if n == nil {
		return "", "", "", false
	}
	return n.Obj().Pkg().Path(), n.Obj().Name(), fn.Name(), true
}

// IsMethod reports whether call calls the aztables method recv.name, for
// example IsMethod(info, call, "Client", "NewListEntitiesPager").
func IsMethod(info *types.Info, call *ast.CallExpr, recv, name string) bool {
	p, r, n, ok := Method(info, call)
	return ok && IsPath(p, AztablesPath) && r == recv && n == name
}

// IsLegacyMethod reports whether call calls the legacy storage method
// recv.name, for example IsLegacyMethod(info, call, "Table", "QueryEntities").
func IsLegacyMethod(info *types.Info, call *ast.CallExpr, recv, name string) bool {
	p, r, n, ok := Method(info, call)
	return ok && IsPath(p, LegacyPath) && r == recv && n == name
}

// IsPagerMethod reports whether call calls azcore's runtime.Pager[T].name
// ("More" or "NextPage") for a pager of aztables.ListEntitiesResponse (the
// pager NewListEntitiesPager returns). Other pagers (ListTables, ARM
// clients) do not match.
func IsPagerMethod(info *types.Info, call *ast.CallExpr, name string) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn := Callee(info, call)
	if fn == nil || fn.Name() != name || fn.Pkg() == nil || !IsPath(fn.Pkg().Path(), RuntimePath) {
		return false
	}
	t := info.TypeOf(sel.X)
	return t != nil && IsEntitiesPager(t)
}

// IsEntitiesPager reports whether t is *runtime.Pager[aztables.ListEntitiesResponse]
// (or the pager type itself).
func IsEntitiesPager(t types.Type) bool {
	n := namedOf(t)
	if n == nil || n.Obj().Name() != "Pager" || n.Obj().Pkg() == nil || !IsPath(n.Obj().Pkg().Path(), RuntimePath) {
		return false
	}
	args := n.TypeArgs()
	return args != nil && args.Len() == 1 && IsType(args.At(0), AztablesPath, "ListEntitiesResponse")
}

// IsFunc reports whether call calls the package-level function
// pkgPath.name, for example IsFunc(info, call, sdk.ToPath, "Ptr").
func IsFunc(info *types.Info, call *ast.CallExpr, pkgPath, name string) bool {
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Name() != name || !IsPath(fn.Pkg().Path(), pkgPath) {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() == nil
}

// IsBuiltin reports whether call calls the predeclared function name
// (len, append, make…), not a function of that name declared elsewhere.
func IsBuiltin(info *types.Info, call *ast.CallExpr, name string) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

// IsType reports whether t, or the type t points to, is the named type
// pkgPath.name (a generic type's instances match its name).
func IsType(t types.Type, pkgPath, name string) bool {
	n := namedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Name() == name && IsPath(n.Obj().Pkg().Path(), pkgPath)
}

// IsAztablesType reports whether t (or *t) is aztables.name.
func IsAztablesType(t types.Type, name string) bool { return IsType(t, AztablesPath, name) }

// IsLegacyType reports whether t (or *t) is storage.name.
func IsLegacyType(t types.Type, name string) bool { return IsType(t, LegacyPath, name) }

// IsTableClient reports whether t (or *t) is a client of the Table
// service: aztables Client or ServiceClient, or the legacy Client,
// TableServiceClient, Table or TableBatch.
func IsTableClient(t types.Type) bool {
	return IsAztablesType(t, "Client") || IsAztablesType(t, "ServiceClient") ||
		IsLegacyType(t, "Client") || IsLegacyType(t, "TableServiceClient") ||
		IsLegacyType(t, "Table") || IsLegacyType(t, "TableBatch")
}

// HoldsTableClient reports whether struct t (or *t) has a field of its
// own (not embedded) that is a client of the Table service
// (IsTableClient): a handler, a repository or a writer, made once and
// used for many operations, not an entity's data.
func HoldsTableClient(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); !f.Embedded() && IsTableClient(f.Type()) {
			return true
		}
	}
	return false
}

// namedOf returns the named type of t or of what t points to, unaliased.
func namedOf(t types.Type) *types.Named {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, _ := t.(*types.Named)
	return n
}

// Field returns the expression a composite literal gives to the field
// name (keyed or positional), or nil if the literal does not set it or is
// not a struct literal. lit may be wrapped in & and parentheses.
func Field(info *types.Info, lit ast.Expr, name string) ast.Expr {
	cl, ok := ast.Unparen(lit).(*ast.CompositeLit)
	if !ok {
		if u, isU := ast.Unparen(lit).(*ast.UnaryExpr); isU {
			cl, ok = ast.Unparen(u.X).(*ast.CompositeLit)
		}
		if !ok {
			return nil
		}
	}
	t := info.TypeOf(cl)
	if t == nil {
		return nil
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i, e := range cl.Elts {
		if kv, isKV := e.(*ast.KeyValueExpr); isKV {
			if id, isID := kv.Key.(*ast.Ident); isID && id.Name == name {
				return kv.Value
			}
			continue
		}
		if i < st.NumFields() && st.Field(i).Name() == name {
			return e
		}
	}
	return nil
}

// IsOptionsLiteral reports whether e is a composite literal (or &literal)
// of aztables.typeName.
func IsOptionsLiteral(info *types.Info, e ast.Expr, typeName string) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	cl, ok := e.(*ast.CompositeLit)
	return ok && IsAztablesType(info.TypeOf(cl), typeName)
}

// FieldSelection reports whether sel selects the struct field name of the
// aztables or legacy type typeName (for example opts.Filter on a
// *aztables.ListEntitiesOptions): pkgPath is AztablesPath or LegacyPath.
func FieldSelection(info *types.Info, sel *ast.SelectorExpr, pkgPath, typeName, name string) bool {
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || s.Obj().Name() != name {
		return false
	}
	return IsType(s.Recv(), pkgPath, typeName)
}

// IsListEntitiesCall reports whether call lists entities: aztables
// Client.NewListEntitiesPager, or a method of the same name on any other
// type — typically an interface that wraps the client for tests — with
// the same signature (*aztables.ListEntitiesOptions in, the entities
// pager out).
func IsListEntitiesCall(info *types.Info, call *ast.CallExpr) bool {
	if IsMethod(info, call, "Client", "NewListEntitiesPager") {
		return true
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "NewListEntitiesPager" {
		return false
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return false
	}
	sig, ok := s.Type().(*types.Signature)
	return ok && sig.Params().Len() == 1 && IsAztablesType(sig.Params().At(0).Type(), "ListEntitiesOptions") &&
		sig.Results().Len() == 1 && IsEntitiesPager(sig.Results().At(0).Type())
}

// Under returns t's underlying type, past aliases; nil for nil (the
// type of an expression go/types could not type, as in a package
// analysed with an import that does not resolve).
func Under(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return types.Unalias(t).Underlying()
}

// IsBytes reports whether t is a slice of bytes: []byte, or a named type
// over it (aztables.EDMBinary, json.RawMessage).
func IsBytes(t types.Type) bool {
	s, ok := Under(t).(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// Receiver returns the receiver expression of a method call x.m(…)
// (not of a call through an interface value or a method expression),
// or nil.
func Receiver(info *types.Info, call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || types.IsInterface(s.Recv()) {
		return nil
	}
	return sel.X
}

// ArgAt returns the argument call passes as parameter i (-1: the
// receiver), or nil.
func ArgAt(info *types.Info, call *ast.CallExpr, i int) ast.Expr {
	if i < 0 {
		return Receiver(info, call)
	}
	if i >= len(call.Args) {
		return nil
	}
	return call.Args[i]
}
