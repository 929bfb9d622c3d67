// Package writes finds where Go code writes Azure Table entities and what
// goes into them: the SDK calls that write, the values given to
// PartitionKey and RowKey, the expressions that build an entity before it
// is marshalled, and the properties it is filled with; where an entity
// was decoded from a GetEntity read (ReadOf, DecodesIn). The write-side
// analyzers share it.
//
// Everything here is syntactic plus go/types: it follows local and
// package variables through their assignments, json.Marshal and & / *,
// never through function calls it does not know, and gives up (returns
// nothing) where the code is not understood.
package writes

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/values"
)

// MaxDepth bounds how far roots and derivations follow variables.
const MaxDepth = 10

// Def is one assignment to a variable (see values.Def).
type Def = values.Def

// Index is the write-side view of the package's shared variable index
// (values.Vars): every assignment to each variable, which are
// incremented, plus the entity and key helpers of this package.
type Index struct {
	*values.Vars
}

// NewIndex indexes files. Analyzers that require the index analyzer use
// its shared index instead.
func NewIndex(info *types.Info, files []*ast.File) *Index {
	return NewIndexFor(values.NewVars(info, files, nil))
}

// NewIndexFor returns the write-side view of an existing variable index.
func NewIndexFor(vars *values.Vars) *Index { return &Index{Vars: vars} }

// IsPackageVar reports whether v is declared at package level.
func IsPackageVar(v *types.Var) bool {
	return v != nil && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// FileOf returns the file of the index that contains pos.
func (x *Index) FileOf(pos token.Pos) *ast.File {
	for _, f := range x.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}
