package tablename

import (
	_ "embed"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/values"
	"github.com/tablelint/tablelint/internal/finding"
	"github.com/tablelint/tablelint/internal/limits"
)

//go:embed doc.go
var doc string

// Analyzer reports TL101 and TL102.
var Analyzer = &analysis.Analyzer{
	Name:     "tablename",
	Doc:      docs.MustExtract(doc, "tablename"),
	URL:      "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/tablename",
	Requires: []*analysis.Analyzer{flow.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	fl := flow.Of(pass)
	// name checks argument i of call, the name itself when isName, else
	// a URL holding it: each value the flow layer says it can take, until
	// one is reported.
	name := func(call *ast.CallExpr, i int, isName bool) {
		v, ok := fl.Arg(call, i)
		if !ok {
			return
		}
		for _, vr := range v.Variants {
			val := fromFlow(vr)
			if !isName {
				n, ok := tableOfURL(val)
				if !ok {
					continue
				}
				val = n
			}
			if checkName(pass, call.Args[i], val, isName) {
				return
			}
		}
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			info := pass.TypesInfo
			switch {
			case sdk.IsMethod(info, call, "ServiceClient", "NewClient") && len(call.Args) == 1,
				sdk.IsLegacyMethod(info, call, "TableServiceClient", "GetTableReference") && len(call.Args) == 1:
				name(call, 0, true)
			case (sdk.IsMethod(info, call, "ServiceClient", "CreateTable") || sdk.IsMethod(info, call, "ServiceClient", "DeleteTable")) && len(call.Args) >= 2:
				name(call, 1, true)
			case (sdk.IsFunc(info, call, sdk.AztablesPath, "NewClient") ||
				sdk.IsFunc(info, call, sdk.AztablesPath, "NewClientWithNoCredential") ||
				sdk.IsFunc(info, call, sdk.AztablesPath, "NewClientWithSharedKey")) && len(call.Args) >= 1:
				name(call, 0, false)
			}
			return true
		})
	}
	return nil, nil
}

// fromFlow writes one variant of a flow value as the text and holes
// checkName reads, adjacent text joined.
func fromFlow(vr flow.Variant) values.Value {
	var out values.Value
	for _, p := range vr.Parts {
		if p.Hole != nil {
			out.Parts = append(out.Parts, values.Part{Hole: &values.Hole{}})
			continue
		}
		if n := len(out.Parts); n > 0 && out.Parts[n-1].Hole == nil {
			out.Parts[n-1].Text += p.Text
			continue
		}
		if p.Text != "" {
			out.Parts = append(out.Parts, values.Part{Text: p.Text})
		}
	}
	return out
}

// TableOfURL returns the table name in a client URL (tablelint extract
// names tables with it), when its part of the URL is constant.
func TableOfURL(v values.Value) (string, bool) {
	name, ok := tableOfURL(v)
	if !ok {
		return "", false
	}
	return name.String(), true
}

// tableOfURL returns the table part of a service URL, as the SDK takes it:
// the last segment of the path, before the query. It is known only when
// that segment is constant text.
func tableOfURL(v values.Value) (values.Value, bool) {
	const hole = "\x00"
	var b strings.Builder
	for _, p := range v.Parts {
		if p.Hole != nil {
			b.WriteString(hole)
		} else {
			b.WriteString(p.Text)
		}
	}
	s := b.String()
	i := strings.Index(s, "://")
	if i < 0 {
		return values.Value{}, false
	}
	s = s[i+3:]
	if j := strings.IndexAny(s, "?#"); j >= 0 {
		s = s[:j]
	}
	slash := strings.IndexByte(s, '/')
	if slash < 0 {
		return values.Value{}, false // no path
	}
	name := s[strings.LastIndexByte(s, '/')+1:]
	if name == "" || strings.Contains(name, hole) {
		return values.Value{}, false
	}
	return values.Value{Parts: []values.Part{{Text: name}}}, true
}

// checkName checks the name v; at is the expression it comes from, the
// name itself when isName (and then fixable), else the URL holding it.
// It reports whether it reported a problem.
func checkName(pass *analysis.Pass, at ast.Expr, v values.Value, isName bool) bool {
	if v.IsConst() {
		name := v.String()
		if limits.ReservedTableName(name) {
			diag.Report(pass, "TL102", at, "table name %q is reserved", finding.Clip(name))
			return true
		}
		if why := limits.TableNameProblem(name); why != "" {
			d := diag.Diagnostic("TL101", at.Pos(), at.End(), "table name %q is invalid: %s", finding.Clip(name), why)
			if isName {
				d.SuggestedFixes = fix(at, name)
			}
			diag.ReportDiagnostic(pass, d)
			return true
		}
		return false
	}
	// Some parts are known: report what they already break.
	total := 0
	for i, p := range v.Parts {
		if p.Hole != nil {
			continue
		}
		total += utf8.RuneCountInString(p.Text)
		if i == 0 && p.Text != "" && !isLetter(p.Text[0]) {
			diag.Report(pass, "TL101", at, "table name %q is invalid: it must begin with a letter", finding.Clip(v.String()))
			return true
		}
		if j := strings.IndexFunc(p.Text, func(r rune) bool { return !limits.IsTableNameChar(r) }); j >= 0 {
			diag.Report(pass, "TL101", at, "table name %q is invalid: %q is not a letter or digit", finding.Clip(v.String()), []rune(p.Text[j:])[0])
			return true
		}
	}
	if total > limits.MaxTableNameChars {
		diag.Report(pass, "TL101", at, "table name %q is invalid: longer than %d characters", finding.Clip(v.String()), limits.MaxTableNameChars)
		return true
	}
	return false
}

func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }

// fix deletes the characters that are not letters or digits from a string
// literal, when that leaves a valid, unreserved name.
func fix(at ast.Expr, name string) []analysis.SuggestedFix {
	lit, ok := ast.Unparen(at).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil
	}
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		if limits.IsTableNameChar(rune(name[i])) {
			b.WriteByte(name[i])
		}
	}
	clean := b.String()
	if clean == name || !limits.ValidTableName(clean) {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message:   "use table name " + strconv.Quote(clean),
		TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strconv.Quote(clean))}},
	}}
}
