package credentials

import (
	_ "embed"
	"encoding/base64"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
	"time"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/index"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/devstore"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.go
var doc string

// Analyzer reports TL601 and TL602.
var Analyzer = &analysis.Analyzer{
	Name:     "credentials",
	Doc:      docs.MustExtract(doc, "credentials"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/credentials",
	Requires: []*analysis.Analyzer{index.Analyzer, flow.Analyzer},
	Run:      run,
}

// DefaultMaxExpiry is the default -sas-max-expiry bound.
const DefaultMaxExpiry = 24 * time.Hour

var (
	info      bool
	maxExpiry = DefaultMaxExpiry
)

func init() {
	Analyzer.Flags.BoolVar(&info, "info", false, "also report info findings (TL602 over-broad SAS)")
	Analyzer.Flags.DurationVar(&maxExpiry, "sas-max-expiry", DefaultMaxExpiry, "TL602: longest SAS lifetime not reported")
}

type checker struct {
	pass *analysis.Pass
	x    *index.Index
	fl   *flow.Result
}

func run(pass *analysis.Pass) (any, error) {
	x := index.Of(pass)
	c := &checker{pass: pass, x: x, fl: flow.Of(pass)}
	for cur := range x.Inspector.Root().Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil)) {
		if diag.InTestFile(pass, cur.Node().Pos()) {
			continue
		}
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			c.call(n)
		case *ast.CompositeLit:
			if diag.Enabled("TL602", info) {
				c.sasLiteral(n)
			}
		}
	}
	return nil, nil
}

func (c *checker) call(call *ast.CallExpr) {
	ti := c.pass.TypesInfo
	switch {
	case sdk.IsFunc(ti, call, sdk.AztablesPath, "NewSharedKeyCredential") && len(call.Args) == 2:
		c.key(call, 1, "NewSharedKeyCredential")
	case sdk.IsFunc(ti, call, sdk.LegacyPath, "NewBasicClient") && len(call.Args) == 2:
		c.key(call, 1, "storage.NewBasicClient")
	case (sdk.IsFunc(ti, call, sdk.AztablesPath, "NewClientFromConnectionString") ||
		sdk.IsFunc(ti, call, sdk.AztablesPath, "NewServiceClientFromConnectionString")) && len(call.Args) >= 1:
		c.connectionString(call)
	case !diag.Enabled("TL602", info):
	case sdk.IsMethod(ti, call, "Client", "GetTableSASURL") && len(call.Args) == 3:
		if c.allTablePerms(call.Args[0]) {
			diag.Report(c.pass, "TL602", call.Args[0], "the SAS grants every table permission (read, add, update, delete) on the whole table")
		}
		c.expiry(call.Args[2], call.Args[1])
	case sdk.IsMethod(ti, call, "ServiceClient", "GetAccountSASURL") && len(call.Args) == 4:
		if c.allAccountPerms(call.Args[1]) {
			diag.Report(c.pass, "TL602", call.Args[1], "the account SAS grants every table permission on every table")
		}
		c.expiry(call.Args[3], call.Args[2])
	}
}

// key reports a constant account key, argument i of call.
func (c *checker) key(call *ast.CallExpr, i int, fn string) {
	v, ok := c.fl.Arg(call, i)
	if !ok {
		return
	}
	if s, ok := flow.ConstText(v); !ok || !isKey(s) {
		return
	}
	diag.Report(c.pass, "TL601", call.Args[i], "account key written in the code and given to %s", fn)
}

// isKey reports whether s looks like a storage account key: base64 of at
// least 16 bytes, not the emulator's published key.
func isKey(s string) bool {
	s = strings.TrimSpace(s)
	if s == devstore.Key {
		return false
	}
	b, err := base64.StdEncoding.DecodeString(s)
	return err == nil && len(b) >= 16
}

// connectionString reports a connection string, the first argument of
// call, whose AccountKey is constant text in one of the values it takes.
func (c *checker) connectionString(call *ast.CallExpr) {
	v, ok := c.fl.Arg(call, 0)
	if !ok {
		return
	}
	for _, vr := range v.Variants {
		if constKey(vr) {
			diag.Report(c.pass, "TL601", call.Args[0], "connection string with an account key written in the code")
			return
		}
	}
}

// constKey reports whether the connection string vr holds an account key
// written as constant text (not the development storage's).
func constKey(vr flow.Variant) bool {
	// Adjacent text is one piece: "AccountKey=" + key.
	var parts []flow.Part
	for _, p := range vr.Parts {
		if n := len(parts); n > 0 && p.Hole == nil && parts[n-1].Hole == nil {
			parts[n-1].Text += p.Text
			continue
		}
		parts = append(parts, p)
	}
	for i, p := range parts {
		if p.Hole != nil {
			continue
		}
		if strings.Contains(p.Text, "UseDevelopmentStorage=true") {
			return false
		}
		_, after, ok := strings.Cut(p.Text, "AccountKey=")
		if !ok {
			continue
		}
		key, _, ended := strings.Cut(after, ";")
		if !ended && i+1 < len(parts) {
			return false // the key continues with a run-time value
		}
		return isKey(key)
	}
	return false
}

// sasLiteral checks SASSignatureValues and AccountSASSignatureValues
// literals.
func (c *checker) sasLiteral(lit *ast.CompositeLit) {
	ti := c.pass.TypesInfo
	t := ti.TypeOf(lit)
	switch {
	case sdk.IsAztablesType(t, "SASSignatureValues"):
		perms, ok := c.permString(lit, "Permissions")
		if ok && containsAll(perms, "raud") && !c.set(lit, "StartPartitionKey") && !c.set(lit, "EndPartitionKey") {
			diag.Report(c.pass, "TL602", lit, "the SAS grants every table permission (%q) on the whole table", perms)
		}
	case sdk.IsAztablesType(t, "AccountSASSignatureValues"):
		perms, ok := c.permString(lit, "Permissions")
		if ok && containsAll(perms, "rwdlacu") {
			diag.Report(c.pass, "TL602", lit, "the account SAS grants every table permission (%q) on every table", perms)
		}
	default:
		return
	}
	if exp := sdk.Field(ti, lit, "ExpiryTime"); exp != nil {
		c.expiry(exp, sdk.Field(ti, lit, "StartTime"))
	}
}

// permString returns a constant permissions string, or the string of a
// SASPermissions / AccountSASPermissions literal's String().
func (c *checker) permString(lit *ast.CompositeLit, field string) (string, bool) {
	e := sdk.Field(c.pass.TypesInfo, lit, field)
	if e == nil {
		return "", false
	}
	if v, ok := c.fl.LitField(lit, field); ok {
		if s, ok := flow.ConstText(v); ok && s != "" {
			return s, true
		}
	}
	call, ok := c.x.Vars.Resolve(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return "", false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" {
		return "", false
	}
	switch {
	case c.allTablePerms(sel.X):
		return "raud", true
	case c.allAccountPerms(sel.X):
		return "rwdlacu", true
	}
	return "", false
}

func containsAll(s, letters string) bool {
	for _, r := range letters {
		if !strings.ContainsRune(s, r) {
			return false
		}
	}
	return true
}

// allTablePerms reports whether e is a SASPermissions literal with Read,
// Add, Update and Delete true and no key range.
func (c *checker) allTablePerms(e ast.Expr) bool {
	lit := c.literal(e, "SASPermissions")
	if lit == nil {
		return false
	}
	ti := c.pass.TypesInfo
	for _, f := range []string{"Read", "Add", "Update", "Delete"} {
		if !c.isTrue(sdk.Field(ti, lit, f)) {
			return false
		}
	}
	for _, f := range []string{"StartPartitionKey", "EndPartitionKey", "StartRowKey", "EndRowKey"} {
		if c.set(lit, f) {
			return false
		}
	}
	return true
}

// allAccountPerms reports whether e is an AccountSASPermissions literal
// granting every permission that applies to tables.
func (c *checker) allAccountPerms(e ast.Expr) bool {
	lit := c.literal(e, "AccountSASPermissions")
	if lit == nil {
		return false
	}
	for _, f := range []string{"Read", "Write", "Delete", "List", "Add", "Create", "Update"} {
		if !c.isTrue(sdk.Field(c.pass.TypesInfo, lit, f)) {
			return false
		}
	}
	return true
}

// literal returns the aztables.typeName literal e is (through variables
// assigned once whose fields are never assigned), or nil.
func (c *checker) literal(e ast.Expr, typeName string) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	if v := c.x.Vars.VarOf(e); v != nil && c.fieldAssigned(v) {
		return nil
	}
	lit, ok := c.x.Vars.Resolve(e).(*ast.CompositeLit)
	if !ok || !sdk.IsAztablesType(c.pass.TypesInfo.TypeOf(lit), typeName) {
		return nil
	}
	return lit
}

// fieldAssigned reports whether any field of v is assigned in the package.
func (c *checker) fieldAssigned(v *types.Var) bool {
	for cur := range c.x.Inspector.Root().Preorder((*ast.AssignStmt)(nil)) {
		for _, l := range cur.Node().(*ast.AssignStmt).Lhs {
			if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && c.x.Vars.VarOf(sel.X) == v {
				return true
			}
		}
	}
	return false
}

func (c *checker) isTrue(e ast.Expr) bool {
	if e == nil {
		return false
	}
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

// set reports whether the string field of lit is given a value that may
// be non-empty.
func (c *checker) set(lit *ast.CompositeLit, field string) bool {
	if sdk.Field(c.pass.TypesInfo, lit, field) == nil {
		return false
	}
	v, ok := c.fl.LitField(lit, field)
	if !ok {
		return true
	}
	s, ok := flow.ConstText(v)
	return !ok || s != ""
}

// expiry reports an expiry more than maxExpiry after issue: base.Add(d)
// or base.AddDate(y, m, d) with constant arguments, base time.Now() (or
// its UTC, Local) or the SAS's start time.
func (c *checker) expiry(exp, start ast.Expr) {
	call, sel, ok := c.timeCall(exp)
	for ok && len(call.Args) == 0 && (sel.Sel.Name == "UTC" || sel.Sel.Name == "Local") {
		call, sel, ok = c.timeCall(sel.X) // time.Now().Add(d).UTC()
	}
	if !ok || !c.issued(sel.X, start) {
		return
	}
	var d time.Duration
	switch {
	case sel.Sel.Name == "Add" && len(call.Args) == 1:
		n, ok := c.constInt(call.Args[0])
		if !ok {
			return
		}
		d = time.Duration(n)
	case sel.Sel.Name == "AddDate" && len(call.Args) == 3:
		var days int64
		for i, per := range []int64{365, 28, 1} { // the shortest year, month
			n, ok := c.constInt(call.Args[i])
			if !ok || n < 0 {
				return
			}
			days += n * per
		}
		d = time.Duration(days) * 24 * time.Hour
	default:
		return
	}
	if d > maxExpiry {
		diag.Report(c.pass, "TL602", exp, "the SAS stays valid for %v after it is issued, longer than %v", d, maxExpiry)
	}
}

// timeCall returns e as a call of a time.Time method.
func (c *checker) timeCall(e ast.Expr) (*ast.CallExpr, *ast.SelectorExpr, bool) {
	call, ok := c.x.Vars.Resolve(e).(*ast.CallExpr)
	if !ok {
		return nil, nil, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !isTime(c.pass.TypesInfo.TypeOf(sel.X)) {
		return nil, nil, false
	}
	return call, sel, true
}

// issued reports whether base is the time a SAS is issued: time.Now()
// (through UTC, Local, Truncate, Round) or the start time given with it.
func (c *checker) issued(base, start ast.Expr) bool {
	for range writes.MaxDepth {
		base = c.x.Vars.Resolve(base)
		if start != nil && base == c.x.Vars.Resolve(start) {
			return true
		}
		call, ok := base.(*ast.CallExpr)
		if !ok {
			return false
		}
		if sdk.IsFunc(c.pass.TypesInfo, call, "time", "Now") {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !isTime(c.pass.TypesInfo.TypeOf(sel.X)) {
			return false
		}
		switch sel.Sel.Name {
		case "UTC", "Local", "Truncate", "Round":
			base = sel.X
		default:
			return false
		}
	}
	return false
}

func isTime(t types.Type) bool { return sdk.IsType(t, "time", "Time") }

func (c *checker) constInt(e ast.Expr) (int64, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	return constant.Int64Val(constant.ToInt(tv.Value))
}
