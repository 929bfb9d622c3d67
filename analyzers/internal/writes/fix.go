package writes

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
)

// ImportName returns the name under which file imports path ("fmt"), and
// the edits that add the import when the file lacks it. It gives up
// (ok false) when the file imports the path as _ or .
func ImportName(file *ast.File, path, name string) (string, []analysis.TextEdit, bool) {
	for _, is := range file.Imports {
		p, err := strconv.Unquote(is.Path.Value)
		if err != nil || p != path {
			continue
		}
		if is.Name == nil {
			return name, nil, true
		}
		if is.Name.Name == "_" || is.Name.Name == "." {
			return "", nil, false
		}
		return is.Name.Name, nil, true
	}
	quoted := strconv.Quote(path)
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() && len(gd.Specs) > 0 {
			pos := gd.Specs[0].Pos()
			return name, []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(quoted + "\n\t")}}, true
		}
		return name, []analysis.TextEdit{{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + quoted)}}, true
	}
	end := file.Name.End()
	return name, []analysis.TextEdit{{Pos: end, End: end, NewText: []byte("\n\nimport " + quoted)}}, true
}

// ImportEmptied reports whether removing the code that removed selects
// leaves the package that spec imports in file unused: the file uses it,
// and every use is an identifier removed reports true for. Blank and dot
// imports are never emptied.
//
// Fixes that rewrite code applied by golangci-lint run --fix must delete
// an import they empty themselves (it deletes nothing else); see
// DeleteImport.
func ImportEmptied(info *types.Info, file *ast.File, spec *ast.ImportSpec, removed func(*ast.Ident) bool) bool {
	pkgName, _ := info.Implicits[spec].(*types.PkgName)
	if spec.Name != nil {
		pkgName, _ = info.Defs[spec.Name].(*types.PkgName)
	}
	if pkgName == nil || pkgName.Name() == "_" || pkgName.Name() == "." {
		return false
	}
	uses, gone := 0, 0
	ast.Inspect(file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || info.Uses[id] != pkgName {
			return true
		}
		uses++
		if removed(id) {
			gone++
		}
		return true
	})
	return uses > 0 && uses == gone
}

// DeleteImport returns the edit that deletes spec from file: its whole
// line in an import block of several, else the whole import declaration.
func DeleteImport(fset *token.FileSet, file *ast.File, spec *ast.ImportSpec) analysis.TextEdit {
	var from ast.Node = spec
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && len(gd.Specs) == 1 && gd.Specs[0] == spec {
			from = gd
		}
	}
	tf := fset.File(spec.Pos())
	start := tf.LineStart(tf.Line(from.Pos()))
	end := from.End()
	if line := tf.Line(end); line < tf.LineCount() {
		end = tf.LineStart(line + 1)
	}
	return analysis.TextEdit{Pos: start, End: end}
}

// Within reports whether n lies inside outer.
func Within(n, outer ast.Node) bool { return outer.Pos() <= n.Pos() && n.End() <= outer.End() }
