package writes

import (
	"go/ast"
	"go/token"
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
