package main

import "github.com/tablelint/tablelint/internal/report"

// compileError is a package's load, parse or type error as an input
// error marked "(compile)", with the position split off (go list and
// go/packages write "-: msg" when there is none).
func compileError(pkg, pos, msg string) report.InputError {
	ie := report.InputError{File: pkg, Message: "(compile) " + msg}
	if pos != "" && pos != "-" {
		ie.File, ie.Line, ie.Col = splitPos(pos)
	}
	if ie.File == "" {
		ie.File = pkg
	}
	return ie
}
