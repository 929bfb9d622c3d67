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
		if diag.Enabled("TL602", info) {
			c.textSAS(call, 0, inConnectionString)
		}
	case !diag.Enabled("TL602", info):
	case (sdk.IsFunc(ti, call, sdk.AztablesPath, "NewClientWithNoCredential") ||
		sdk.IsFunc(ti, call, sdk.AztablesPath, "NewServiceClientWithNoCredential")) && len(call.Args) >= 1:
		c.textSAS(call, 0, inURL)
	case sdk.IsFunc(ti, call, sdk.LegacyPath, "NewAccountSASClientFromEndpointToken") && len(call.Args) == 2:
		c.textSAS(call, 1, asToken)
	case sdk.IsFunc(ti, call, sdk.LegacyPath, "NewClientFromConnectionString") && len(call.Args) == 1:
		c.textSAS(call, 0, inConnectionString)
	case sdk.IsMethod(ti, call, "Client", "GetTableSASURL") && len(call.Args) == 3:
		if g, ok := c.tablePerms(call.Args[0]); ok {
			c.judge(call.Args[0], &g, 0)
		}
		c.expiry(call.Args[2], call.Args[1])
	case sdk.IsMethod(ti, call, "ServiceClient", "GetAccountSASURL") && len(call.Args) == 4:
		if g, ok := c.accountPerms(call.Args[1]); ok {
			c.judge(call.Args[1], &g, 0)
		}
		c.expiry(call.Args[3], call.Args[2])
	}
}

// grant is what a SAS gives its holder, as far as the code shows it: the
// permission letters, spelled as the SAS's sp parameter spells them ("" when
// not known), and whether it is limited to a PartitionKey or RowKey range.
type grant struct {
	account  bool // an account SAS: every table of the account
	perms    string
	keyRange bool
}

// everything reports whether g grants every table permission: a table SAS
// with read, add, update and delete and no key range, or an account SAS
// with every permission that applies to tables.
func (g grant) everything() bool {
	if g.account {
		return containsAll(g.perms, "rwdlacu")
	}
	return !g.keyRange && containsAll(g.perms, "raud")
}

// judge reports, at at, what is over-broad in a SAS: a grant of every
// table permission (everything) and a lifetime longer than
// -sas-max-expiry. It is TL602's one
// judgement, for the SAS the code signs and the SAS written as text alike;
// what it finds at one place is one finding. g is nil, or life 0, when the
// code shows no grant or no lifetime at at.
func (c *checker) judge(at ast.Node, g *grant, life time.Duration) {
	broad := g != nil && g.everything()
	subject, scope := "the SAS", "on the whole table"
	if broad && g.account {
		subject, scope = "the account SAS", "on every table"
	}
	long := life > maxExpiry
	switch {
	case broad && long: // one finding; the letters left out for its length
		diag.Report(c.pass, "TL602", at, "%s grants every table permission %s for %v, longer than %v", subject, scope, life, maxExpiry)
	case broad:
		diag.Report(c.pass, "TL602", at, "%s grants every table permission (%q) %s", subject, g.perms, scope)
	case long:
		diag.Report(c.pass, "TL602", at, "the SAS stays valid for %v after it is issued, longer than %v", life, maxExpiry)
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
		if g, ok := c.permString(lit, "Permissions"); ok {
			g.keyRange = g.keyRange || c.keyRange(lit)
			c.judge(lit, &g, 0)
		}
	case sdk.IsAztablesType(t, "AccountSASSignatureValues"):
		if g, ok := c.permString(lit, "Permissions"); ok {
			g.account = true
			c.judge(lit, &g, 0)
		}
	default:
		return
	}
	if exp := sdk.Field(ti, lit, "ExpiryTime"); exp != nil {
		c.expiry(exp, sdk.Field(ti, lit, "StartTime"))
	}
}

// permString returns the grant of a constant permissions string, or of
// the String() of a SASPermissions / AccountSASPermissions literal.
func (c *checker) permString(lit *ast.CompositeLit, field string) (grant, bool) {
	e := sdk.Field(c.pass.TypesInfo, lit, field)
	if e == nil {
		return grant{}, false
	}
	if v, ok := c.fl.LitField(lit, field); ok {
		if s, ok := flow.ConstText(v); ok && s != "" {
			return grant{perms: s}, true
		}
	}
	call, ok := c.x.Vars.Resolve(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return grant{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" {
		return grant{}, false
	}
	if g, ok := c.tablePerms(sel.X); ok {
		return g, true
	}
	return c.accountPerms(sel.X)
}

// keyRange reports whether the SAS literal lit (SASSignatureValues or
// SASPermissions) may set a PartitionKey or RowKey range.
func (c *checker) keyRange(lit *ast.CompositeLit) bool {
	for _, f := range []string{"StartPartitionKey", "EndPartitionKey", "StartRowKey", "EndRowKey"} {
		if c.set(lit, f) {
			return true
		}
	}
	return false
}

func containsAll(s, letters string) bool {
	for _, r := range letters {
		if !strings.ContainsRune(s, r) {
			return false
		}
	}
	return true
}

// tablePerms returns the grant of e when it is a SASPermissions literal:
// the letters of its fields that are constant true, in the order its
// String() writes them, and its key range.
func (c *checker) tablePerms(e ast.Expr) (grant, bool) {
	lit := c.literal(e, "SASPermissions")
	if lit == nil {
		return grant{}, false
	}
	return grant{perms: c.letters(lit, "Read", "r", "Add", "a", "Update", "u", "Delete", "d"), keyRange: c.keyRange(lit)}, true
}

// accountPerms returns the grant of e when it is an AccountSASPermissions
// literal.
func (c *checker) accountPerms(e ast.Expr) (grant, bool) {
	lit := c.literal(e, "AccountSASPermissions")
	if lit == nil {
		return grant{}, false
	}
	return grant{account: true, perms: c.letters(lit, "Read", "r", "Write", "w", "Delete", "d", "List", "l", "Add", "a", "Create", "c", "Update", "u", "Process", "p")}, true
}

// letters returns the permission letters of the boolean fields of lit that
// are constant true; fieldLetters pairs each field with its letter.
func (c *checker) letters(lit *ast.CompositeLit, fieldLetters ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(fieldLetters); i += 2 {
		if c.isTrue(sdk.Field(c.pass.TypesInfo, lit, fieldLetters[i])) {
			b.WriteString(fieldLetters[i+1])
		}
	}
	return b.String()
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
	c.judge(exp, nil, d)
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
