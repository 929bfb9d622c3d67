package timepartition

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/keyflow"
)

// flowKeys checks, on the flow layer, the PartitionKeys the AST check
// cannot follow: a time kept in a struct field (set to time.Now() by a
// constructor, in a literal, in the caller) and formatted where the key
// is made, through helpers and calls of interfaces the package's types
// implement. A key is reported when its entity is marshalled and written
// (AddEntity, UpsertEntity, UpdateEntity) in the function that sets it
// and every run-time part of it is the current time; skip holds the
// lines already reported.
func flowKeys(pass *analysis.Pass, skip map[int]bool) {
	kf := keyflow.Of(pass)
	seen := map[int]bool{}
	for _, s := range kf.Sinks {
		if s.Key != "PartitionKey" || s.Read || !s.Written {
			continue
		}
		holes := kf.Value(s).Holes()
		if len(holes) == 0 || !allNow(holes) {
			continue
		}
		line := pass.Fset.Position(s.Pos).Line
		if skip[line] || seen[line] {
			continue
		}
		seen[line] = true
		msg := "PartitionKey comes only from time.Now()"
		if s.Callee != nil {
			msg = "PartitionKey made by " + s.Callee.Name() + " comes only from time.Now()"
		}
		diag.Report(pass, "TL209", posNode(s.Pos), "%s", msg)
	}
}

func allNow(holes []*flow.Hole) bool {
	for _, h := range holes {
		if h.Source != flow.Now {
			return false
		}
	}
	return true
}

type posNode token.Pos

func (p posNode) Pos() token.Pos { return token.Pos(p) }
func (p posNode) End() token.Pos { return token.Pos(p) }
