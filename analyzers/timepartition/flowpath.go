package timepartition

import (
	"fmt"
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
// implement. A key is reported when its entity is written (AddEntity,
// UpsertEntity, UpdateEntity, a legacy entity's Insert…) in the function
// that sets it, in what it hands it to, or by the package's callers it
// returns it to (keyflow.WrittenOrReturned), and every run-time part of
// it is the current time, or, on a way settled values alone choose, is
// the current time alone (nowFallback); skip holds the lines already
// reported.
func flowKeys(pass *analysis.Pass, skip map[diag.Line]bool) {
	kf := keyflow.Of(pass)
	seen := map[diag.Line]bool{}
	for _, s := range kf.Sinks {
		if s.Key != "PartitionKey" || s.Read {
			continue
		}
		holes := kf.Value(s).Holes()
		if len(holes) == 0 || !allNow(holes) {
			nowFallback(pass, kf, s, skip, seen)
			continue
		}
		if !kf.WrittenOrReturned(s) {
			continue
		}
		// A key a function of this package makes from what its callers
		// pass is one mistake, reported once where the key is made (the
		// code to fix), naming the first call that passes the time.
		// Any other key is reported where its value is written (the key
		// argument of a legacy GetEntityReference: keyflow.KeyPos).
		at := s.Pos
		if s.Callee != nil && s.At.IsValid() && inPackage(pass, s.At) {
			at = s.At
		} else if s.Callee == nil {
			at = kf.KeyPos(s)
		}
		line := diag.LineOf(pass.Fset, at)
		if skip[line] || seen[line] || skip[diag.LineOf(pass.Fset, s.Pos)] {
			continue
		}
		seen[line] = true
		msg := "PartitionKey comes only from time.Now()"
		if s.Callee != nil {
			msg = "PartitionKey made by " + s.Callee.Name() + " comes only from time.Now()"
		}
		if at != s.Pos {
			msg = diag.Fit(fmt.Sprintf("%s (passed at line %d)", msg, pass.Fset.Position(s.Pos).Line), msg)
		}
		diag.Report(pass, "TL209", posNode(at), "%s", msg)
	}
}

// nowFallback reports the PartitionKey at s when one of the values it
// takes on a way settled values alone choose (keyflow.Fallbacks: the
// default of a writer's setting left empty) comes only from time.Now(),
// and its entity is written (here, in what the function hands it to, or
// by the callers it returns it to). Every write of a deployment that
// takes that way goes to the partition of the moment; a way the write's
// own data chooses, or a value that also holds a per-write part, is not
// reported.
func nowFallback(pass *analysis.Pass, kf *keyflow.Result, s keyflow.Sink, skip, seen map[diag.Line]bool) {
	var at token.Pos
	found := false
	for _, fb := range kf.Fallbacks(s) {
		if holes := fb.Value.Holes(); !fb.Value.Approx && len(holes) > 0 && allNow(holes) {
			at, found = fb.Pos, true
			break
		}
	}
	if !found || !kf.WrittenOrReturned(s) {
		return
	}
	pos := kf.KeyPos(s)
	line := diag.LineOf(pass.Fset, pos)
	if skip[line] || seen[line] || skip[diag.LineOf(pass.Fset, s.Pos)] {
		return
	}
	seen[line] = true
	msg := "PartitionKey falls back to time.Now() alone, which puts every write in one partition"
	if at.IsValid() {
		msg = diag.Fit(fmt.Sprintf("PartitionKey falls back to time.Now() alone (line %d), which puts every write in one partition", pass.Fset.Position(at).Line), msg)
	}
	diag.Report(pass, "TL209", posNode(pos), "%s", msg)
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

// inPackage reports whether pos is in one of the package's files.
func inPackage(pass *analysis.Pass, pos token.Pos) bool {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return true
		}
	}
	return false
}
