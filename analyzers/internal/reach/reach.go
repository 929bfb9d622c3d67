package reach

import (
	"go/build"
	"io"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/internal/pkgpath"
)

// Analyzer decides whether its package reaches the SDK (see the package
// documentation); its result is a *Result. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "tlreach",
	Doc:              "tlreach: decides whether a package can reach the table SDK, so that the analyzers skip those that cannot (no diagnostics)",
	URL:              "https://pkg.go.dev/github.com/tablelint/tablelint/analyzers/internal/reach",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
	FactTypes:        []analysis.Fact{new(Reaches)},
}

// Result is the analyzer's answer for a package.
type Result struct {
	// Reaches: the package is, imports or depends on an SDK package.
	Reaches bool
	// Skip: the package does not reach the SDK and belongs to the
	// standard library or a versioned module; the analyzers return at
	// once.
	Skip bool
}

// Reaches is the fact that a package is, imports or depends on an SDK
// package.
type Reaches struct{}

// AFact marks Reaches as an analysis fact.
func (*Reaches) AFact() {}

func (*Reaches) String() string { return "reaches the table SDK" }

// Paths are the import paths a package must reach (be, import, or depend
// on) for any analyzer to report in it or export a fact about it: the
// aztables SDK and the legacy storage package.
func Paths() []string { return []string{sdk.AztablesPath, sdk.LegacyPath} }

// IsSDK reports whether the package of import path path is one of Paths
// or inside one, a vendored copy included.
func IsSDK(path string) bool {
	return pkgpath.Within(path, Paths())
}

// Skip reports whether the analyzers skip the package of pass, which
// must require Analyzer.
func Skip(pass *analysis.Pass) bool {
	r, _ := pass.ResultOf[Analyzer].(*Result)
	return r != nil && r.Skip
}

func run(pass *analysis.Pass) (any, error) {
	reaches := IsSDK(pass.Pkg.Path())
	for _, imp := range pass.Pkg.Imports() {
		if reaches {
			break
		}
		reaches = IsSDK(imp.Path()) || pass.ImportPackageFact(imp, new(Reaches))
	}
	if reaches {
		pass.ExportPackageFact(new(Reaches))
	}
	dependency := Std(pass) || pass.Module != nil && pass.Module.Version != ""
	return &Result{Reaches: reaches, Skip: !reaches && dependency}, nil
}

// Std reports whether the package of pass is part of the standard
// library: its files are under GOROOT/src, the GOROOT the binary was
// built with or the directory a file's path names before
// "/src/<import path>/" when its src/go.mod is the standard library's
// (a binary built with -trimpath, as golangci-lint custom builds are,
// does not know GOROOT; the go command may run another toolchain).
func Std(pass *analysis.Pass) bool {
	if pass.Module != nil && pass.Module.Path != "" {
		return false
	}
	suffix := "/src/" + pass.Pkg.Path()
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		name := filepath.ToSlash(tf.Name())
		if goroot != "" && strings.HasPrefix(name, goroot) {
			return true
		}
		// The files of a cgo package include some generated elsewhere:
		// look for one in the package's directory.
		if dir := path.Dir(name); strings.HasSuffix(dir, suffix) {
			return isGOROOT(strings.TrimSuffix(dir, suffix))
		}
	}
	return false
}

// goroot is GOROOT/src/ when the binary knows GOROOT, else "".
var goroot = func() string {
	r := filepath.ToSlash(build.Default.GOROOT)
	if r == "" {
		return ""
	}
	return strings.TrimSuffix(r, "/") + "/src/"
}()

// roots memoises isGOROOT: directory → whether it is a GOROOT.
var roots sync.Map

// isGOROOT reports whether dir is a Go root: its src/go.mod declares
// module std.
func isGOROOT(dir string) bool {
	if v, ok := roots.Load(dir); ok {
		return v.(bool)
	}
	ok := false
	if f, err := os.Open(filepath.Join(filepath.FromSlash(dir), "src", "go.mod")); err == nil {
		buf := make([]byte, 512) // the module line comes first; bounded read
		n, _ := io.ReadFull(f, buf)
		f.Close()
		for _, line := range strings.Split(string(buf[:n]), "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "//") {
				ok = line == "module std"
				break
			}
		}
	}
	roots.Store(dir, ok)
	return ok
}
