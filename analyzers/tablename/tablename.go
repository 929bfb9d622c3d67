package tablename

import (
	_ "embed"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/docs"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
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
	Requires: []*analysis.Analyzer{inspect.Analyzer, flow.Analyzer},
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
				n, ok := flow.TableOfURL(vr)
				if !ok {
					continue
				}
				val = tableText{{text: n}}
			}
			if checkName(pass, call.Args[i], val, isName) {
				return
			}
		}
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
		call := n.(*ast.CallExpr)
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
	})
	return nil, nil
}

// tableText is a table name as checkName reads it: constant text and holes,
// adjacent text joined.
type tableText []namePart

type namePart struct {
	text string
	hole bool
}

// fromFlow writes one variant of a flow value as the text and holes
// checkName reads, adjacent text joined.
func fromFlow(vr flow.Variant) tableText {
	var out tableText
	for _, p := range vr.Parts {
		if p.Hole != nil {
			out = append(out, namePart{hole: true})
			continue
		}
		if n := len(out); n > 0 && !out[n-1].hole {
			out[n-1].text += p.Text
			continue
		}
		if p.Text != "" {
			out = append(out, namePart{text: p.Text})
		}
	}
	return out
}

func (v tableText) isConst() bool {
	for _, p := range v {
		if p.hole {
			return false
		}
	}
	return true
}

// String returns v's text with each hole written as {?}; for messages.
func (v tableText) String() string {
	var b strings.Builder
	for _, p := range v {
		if p.hole {
			b.WriteString("{?}")
		} else {
			b.WriteString(p.text)
		}
	}
	return b.String()
}

// checkName checks the name v; at is the expression it comes from, the
// name itself when isName (and then fixable), else the URL holding it.
// It reports whether it reported a problem.
func checkName(pass *analysis.Pass, at ast.Expr, v tableText, isName bool) bool {
	if v.isConst() {
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
	for i, p := range v {
		if p.hole {
			continue
		}
		total += utf8.RuneCountInString(p.text)
		if i == 0 && p.text != "" && !isLetter(p.text[0]) {
			diag.Report(pass, "TL101", at, "table name %q is invalid: it must begin with a letter", finding.Clip(v.String()))
			return true
		}
		if j := strings.IndexFunc(p.text, func(r rune) bool { return !limits.IsTableNameChar(r) }); j >= 0 {
			diag.Report(pass, "TL101", at, "table name %q is invalid: %q is not a letter or digit", finding.Clip(v.String()), []rune(p.text[j:])[0])
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
