package flow

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/tablelint/tablelint/analyzers/internal/sdk"
)

// callee names a function for the model: "pkg.Name" or
// "pkg.Recv.Name" (pointer receivers without the star), with a
// vendored path reduced to the import path.
func callee(f *ssa.Function) string {
	if o := f.Origin(); o != nil {
		f = o
	}
	obj, _ := f.Object().(*types.Func)
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	path := obj.Pkg().Path()
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		path = path[i+len("/vendor/"):]
	}
	sig := obj.Type().(*types.Signature)
	if r := sig.Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return path + "." + n.Obj().Name() + "." + obj.Name()
		}
		return path + ".?." + obj.Name()
	}
	return path + "." + obj.Name()
}

// call is result index of the call cc (the value v).
func (e *eval) call(cc *ssa.CallCommon, index int, v ssa.Value, depth int) Value {
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "len", "cap", "copy":
			return holeValue(Hole{Bound: Digits | LengthChecked})
		case "min", "max":
			var vs []Value
			for _, a := range cc.Args {
				vs = append(vs, e.of(a, depth))
			}
			return opaque(union(vs...), numBound(cc.Args[0].Type()))
		case "append":
			if len(cc.Args) == 2 && isByteSlice(cc.Args[0].Type()) {
				// Bytes appended to bytes: at least as long as both
				// (Size.Least); nothing more is said of them.
				least := SizeOf(e.of(cc.Args[0], depth)).Least + SizeOf(e.of(cc.Args[1], depth)).Least
				return holeValue(Hole{What: b.Name(), Min: least})
			}
		}
		return holeValue(Hole{What: b.Name()})
	}
	f := cc.StaticCallee()
	if f == nil {
		if cc.IsInvoke() {
			return e.invoke(cc, index, depth)
		}
		return e.dynamic(cc, index, v, depth)
	}
	args := cc.Args
	if v, ok := e.model(callee(f), f, args, index, v, depth); ok {
		return v
	}
	if s := e.r.Summary(f); s != nil && index < len(s.Results) && len(s.Results[index].Variants) > 0 {
		return e.bind(s.Results[index], args, depth)
	}
	if v, ok := e.namedEscaper(f, args, index, depth); ok {
		return v
	}
	name := f.Name()
	if f.Signature.Recv() != nil && len(args) > 0 {
		// A method with no summary: a value of its receiver's kind
		// (uuid.UUID's String is modelled; a user type's String is
		// summarised when it is in source).
		return holeValue(Hole{What: name})
	}
	return holeValue(Hole{What: name})
}

// dynamic is a call through a function value: the union of the
// summaries of the functions it may be (FuncValues), like a call through
// an interface; an opaque hole when they are not known.
func (e *eval) dynamic(cc *ssa.CallCommon, index int, v ssa.Value, depth int) Value {
	fns := e.r.FuncValues(cc.Value)
	if len(fns) == 0 {
		return holeValue(Hole{})
	}
	var vs []Value
	for _, f := range fns {
		args := cc.Args
		if m := boundMethod(f); m != nil {
			// A method value: its method, the receiver it was taken
			// from first.
			f, args = m, append([]ssa.Value{f.FreeVars[0]}, cc.Args...)
		}
		if mv, ok := e.model(callee(f), f, args, index, v, depth); ok {
			vs = append(vs, mv) // strconv.Itoa held in a variable
		} else if s := e.r.Summary(f); s != nil && index < len(s.Results) && len(s.Results[index].Variants) > 0 {
			vs = append(vs, e.bind(s.Results[index], args, depth))
		} else {
			vs = append(vs, holeValue(Hole{What: f.Name()}))
		}
	}
	return union(vs...)
}

// invoke is a call through an interface. Under a whole-program driver
// the implementations' summaries are united (Dispatch); otherwise the
// result is opaque.
func (e *eval) invoke(cc *ssa.CallCommon, index int, depth int) Value {
	if m := cc.Method; m.Pkg() != nil && m.Pkg().Path() == "crypto/cipher" && (m.Name() == "Seal" || m.Name() == "Open") && len(cc.Args) == 4 && index == 0 {
		// aead.Seal(dst, nonce, plaintext, data): the plaintext
		// encrypted, as long as it and a nonce and tag (aeadSlack);
		// Open the reverse, no longer than what it opens.
		out := opaque(e.of(cc.Args[2], depth), 0)
		if m.Name() == "Seal" {
			out = mapHoles(out, func(h Hole) Hole {
				if h.Max > 0 {
					h.Max += aeadSlack
				}
				return h
			})
		}
		return out
	}
	impls := e.r.implementations(cc.Method)
	if len(impls) == 0 {
		return holeValue(Hole{What: cc.Method.Name()})
	}
	args := append([]ssa.Value{cc.Value}, cc.Args...)
	var vs []Value
	for _, s := range impls {
		if index < len(s.Results) && len(s.Results[index].Variants) > 0 {
			vs = append(vs, e.bind(s.Results[index], args, depth))
		} else {
			vs = append(vs, holeValue(Hole{What: cc.Method.Name()}))
		}
	}
	return union(vs...)
}

// model knows the standard library, the SDK and common packages. It
// returns ok false for a function it does not know.
func (e *eval) model(name string, f *ssa.Function, args []ssa.Value, index int, v ssa.Value, depth int) (Value, bool) {
	arg := func(i int) Value {
		if i < len(args) {
			return e.of(args[i], depth)
		}
		return holeValue(Hole{})
	}
	constArg := func(i int) (string, bool) {
		if i < len(args) {
			return constString(args[i])
		}
		return "", false
	}
	if frameworkText[name] {
		return holeValue(Hole{Source: Request, What: "c." + f.Name()}), true
	}
	switch name {
	case "fmt.Sprintf":
		at := token.NoPos
		if v != nil {
			at = v.Pos()
		}
		return e.sprintf(args, at, 1, depth), true
	case "fmt.Sprint", "fmt.Sprintln":
		out := Value{Variants: []Variant{{}}}
		if elems, ok := sliceLiteral(args[0]); ok {
			for i, el := range elems {
				out = concat(out, formattedBy(e.formatted(el, 'v', "", depth), name, "%v", callPos(v), i))
			}
			return out, true
		}
		return holeValue(Hole{}), true
	case "strconv.Itoa", "strconv.FormatInt", "strconv.FormatUint":
		if name != "strconv.Itoa" {
			if c, ok := args[1].(*ssa.Const); ok {
				if b, _ := constant.Int64Val(c.Value); b != 10 {
					return formattedBy(opaque(arg(0), Hex), name, "%v", callPos(v), 0), true
				}
			}
		}
		a := arg(0)
		if a.IsConst() {
			return a, true
		}
		return formattedBy(opaque(a, Digits), name, "%d", callPos(v), 0), true
	case "strconv.FormatFloat", "strconv.FormatBool":
		verb := "%g"
		if name == "strconv.FormatBool" {
			verb = "%t"
		}
		return formattedBy(opaque(arg(0), Number), name, verb, callPos(v), 0), true
	case "strconv.Atoi", "strconv.ParseInt", "strconv.ParseUint":
		return opaque(arg(0), Digits), true
	case "strings.Join":
		return e.join(args[0], e.of(args[1], depth), v, depth), true
	case "strings.ReplaceAll", "strings.Replace":
		old, ok1 := constArg(1)
		nw, ok2 := constArg(2)
		s := arg(0)
		if !ok1 || !ok2 {
			return opaque(s, 0), true
		}
		s = mapText(s, func(t string) string { return strings.ReplaceAll(t, old, nw) })
		if old == "'" && nw == "''" {
			return withBound(s, Escaped|Doubled), true
		}
		return withBound(s, Replaced), true
	case "strings.Replacer.Replace":
		return e.replacerCall(args, depth)
	case "regexp.Regexp.ReplaceAllString", "regexp.Regexp.ReplaceAllLiteralString":
		return e.regexpReplace(args, name == "regexp.Regexp.ReplaceAllLiteralString", depth)
	case "strings.ToLower", "strings.ToUpper", "strings.TrimSpace", "strings.Title", "strings.ToTitle", "strings.Clone":
		fns := map[string]func(string) string{"strings.ToLower": strings.ToLower, "strings.ToUpper": strings.ToUpper, "strings.TrimSpace": strings.TrimSpace}
		if fn := fns[name]; fn != nil {
			return mapText(arg(0), fn), true
		}
		return arg(0), true
	case "strings.TrimPrefix", "strings.TrimSuffix", "strings.Trim", "strings.TrimLeft", "strings.TrimRight":
		a := arg(0)
		if cut, ok := constArg(1); ok && (name == "strings.Trim" || name == "strings.TrimRight") && strings.Contains(cut, "'") && oneHole(a) {
			return pairsTrimmed(a), true // no half pair left at the end
		}
		if a.IsConst() {
			if cut, ok := constArg(1); ok {
				fns := map[string]func(string, string) string{"strings.TrimPrefix": strings.TrimPrefix, "strings.TrimSuffix": strings.TrimSuffix, "strings.Trim": strings.Trim, "strings.TrimLeft": strings.TrimLeft, "strings.TrimRight": strings.TrimRight}
				return textValue(fns[name](a.Variants[0].Text(), cut)), true
			}
		}
		return opaque(a, 0), true
	case "strings.Split", "strings.SplitN", "strings.Fields", "strings.SplitAfter":
		return opaque(arg(0), 0), true
	case "strings.Repeat", "bytes.Repeat":
		return repeated(arg(0), args[1]), true
	case "path.Base", "path.Dir", "path.Clean", "path.Ext", "path/filepath.Base", "path/filepath.Dir", "path/filepath.Clean", "path/filepath.Ext":
		// A segment of its argument, or its argument cleaned: the same
		// input (a segment of a request path holds any character but /).
		return opaque(arg(0), 0), true
	case "strings.Builder.String", "bytes.Buffer.String", "bytes.Buffer.Bytes":
		return e.builder(args[0], v, depth), true
	case "net/url.QueryEscape", "net/url.PathEscape", "net/url.Values.Encode":
		return opaque(arg(0), URLEscaped), true
	case "net/url.QueryUnescape", "net/url.PathUnescape":
		return opaque(arg(0), 0), true
	case "net/url.URL.Query":
		return mapHoles(opaque(arg(0), 0), func(h Hole) Hole { h.What = joinWhat(h.What, "Query()"); return h }), true
	case "net/url.URL.EscapedPath", "net/url.URL.String", "net/url.URL.RequestURI":
		return opaque(arg(0), 0), true
	case "net/url.Values.Get", "net/http.Header.Get", "net/http.Header.Values":
		r := arg(0)
		return mapHoles(opaque(r, 0), func(h Hole) Hole { h.What = joinWhat(h.What, "Get"); return h }), true
	case "net/http.Request.FormValue", "net/http.Request.PostFormValue", "net/http.Request.PathValue",
		"net/http.Request.Referer", "net/http.Request.UserAgent", "net/http.Request.Cookie", "net/http.Request.FormFile":
		return holeValue(Hole{Source: Request, What: "r." + f.Name()}), true
	case "os.Getenv", "os.LookupEnv", "syscall.Getenv":
		return holeValue(Hole{Source: Env, What: "os.Getenv"}), true
	case "flag.Arg", "flag.Args":
		return holeValue(Hole{Source: CommandLine, What: "flag.Arg"}), true
	case "os.ReadFile", "io/ioutil.ReadFile":
		return holeValue(Hole{Source: Body, What: "os.ReadFile"}), true
	case "io.ReadAll", "io/ioutil.ReadAll":
		return e.readAll(args[0], depth), true
	case "time.Now":
		return holeValue(Hole{Source: Now, What: "time.Now"}), true
	case "time.Time.Format":
		l, _ := constArg(1)
		return mapHoles(opaque(arg(0), 0), func(h Hole) Hole { h.Bound |= Time; h.Layout = l; return h }), true
	case "time.Time.UTC", "time.Time.Local", "time.Time.In", "time.Time.Truncate", "time.Time.Round", "time.Time.Add", "time.Time.AddDate":
		return arg(0), true
	case "time.Time.Unix", "time.Time.UnixNano", "time.Time.UnixMilli", "time.Time.UnixMicro", "time.Time.Year", "time.Time.YearDay", "time.Time.Month", "time.Time.Day", "time.Time.Hour", "time.Time.Minute":
		return opaque(arg(0), Digits), true
	case "encoding/hex.EncodeToString":
		// Hex digits of what was encoded: it keeps that value's origin
		// (a digest of a parameter depends on the parameter) and its
		// length check (a digest's length is fixed).
		a := arg(0)
		return scaled(opaque(a, Hex|commonBound(a, LengthChecked)), 2, 1), true
	case "crypto/md5.Sum", "crypto/sha1.Sum", "crypto/sha256.Sum256", "crypto/sha256.Sum224",
		"crypto/sha512.Sum512", "crypto/sha512.Sum384":
		// A digest: fixed length, from the value hashed.
		return opaque(arg(0), LengthChecked), true
	case "encoding/base64.Encoding.EncodeToString":
		if g, ok := args[0].(*ssa.UnOp); ok {
			if gl, ok := g.X.(*ssa.Global); ok && strings.Contains(gl.Name(), "URL") {
				return scaled(opaque(arg(1), URLEscaped|Escaped), 4, 3), true
			}
		}
		return scaled(opaque(arg(1), Escaped), 4, 3), true // letters, digits, + / =: no quote
	case "encoding/base32.Encoding.EncodeToString":
		return scaled(opaque(arg(1), Escaped), 8, 5), true
	case "encoding/json.Marshal", "encoding/json.MarshalIndent", "encoding/xml.Marshal", "encoding/xml.MarshalIndent":
		if len(args) == 0 {
			return holeValue(Hole{}), true
		}
		tag := "json"
		if strings.HasPrefix(name, "encoding/xml.") {
			tag = "xml"
		}
		return e.marshal(args[0], tag, depth), true
	case sdk.TablelintODataPath + ".Quote":
		return concat(concat(textValue("'"), withBound(opaque(arg(0), 0), Escaped|Doubled)), textValue("'")), true
	}
	if isUUIDFunc(name, f) {
		return holeValue(Hole{Bound: UUID, What: "uuid"}), true
	}
	return Value{}, false
}

// oneHole reports whether every variant of v is one hole and nothing
// else.
func oneHole(v Value) bool {
	if len(v.Variants) == 0 || v.Approx {
		return false
	}
	for _, vr := range v.Variants {
		if len(vr.Parts) != 1 || vr.Parts[0].Hole == nil {
			return false
		}
	}
	return true
}

// Growable reports whether values of t can be arbitrarily large when
// marshalled: slices (other than []byte) and maps, or structs and
// pointers holding them.
func Growable(t types.Type) bool { return growable(t, 0) }

func growable(t types.Type, depth int) bool {
	if t == nil || depth > 3 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return true
	case *types.Pointer:
		return growable(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if u.Field(i).Exported() && growable(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

func underlyingArg(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X
	}
	return v
}

// isUUIDFunc: google/uuid (and look-alikes) constructors and String.
func isUUIDFunc(name string, f *ssa.Function) bool {
	if !strings.Contains(strings.ToLower(name), "uuid.") {
		return false
	}
	n := f.Name()
	return strings.HasPrefix(n, "New") || n == "Must" || n == "String" || n == "MustParse" || n == "Parse"
}

// readAll is io.ReadAll(x): request body input when x is a request's
// body, a stream otherwise; bounded when x is a limiting reader.
func (e *eval) readAll(x ssa.Value, depth int) Value {
	// Through conversions to an interface: a reader made into an
	// io.Reader, an io.ReadCloser (what MaxBytesReader returns) given
	// where an io.Reader is taken.
	for i := 0; i < 4; i++ {
		if mi, ok := x.(*ssa.MakeInterface); ok {
			x = mi.X
		} else if ci, ok := x.(*ssa.ChangeInterface); ok {
			x = ci.X
		} else {
			break
		}
	}
	if lim, ok := limitStored(x); ok {
		x = lim // r.Body = http.MaxBytesReader(w, r.Body, n) before the read
	}
	if c, ok := x.(*ssa.Call); ok {
		if f := c.Call.StaticCallee(); f != nil {
			switch callee(f) {
			case "io.LimitReader", "net/http.MaxBytesReader":
				inner, limit := c.Call.Args[0], c.Call.Args[1]
				if callee(f) == "net/http.MaxBytesReader" {
					inner, limit = c.Call.Args[1], c.Call.Args[2]
				}
				if n, ok := constInt(limit); ok && n > 0 {
					return withMax(e.readAll(inner, depth+1), n)
				}
				return withBound(e.readAll(inner, depth+1), LengthChecked)
			}
		}
	}
	v := e.of(x, depth)
	for _, h := range v.Holes() {
		if h.Source == Request {
			return holeValue(Hole{Source: Request, What: "r.Body"})
		}
	}
	return holeValue(Hole{Source: Body, What: "io.ReadAll"})
}

// limitStored returns the limiting reader (io.LimitReader,
// http.MaxBytesReader) stored into the field x loads, by a store that
// dominates the load: r.Body = http.MaxBytesReader(w, r.Body, n).
func limitStored(x ssa.Value) (ssa.Value, bool) {
	ld, ok := x.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || ld.Block() == nil {
		return nil, false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok || fa.X.Referrers() == nil {
		return nil, false
	}
	for _, ref := range *fa.X.Referrers() {
		other, ok := ref.(*ssa.FieldAddr)
		if !ok || other.Field != fa.Field || other.Referrers() == nil {
			continue
		}
		for _, r2 := range *other.Referrers() {
			st, ok := r2.(*ssa.Store)
			if !ok || st.Addr != other || st.Block() == nil {
				continue
			}
			if st.Block() == ld.Block() && instrIndex(st) > instrIndex(ld) || !st.Block().Dominates(ld.Block()) {
				continue
			}
			val := st.Val
			for i := 0; i < 4; i++ {
				if mi, ok := val.(*ssa.MakeInterface); ok {
					val = mi.X
				} else if ci, ok := val.(*ssa.ChangeInterface); ok {
					val = ci.X
				}
			}
			if c, ok := val.(*ssa.Call); ok && c.Call.StaticCallee() != nil {
				if n := callee(c.Call.StaticCallee()); n == "io.LimitReader" || n == "net/http.MaxBytesReader" {
					return c, true
				}
			}
		}
	}
	return nil, false
}

// sprintf is fmt.Sprintf with a constant format: text, and for each
// verb the argument formatted (%s of a string inlined, %d of a constant
// folded, %019d a Digits hole…). %[n]verb indexes are followed. at is
// the call's position and first the index (as written) of the first
// operand after the format, for Hole.At.
func (e *eval) sprintf(args []ssa.Value, at token.Pos, first int, depth int) Value {
	cands := map[*Hole]bool{}
	c, ok := args[0].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return holeValue(Hole{})
	}
	elems, ok := sliceLiteral(args[1])
	if !ok {
		return holeValue(Hole{})
	}
	format := constant.StringVal(c.Value)
	out := Value{Variants: []Variant{{}}}
	argi := 0
	for i := 0; i < len(format); {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			out = concat(out, textValue(format[i:]))
			break
		}
		out = concat(out, textValue(format[i:i+j]))
		i += j + 1
		// flags, width, precision, [n]; a width or precision given as
		// an argument (*) is its value when that is a constant, else
		// stays * (not known).
		var spec strings.Builder
		for i < len(format) && strings.IndexByte("+-# 0123456789.*[]", format[i]) >= 0 {
			if format[i] == '[' {
				k := strings.IndexByte(format[i:], ']')
				if k < 0 {
					break
				}
				var n int
				if _, err := fmt.Sscanf(format[i+1:i+k], "%d", &n); err == nil && n >= 1 {
					argi = n - 1
				}
				i += k + 1
				continue
			}
			if format[i] == '*' {
				w := "*"
				if argi < len(elems) {
					if n, ok := constInt(underlyingArg(elems[argi])); ok && n >= 0 && n <= 1<<16 {
						w = strconv.FormatInt(n, 10)
					}
				}
				spec.WriteString(w)
				argi++
			} else {
				spec.WriteByte(format[i])
			}
			i++
		}
		if i >= len(format) {
			break
		}
		verb := format[i]
		i++
		if verb == '%' {
			out = concat(out, textValue("%"))
			continue
		}
		if argi >= len(elems) {
			out = concat(out, holeValue(Hole{}))
			continue
		}
		fv := e.formatted(elems[argi], verb, spec.String(), depth)
		if t := underlyingArg(elems[argi]).Type(); !(isStringType(t) && spec.Len() == 0 && (verb == 's' || verb == 'v')) {
			fname := "fmt.Sprintf"
			if first != 1 {
				fname = "fmt.Fprintf"
			}
			fv = formattedBy(fv, fname, "", at, first+argi)
		}
		out = concat(out, candidate(usedAt(fv, at, first+argi), at, first+argi, cands))
		argi++
	}
	return settle(out, cands)
}

// formatted is one operand formatted with %<spec><verb>.
func (e *eval) formatted(a ssa.Value, verb byte, spec string, depth int) Value {
	t := a.Type()
	if mi, ok := a.(*ssa.MakeInterface); ok {
		t = mi.X.Type()
	}
	v := e.of(a, depth)
	if mi, ok := a.(*ssa.MakeInterface); ok {
		v = narrowed(v, mi.X, mi.Block())
	}
	fullVerb := "%" + spec + string(verb)
	if v.IsConst() && spec == "" && (verb == 's' || verb == 'v' || verb == 'd') {
		return v
	}
	if c, ok := unwrapConst(a); ok && c.Value != nil && !strings.Contains(spec, "*") {
		switch c.Value.Kind() {
		case constant.Int:
			if n, exact := constant.Int64Val(c.Value); exact {
				return textValue(fmt.Sprintf(fullVerb, n))
			}
		case constant.Float:
			if f, _ := constant.Float64Val(c.Value); verb == 'f' || verb == 'g' || verb == 'e' || verb == 'v' {
				return textValue(fmt.Sprintf(fullVerb, f))
			}
		case constant.String:
			if verb == 's' || verb == 'v' {
				return textValue(fmt.Sprintf(fullVerb, constant.StringVal(c.Value)))
			}
		}
	}
	var b Bound
	switch verb {
	case 'd':
		b = Digits
	case 'x', 'X', 'o', 'O', 'b':
		b = Hex
	case 'f', 'F', 'g', 'G', 'e', 'E', 't':
		b = Number
	case 's', 'v':
		if isStringType(t) && spec == "" {
			return v
		}
		b = numBound(t)
		if isNamed(t, "github.com/google/uuid", "UUID") {
			b = UUID
		}
	}
	out := opaque(v, b)
	if isStringType(t) && spec == "" && (verb == 's' || verb == 'v') {
		out = v
	}
	return mapHoles(out, func(h Hole) Hole {
		if h.Verb == "" || h.Func == "" {
			// A text formatted before (strconv.Itoa(n) given to %s)
			// keeps the verb that formatted it.
			h.Verb = fullVerb
		}
		return h
	})
}

func unwrapConst(v ssa.Value) (*ssa.Const, bool) {
	for {
		switch x := v.(type) {
		case *ssa.Const:
			return x, true
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return nil, false
		}
	}
}

// join is strings.Join(elems, sep) over every variant of the slice.
func (e *eval) join(elems ssa.Value, sepV Value, at ssa.Value, depth int) Value {
	if v, ok := e.joinKnown(elems, sepV, at, depth); ok {
		return v
	}
	return opaque(e.of(elems, depth), 0)
}

// joinKnown is join when the elements are known, or elems is a slice
// parameter of the function summarised (joins.go); false otherwise.
func (e *eval) joinKnown(elems ssa.Value, sepV Value, at ssa.Value, depth int) (Value, bool) {
	if sep, isConst := constText(sepV); isConst {
		if v, ok := e.mappedJoin(elems, sep, depth); ok {
			return v, true
		}
	}
	lists, ok := e.sliceVariants(elems, depth)
	if !ok {
		if sep, isConst := constText(sepV); isConst {
			return e.joinedParam(elems, sep)
		}
		return Value{}, false
	}
	nonEmpty := false
	if in, isIn := at.(ssa.Instruction); isIn && in.Block() != nil {
		nonEmpty = guardedNonEmpty(in.Block(), elems)
	}
	var vs []Value
	for _, list := range lists {
		if nonEmpty && len(list) == 0 {
			continue // if len(parts) > 0 { strings.Join(parts, …) }
		}
		cur := Value{Variants: []Variant{{}}}
		for i, el := range list {
			if i > 0 {
				cur = concat(cur, sepV)
			}
			if el == nil {
				if i > 0 && list[i-1] != nil {
					// Further elements like the ones before: the
					// separator joins one more of the last (loops.go).
					cur = concat(cur, e.of(list[i-1], depth))
					cur.Approx = true
					continue
				}
				cur = concat(cur, moreElements()) // a loop's further appends
				continue
			}
			cur = concat(cur, e.of(el, depth))
		}
		vs = append(vs, cur)
	}
	return union(vs...), true
}

// builder is the text written to a strings.Builder or bytes.Buffer
// before its String (or Bytes) call v: the writes in block order; a
// write in a block that does not dominate the call's block is optional
// (both variants, bounded).
func (e *eval) builder(recv ssa.Value, v ssa.Value, depth int) Value {
	in, _ := v.(ssa.Instruction)
	var at *ssa.BasicBlock
	if in != nil {
		at = in.Block()
	}
	var ws []bufWrite
	for _, base := range e.aliases(recv, depth) {
		refs := base.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			var c *ssa.CallCommon
			var call ssa.CallInstruction
			switch r := ref.(type) {
			case *ssa.Call:
				c, call = r.Common(), r
			case *ssa.MakeInterface:
				// fmt.Fprintf(&b, …)
				for _, r2 := range *r.Referrers() {
					cl, ok := r2.(*ssa.Call)
					if !ok || cl.Call.StaticCallee() == nil || len(cl.Call.Args) == 0 || cl.Call.Args[0] != r {
						continue
					}
					switch callee(cl.Call.StaticCallee()) {
					case "fmt.Fprintf":
						ws = append(ws, bufWrite{cl.Block(), instrIndex(cl), e.sprintf(cl.Call.Args[1:], cl.Pos(), 2, depth)})
					case "encoding/json.NewEncoder", "encoding/xml.NewEncoder":
						// json.NewEncoder(&b).Encode(v): the documents
						// its Encode calls write (encoded).
						ws = append(ws, e.encoded(cl, depth)...)
					case "compress/gzip.NewWriter", "compress/gzip.NewWriterLevel",
						"compress/zlib.NewWriter", "compress/zlib.NewWriterLevel", "compress/flate.NewWriter":
						// gzip.NewWriter(&b).Write(data): compressed.
						ws = append(ws, e.compressed(cl, depth)...)
					}
				}
				continue
			default:
				continue
			}
			f := c.StaticCallee()
			if f == nil || len(c.Args) < 2 || c.Args[0] != base {
				continue
			}
			switch f.Name() {
			case "WriteString", "Write", "WriteByte", "WriteRune":
				val := e.of(c.Args[1], depth)
				if f.Name() == "WriteRune" || f.Name() == "WriteByte" {
					if !val.IsConst() {
						val = opaque(val, 0)
					} else if n, err := parseInt(val.Variants[0].Text()); err == nil {
						val = textValue(string(rune(n)))
					}
				}
				ws = append(ws, bufWrite{call.Block(), instrIndex(call), val})
			}
		}
	}
	// Order: by block index, then position in the block.
	for i := 1; i < len(ws); i++ {
		for j := i; j > 0 && (ws[j].b.Index < ws[j-1].b.Index || ws[j].b == ws[j-1].b && ws[j].pos < ws[j-1].pos); j-- {
			ws[j], ws[j-1] = ws[j-1], ws[j]
		}
	}
	out := Value{Variants: []Variant{{}}}
	for _, w := range ws {
		if at != nil && w.b != at && !w.b.Dominates(at) {
			out = union(out, concat(out, w.val))
			continue
		}
		out = concat(out, w.val)
	}
	return out
}

// compressed is what the compressor made by the call w
// (gzip.NewWriter(&b), zlib, flate; also the (writer, error) of
// NewWriterLevel) writes to its buffer: for each Write(data), data
// compressed, of a size not known — only what makes it unbounded is
// kept (an unlimited hole stays unlimited, any other limit is dropped),
// so a whole file or a request body gzipped stays as long as the client
// or the file makes it, and bounded text is no longer known to be small;
// a marshalled document (text that compresses many times over, written
// compressed to fit) is of a size not known.
func (e *eval) compressed(w *ssa.Call, depth int) []bufWrite {
	writer := ssa.Value(w)
	if _, ok := w.Type().(*types.Tuple); ok {
		writer = nil
		for _, ref := range *w.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok && ex.Index == 0 {
				writer = ex
			}
		}
		if writer == nil {
			return nil
		}
	}
	var ws []bufWrite
	for _, ref := range *writer.Referrers() {
		cl, ok := ref.(*ssa.Call)
		if !ok || cl.Call.StaticCallee() == nil || len(cl.Call.Args) != 2 || cl.Call.Args[0] != writer || cl.Call.StaticCallee().Name() != "Write" {
			continue
		}
		val := mapHoles(opaque(e.of(cl.Call.Args[1], depth), 0), func(h Hole) Hole {
			if h.Source == Body && h.What == marshalledDoc {
				// JSON or XML text, unbounded only as a slice could
				// be long, shrinks many times over: of a size not
				// known, no longer a source.
				return Hole{What: "compressed"}
			}
			if h.Max != Unlimited {
				h.Max = 0
			}
			return h
		})
		ws = append(ws, bufWrite{cl.Block(), instrIndex(cl), val})
	}
	return ws
}

// A bufWrite is what one instruction (a Write, an Fprintf, an encoder's
// Encode) writes into a buffer: its block, its index there and the value.
type bufWrite struct {
	b   *ssa.BasicBlock
	pos int
	val Value
}

// encoded is what the encoder json.NewEncoder(w) (xml.NewEncoder) made
// by enc writes to w: for each Encode(v), the document json.Marshal(v)
// makes (marshal.go) and, for JSON, a newline. An encoder used in any
// other way (kept in a variable or a field, SetIndent, passed on) writes
// documents of a size not known: each keeps only what makes it
// unbounded (its holes, their limits dropped), and a use the engine
// does not follow writes an unknown text.
func (e *eval) encoded(enc *ssa.Call, depth int) []bufWrite {
	tag, nl := "json", "\n"
	if callee(enc.Call.StaticCallee()) == "encoding/xml.NewEncoder" {
		tag, nl = "xml", ""
	}
	var docs []bufWrite
	sized := true
	for _, ref := range *enc.Referrers() {
		cl, ok := ref.(*ssa.Call)
		if !ok || cl.Call.StaticCallee() == nil || len(cl.Call.Args) == 0 || cl.Call.Args[0] != enc {
			if _, isDebug := ref.(*ssa.DebugRef); !isDebug {
				sized = false
				docs = append(docs, bufWrite{enc.Block(), instrIndex(enc), unknownWrite()})
			}
			continue
		}
		switch cl.Call.StaticCallee().Name() {
		case "Encode":
			if len(cl.Call.Args) == 2 {
				doc := concat(e.marshal(cl.Call.Args[1], tag, depth), textValue(nl))
				docs = append(docs, bufWrite{cl.Block(), instrIndex(cl), doc})
			}
		case "SetEscapeHTML", "Close", "Flush":
		default:
			sized = false // SetIndent, Indent, EncodeToken…
		}
	}
	if !sized {
		for i, d := range docs {
			docs[i].val = mapHoles(opaque(d.val, 0), func(h Hole) Hole {
				if h.Max != Unlimited {
					h.Max = 0
				}
				return h
			})
		}
	}
	return docs
}

func parseInt(s string) (int, error) {
	var n int
	_, err := fmt.Sscanf(s, "%d", &n)
	return n, err
}

func instrIndex(in ssa.Instruction) int {
	for i, x := range in.Block().Instrs {
		if x == in {
			return i
		}
	}
	return 0
}

// sourceOfStruct says whether the struct (or pointer to it) x is
// request input or an entity read from a table: a hole of that Source
// (Unknown when neither) whose What names it, with the bounds of the
// bytes a struct decoded from a request was read from (decodedInto).
func (e *eval) sourceOfStruct(x ssa.Value, depth int) Hole {
	if depth > MaxDepth {
		return Hole{}
	}
	t := x.Type()
	if isNamed(t, "net/http", "Request") {
		return Hole{Source: Request, What: "r"}
	}
	switch x := x.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			switch p := x.X.(type) {
			case *ssa.FieldAddr:
				if h := e.sourceOfStruct(p.X, depth+1); h.Source != Unknown {
					st := p.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
					h.What = joinWhat(h.What, st.Field(p.Field).Name())
					return h
				}
			case *ssa.Alloc:
				return e.allocSource(p, depth)
			case *ssa.IndexAddr:
				// An element of a slice (for _, it := range items)
				// decoded from the request or read from a table: the
				// same source.
				return e.sourceOfStruct(p.X, depth+1)
			}
		}
	case *ssa.Alloc:
		return e.allocSource(x, depth)
	case *ssa.IndexAddr:
		// The address of such an element (&items[i], items[i].F).
		return e.sourceOfStruct(x.X, depth+1)
	case *ssa.FieldAddr:
		// The address of a struct field of such a struct (an embedded
		// aztables.Entity, a nested struct): the same source. An
		// embedded field is not named (e.PartitionKey, as written).
		if h := e.sourceOfStruct(x.X, depth+1); h.Source != Unknown {
			st := x.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
			if f := st.Field(x.Field); !f.Embedded() {
				h.What = joinWhat(h.What, f.Name())
			}
			return h
		}
	case *ssa.Field:
		if h := e.sourceOfStruct(x.X, depth+1); h.Source != Unknown {
			st := x.X.Type().Underlying().(*types.Struct)
			h.What = joinWhat(h.What, st.Field(x.Field).Name())
			return h
		}
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			src, what := e.sourceOfCall(c.Common())
			return Hole{Source: src, What: what}
		}
	case *ssa.Call:
		src, what := e.sourceOfCall(x.Common())
		return Hole{Source: src, What: what}
	}
	return Hole{}
}

// fieldHole is the hole of field f of a struct from the source h.
func fieldHole(h Hole, f *types.Var) Value {
	h.What = joinWhat(h.What, f.Name())
	h.typ = f.Type()
	return holeValue(h)
}

// allocSource: the variable a is decoded from request input or an
// entity, or is a copy of such a struct made once and never written
// again (a range variable o whose nested field o.Req.Key is read).
func (e *eval) allocSource(a *ssa.Alloc, depth int) Hole {
	if h := e.decodedInto(a, depth); h.Source != Unknown {
		return h
	}
	if v, ok := copiedOnce(a); ok {
		return e.sourceOfStruct(v, depth+1)
	}
	return Hole{}
}

// copiedOnce returns the one value stored whole into the variable a
// when nothing else writes it or any of its fields, and its address
// goes nowhere but to reads of it and of its fields; the store is in
// the block that declares a (o := ops[i], a range variable).
func copiedOnce(a *ssa.Alloc) (ssa.Value, bool) {
	var val ssa.Value
	var readOnly func(v ssa.Value, top bool) bool
	readOnly = func(v ssa.Value, top bool) bool {
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				if !top || ref.Addr != v || val != nil || ref.Block() != a.Block() {
					return false
				}
				val = ref.Val
			case *ssa.UnOp:
				if ref.Op != token.MUL {
					return false
				}
			case *ssa.FieldAddr:
				if !readOnly(ref, false) {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
		return true
	}
	if !readOnly(a, true) || val == nil {
		return nil, false
	}
	return val, true
}

// sourceOfCall: a GetEntity response or a list page is an entity read
// from a table.
func (e *eval) sourceOfCall(cc *ssa.CallCommon) (Source, string) {
	f := cc.StaticCallee()
	if f == nil {
		// A user-defined interface the SDK client satisfies (a "table"
		// interface wrapping GetEntity): its result type says it.
		if cc.IsInvoke() && cc.Method.Name() == "GetEntity" {
			if res := cc.Signature().Results(); res.Len() > 0 && isNamed(res.At(0).Type(), sdk.AztablesPath, "GetEntityResponse") {
				return Entity, "GetEntity"
			}
		}
		return Unknown, ""
	}
	switch callee(f) {
	case sdk.AztablesPath + ".Client.GetEntity":
		return Entity, "GetEntity"
	case sdk.RuntimePath + ".Pager.NextPage":
		return Entity, "page"
	case "net/http.Request.WithContext", "net/http.Request.Clone":
		return Request, "r"
	case "net/http.Request.Cookie":
		return Request, "r.Cookie" // its Value: what the client sent
	}
	return Unknown, ""
}

// addressUses returns a and the interfaces made of it: what a call that
// fills a's variable (json.Unmarshal(data, &a)) is given.
func addressUses(a *ssa.Alloc) []ssa.Value {
	uses := []ssa.Value{a}
	for _, ref := range *a.Referrers() {
		if mi, ok := ref.(*ssa.MakeInterface); ok {
			uses = append(uses, mi)
		}
	}
	return uses
}

// decodedInto says whether the variable a is filled by decoding request
// input or an entity (json.Unmarshal(data, &a), json.NewDecoder(r.Body).
// Decode(&a)): a hole of that Source (Unknown when neither). A request's
// hole ("body") keeps what bounds the bytes decoded: a limiting reader's
// Max, a length check (LengthChecked); what is decoded from them is no
// longer (a field of a request model: sized in size.go).
func (e *eval) decodedInto(a *ssa.Alloc, depth int) Hole {
	if hs := e.decodedFrom(a, depth); len(hs) > 0 {
		return hs[0]
	}
	return Hole{}
}

// decodedFrom is every source decodedInto could name: each entity the
// bytes decoded may be (a page's element or a read's Value, joined by a
// φ: both), or the request's hole; nil when neither.
func (e *eval) decodedFrom(a *ssa.Alloc, depth int) []Hole {
	if depth > MaxDepth {
		return nil
	}
	for _, u := range addressUses(a) {
		for _, ref := range *u.Referrers() {
			c, ok := ref.(*ssa.Call)
			if !ok {
				continue
			}
			f := c.Call.StaticCallee()
			if f == nil {
				continue
			}
			// A web framework's bind of the request into the value (gin's
			// c.ShouldBindJSON(&in), fiber's c.BodyParser(&in)).
			if frameworkBind[callee(f)] && len(c.Call.Args) == 2 && c.Call.Args[1] == u {
				return []Hole{{Source: Request, What: "body"}}
			}
			// Another package's Unmarshal(data []byte, v any) error (a
			// JSON:API, YAML or form decoder) of the request's bytes:
			// what it fills is request input too.
			if callee(f) != "encoding/json.Unmarshal" && unmarshalLike(f) && len(c.Call.Args) >= 2 && c.Call.Args[1] == u {
				if hs := e.dataSources(c.Call.Args[0], depth); len(hs) == 1 && hs[0].Source == Request {
					return hs
				}
			}
			switch callee(f) {
			case "encoding/json.Unmarshal":
				if len(c.Call.Args) == 2 && c.Call.Args[1] == u {
					if hs := e.dataSources(c.Call.Args[0], depth); len(hs) > 0 {
						return hs
					}
				}
			case "encoding/json.Decoder.Decode":
				if len(c.Call.Args) == 2 && c.Call.Args[1] == u {
					if nd, ok := c.Call.Args[0].(*ssa.Call); ok && nd.Call.StaticCallee() != nil && callee(nd.Call.StaticCallee()) == "encoding/json.NewDecoder" {
						if v := e.readAll(nd.Call.Args[0], depth+1); len(v.Holes()) > 0 && v.Holes()[0].Source == Request {
							return []Hole{decodedRequest(v)}
						}
					}
				}
			}
		}
	}
	return nil
}

// unmarshalLike reports whether f is a function (not a method) named
// Unmarshal of the shape func(data []byte, v any, opts ...T) error (the
// options optional).
func unmarshalLike(f *ssa.Function) bool {
	sig := f.Signature
	n := sig.Params().Len()
	if f.Name() != "Unmarshal" || sig.Recv() != nil || n != 2 && !(n == 3 && sig.Variadic()) || sig.Results().Len() != 1 {
		return false
	}
	b, ok := sig.Params().At(0).Type().(*types.Slice)
	if !ok || !types.Identical(b.Elem(), types.Typ[types.Byte]) {
		return false
	}
	it, ok := sig.Params().At(1).Type().Underlying().(*types.Interface)
	return ok && it.Empty() && types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}

// decodedRequest is the hole of what is decoded from the request bytes
// v: bounded as v is.
func decodedRequest(v Value) Hole {
	return Hole{Source: Request, What: "body", Bound: commonBound(v, LengthChecked), Max: sizeOfWhole(v)}
}

// dataSources: the bytes decoded are a request body (its one hole), or
// entities (each read they may be, in order); nil when neither.
func (e *eval) dataSources(data ssa.Value, depth int) []Hole {
	if f, ok := data.(*ssa.Field); ok {
		if h := e.sourceOfStruct(f.X, depth+1); h.Source == Entity {
			return []Hole{h}
		}
	}
	v := e.of(data, depth+1)
	var out []Hole
	for _, h := range v.Holes() {
		switch h.Source {
		case Request:
			if len(out) == 0 {
				return []Hole{decodedRequest(v)}
			}
		case Entity:
			if eh := (Hole{Source: Entity, What: h.What}); !slices.Contains(out, eh) {
				out = append(out, eh)
			}
		}
	}
	return out
}

// decodedDocument is the value of an interface variable (an any: a
// document of any shape) that json.Unmarshal fills from bytes read
// whole (a response, a file): a Body hole, bounded as those bytes are.
// ok is false for anything else. (A map or slice marshalled again is a
// document of any size already: see json.Marshal in model.)
func (e *eval) decodedDocument(a *ssa.Alloc, depth int) (Value, bool) {
	t := a.Type().(*types.Pointer).Elem()
	if depth > MaxDepth || !types.IsInterface(t) {
		return Value{}, false
	}
	for _, u := range addressUses(a) {
		for _, ref := range *u.Referrers() {
			c, ok := ref.(*ssa.Call)
			if !ok || c.Call.StaticCallee() == nil || callee(c.Call.StaticCallee()) != "encoding/json.Unmarshal" || len(c.Call.Args) != 2 || c.Call.Args[1] != u {
				continue
			}
			v := e.of(c.Call.Args[0], depth+1)
			for _, h := range v.Holes() {
				if h.Source == Body {
					return holeValue(Hole{Source: Body, What: "a decoded document", Bound: h.Bound & LengthChecked, Max: sizeOfWhole(v)}), true
				}
			}
		}
	}
	return Value{}, false
}

// requestParam: a parameter that is a request.
func requestParam(p *ssa.Parameter) (Source, string) {
	if isNamed(p.Type(), "net/http", "Request") {
		return Request, "r"
	}
	return Unknown, ""
}
