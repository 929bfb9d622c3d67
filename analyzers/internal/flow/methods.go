package flow

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// A whole-program driver resolves a call through an interface to the
// concrete methods of every loaded package whose receiver's method set
// has the interface's methods. The facts are per package, so the unit
// stored and matched is plain data: a method's name, its receiver's
// method set (name to SigString) and the fact. Summarize (value
// summaries) and filterflow's query sinks both build on these helpers.

// ConcreteMethod is a fact about a method of a concrete type.
type ConcreteMethod struct {
	Func *types.Func
	Fact analysis.Fact
	// Methods is the method set of a pointer to the receiver's type.
	Methods map[string]string
}

// ConcreteMethods returns the facts keep accepts that are about methods
// of concrete (non-interface) types, once per method.
func ConcreteMethods(facts []analysis.ObjectFact, keep func(analysis.Fact) bool) []ConcreteMethod {
	var out []ConcreteMethod
	seen := map[types.Object]bool{}
	for _, f := range facts {
		fn, isFn := f.Object.(*types.Func)
		if !isFn || seen[fn] || !keep(f.Fact) {
			continue
		}
		seen[fn] = true
		sig, _ := fn.Type().(*types.Signature)
		if sig == nil || sig.Recv() == nil {
			continue
		}
		t := sig.Recv().Type()
		if ptr, isPtr := t.(*types.Pointer); isPtr {
			t = ptr.Elem()
		}
		if types.IsInterface(t) {
			continue
		}
		out = append(out, ConcreteMethod{Func: fn, Fact: f.Fact, Methods: MethodSigs(types.NewPointer(t))})
	}
	return out
}

// InterfaceOf returns the interface whose method m is, or nil when m is
// not an interface method.
func InterfaceOf(m *types.Func) *types.Interface {
	if m == nil {
		return nil
	}
	sig, _ := m.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil
	}
	iface, _ := sig.Recv().Type().Underlying().(*types.Interface)
	return iface
}

// InterfaceSigs returns the methods the interface of the method m
// requires (name to SigString), or nil when m is not an interface
// method.
func InterfaceSigs(m *types.Func) map[string]string {
	iface := InterfaceOf(m)
	if iface == nil {
		return nil
	}
	want := make(map[string]string, iface.NumMethods())
	for i := 0; i < iface.NumMethods(); i++ {
		want[iface.Method(i).Name()] = SigString(iface.Method(i).Type())
	}
	return want
}

// Satisfies reports whether the method set methods (MethodSigs) has
// every method of want (InterfaceSigs).
func Satisfies(methods, want map[string]string) bool {
	for name, sig := range want {
		if methods[name] != sig {
			return false
		}
	}
	return true
}

// LocalImplementations returns, for each named type declared in pkg
// whose value or pointer implements iface, the selection of its method
// name (at most max of them, in scope order): the methods a call
// through iface may reach within the package.
func LocalImplementations(pkg *types.Package, iface *types.Interface, name string, max int) []*types.Selection {
	var out []*types.Selection
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if !types.Implements(t, iface) {
				continue
			}
			if sel := types.NewMethodSet(t).Lookup(pkg, name); sel != nil {
				out = append(out, sel)
			}
			break
		}
		if len(out) >= max {
			break
		}
	}
	return out
}

// LocalImplementationsOf is LocalImplementations for the interface type
// recv, which may be an instance of a generic interface (Vault[Login]):
// a generic type of the package with as many type parameters is taken
// instantiated with the interface's type arguments (tableVault[V]
// implementing Vault[V] implements Vault[Login] as tableVault[Login]).
// An uninstantiated interface (the origin of a method called on an
// instance) is matched with its own type parameters. The selections'
// objects may be instantiated methods: their Origin is the method
// declared.
func LocalImplementationsOf(pkg *types.Package, recv types.Type, name string, max int) []*types.Selection {
	iface, ok := recv.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	out := LocalImplementations(pkg, iface, name, max)
	named, ok := types.Unalias(recv).(*types.Named)
	if !ok || named.TypeParams().Len() == 0 {
		return out
	}
	// The interface's type arguments, or its own type parameters for
	// the generic interface (a method's origin).
	targs := make([]types.Type, named.TypeParams().Len())
	for i := range targs {
		if named.TypeArgs().Len() == len(targs) {
			targs[i] = named.TypeArgs().At(i)
		} else {
			targs[i] = named.TypeParams().At(i)
		}
	}
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		if len(out) >= max {
			break
		}
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		gen, ok := tn.Type().(*types.Named)
		if !ok || gen.TypeParams().Len() != len(targs) {
			continue
		}
		inst, err := types.Instantiate(nil, gen, targs, true)
		if err != nil {
			continue
		}
		for _, t := range []types.Type{inst, types.NewPointer(inst)} {
			if !types.Implements(t, iface) {
				continue
			}
			if sel := types.NewMethodSet(t).Lookup(pkg, name); sel != nil {
				out = append(out, sel)
			}
			break
		}
	}
	return out
}
