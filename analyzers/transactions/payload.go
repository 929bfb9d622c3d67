package transactions

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/tablelint/tablelint/analyzers/internal/diag"
	"github.com/tablelint/tablelint/analyzers/internal/flow"
	"github.com/tablelint/tablelint/analyzers/internal/sdk"
	"github.com/tablelint/tablelint/analyzers/internal/writes"
	"github.com/tablelint/tablelint/internal/limits"
)

// The payload of a SubmitTransaction, sized from below: each action as
// the aztables SDK sends it (limits.WireActionBytes), counting only what
// is known statically — constant key text, and property values of a
// known size (string constants, strings.Repeat and bytes.Repeat of
// constants, make([]byte, N) with a constant N). Everything else counts
// as nothing, the table name and the account endpoint included, so the
// sum is a lower bound: a transaction is reported only when even that is
// over the limit.

// maxSizeDepth bounds how far values are followed through variables.
const maxSizeDepth = 8

// actionBytes returns the least bytes the action e (an element of a
// []aztables.TransactionAction) adds to a transaction's request body;
// 0 when e is not a TransactionAction literal.
func (c *checker) actionBytes(e ast.Expr) int64 {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = u.X
	}
	lit, ok := ast.Unparen(c.idx.Resolve(e)).(*ast.CompositeLit)
	if !ok || !sdk.IsAztablesType(c.pass.TypesInfo.TypeOf(lit), "TransactionAction") {
		return 0
	}
	var s entitySize
	if ent := sdk.Field(c.pass.TypesInfo, lit, "Entity"); ent != nil {
		if el := c.entityLit(ent); el != nil {
			c.sizeEntity(el, &s, 0)
		}
	}
	pk, rk := limits.WireKeyStringLen(s.pk), limits.WireKeyStringLen(s.rk)
	body := limits.WireEntityBytes(int64(pk), int64(rk), s.props)
	keys := int64(limits.WireKeyLen(s.pk) + limits.WireKeyLen(s.rk))
	kinds := []limits.WireKind{limits.WireInsert, limits.WireMerge, limits.WireReplace, limits.WireDelete}
	if k, ok := c.actionKind(sdk.Field(c.pass.TypesInfo, lit, "ActionType")); ok {
		kinds = kinds[k : k+1]
	}
	least := int64(-1)
	for _, k := range kinds {
		if n := limits.WireActionBytes(k, 0, keys, body); least < 0 || n < least {
			least = n
		}
	}
	// The framing was measured with an endpoint of WireEndpointChars
	// characters, in each action's URL; count none.
	return max(least-limits.WireEndpointChars, 0)
}

// actionKind returns the framing of an ActionType constant.
func (c *checker) actionKind(e ast.Expr) (limits.WireKind, bool) {
	if e == nil {
		return 0, false
	}
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return 0, false
	}
	switch constant.StringVal(tv.Value) {
	case "add":
		return limits.WireInsert, true
	case "updatemerge", "insertmerge":
		return limits.WireMerge, true
	case "updatereplace", "insertreplace":
		return limits.WireReplace, true
	case "delete":
		return limits.WireDelete, true
	}
	return 0, false
}

// entityLit follows an action's Entity (the marshalled bytes) back to
// the one literal it is marshalled from: through variables assigned
// once, json.Marshal, & and conversions. nil when there is no such
// literal.
func (c *checker) entityLit(e ast.Expr) *ast.CompositeLit {
	for range maxSizeDepth {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.CompositeLit:
			return x
		case *ast.UnaryExpr:
			e = x.X
		case *ast.Ident:
			v := c.idx.VarOf(x)
			if v == nil {
				return nil
			}
			d, ok := c.idx.Only(v)
			if !ok || d.Zero() || d.Index > 0 {
				return nil
			}
			e = d.Rhs
		case *ast.CallExpr:
			if arg := writes.MarshalArg(c.pass.TypesInfo, x); arg != nil {
				e = arg
				continue
			}
			if tv, ok := c.pass.TypesInfo.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
				e = x.Args[0]
				continue
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// entitySize is what is known of an entity: the constant text of its
// keys and the least bytes of its custom properties on the wire.
type entitySize struct {
	pk, rk string
	props  int64
}

// sizeEntity adds to s what lit, an entity literal, is known to send: a
// map with constant keys, an entity struct (embedded structs flattened),
// or an aztables.EDMEntity with its Properties.
func (c *checker) sizeEntity(lit *ast.CompositeLit, s *entitySize, depth int) {
	if depth > maxSizeDepth {
		return
	}
	t := c.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	edm := sdk.IsAztablesType(t, "EDMEntity")
	c.idx.LiteralProperties(t, lit, func(p writes.LiteralProperty) {
		if p.Field != nil && (edm && p.Field.Name() == "Properties" || p.Field.Embedded()) {
			if inner, ok := ast.Unparen(c.idx.Resolve(p.Value)).(*ast.CompositeLit); ok {
				c.sizeEntity(inner, s, depth+1)
			}
			return
		}
		if edm {
			return // odata.metadata and the like are not sent
		}
		if p.Name != "" {
			c.sizeProperty(p.Name, p.Value, s)
		}
	})
}

// sizeProperty adds property name, of value v, to s.
func (c *checker) sizeProperty(name string, v ast.Expr, s *entitySize) {
	switch name {
	case writes.PartitionKey:
		s.pk = c.constText(v)
		return
	case writes.RowKey:
		s.rk = c.constText(v)
		return
	case writes.Timestamp:
		return
	}
	n, edm, ok := c.valueBytes(v, 0)
	if !ok {
		return // unknown: counted as nothing
	}
	s.props += limits.WirePropertyBytes(int64(limits.WireStringLen(name)-2), n, edm)
}

// constText returns the constant text of a key: the constant parts of
// its reconstructed value (fmt.Sprintf("%03d", i) has none), which it
// holds at least.
func (c *checker) constText(e ast.Expr) string {
	v, ok := c.fl.ExprOf(e)
	if !ok {
		return ""
	}
	return flow.ConstParts(v)
}

// valueBytes returns the bytes a property value of a statically known
// size takes in an entity's JSON body, with its type annotation (only
// aztables.EDMBinary values are annotated here). Empty values are not
// known: an omitempty field leaves them out. Beyond the shapes read
// here exactly, the least size the value-flow layer finds (flow.Size.
// Least: constant text, repeated constants, made []byte, through +,
// fmt.Sprintf, variables and helpers; the shortest of a value's
// variants) counts.
func (c *checker) valueBytes(e ast.Expr, depth int) (n int64, edm string, ok bool) {
	if n, edm, ok := c.exactBytes(e, depth); ok {
		return n, edm, true
	}
	t := c.pass.TypesInfo.TypeOf(e)
	if tv, isConst := c.pass.TypesInfo.Types[e]; depth > 0 || isConst && tv.Value != nil || t == nil || !sdk.IsBytes(t) && !isString(t) {
		return 0, "", false // numbers and constants: as exactBytes says
	}
	v, ok := c.fl.ExprOf(e)
	if !ok {
		return 0, "", false
	}
	least := flow.SizeOf(v).Least
	if least <= 0 {
		return 0, "", false
	}
	if sdk.IsAztablesType(t, "EDMBinary") {
		edm = "Edm.Binary"
	}
	if sdk.IsBytes(t) {
		return limits.WireBinary(least), edm, true
	}
	return least + 2, "", true // quoted; escapes only add
}

// exactBytes is valueBytes of the shapes whose size is read from the
// syntax.
func (c *checker) exactBytes(e ast.Expr, depth int) (n int64, edm string, ok bool) {
	if depth > maxSizeDepth {
		return 0, "", false
	}
	e = ast.Unparen(c.idx.Resolve(e))
	info := c.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) != "" {
			return int64(limits.WireStringLen(constant.StringVal(tv.Value))), "", true
		}
		return 0, "", false
	}
	call, isCall := e.(*ast.CallExpr)
	if !isCall {
		return 0, "", false
	}
	t := info.TypeOf(e)
	if sdk.IsAztablesType(t, "EDMBinary") {
		edm = "Edm.Binary"
	}
	switch {
	case sdk.IsBuiltin(info, call, "make") && len(call.Args) >= 2 && sdk.IsBytes(t):
		if k, ok := c.constInt(call.Args[1]); ok && k > 0 {
			return limits.WireBinary(k), edm, true
		}
	case sdk.IsFunc(info, call, "strings", "Repeat") && len(call.Args) == 2:
		s, ok1 := c.idx.ConstString(call.Args[0])
		k, ok2 := c.constInt(call.Args[1])
		if ok1 && ok2 && k > 0 && s != "" {
			return int64(limits.WireStringLen(s)-2)*k + 2, "", true
		}
	case sdk.IsFunc(info, call, "bytes", "Repeat") && len(call.Args) == 2:
		b, ok1 := c.constBytes(call.Args[0])
		k, ok2 := c.constInt(call.Args[1])
		if ok1 && ok2 && k > 0 && b > 0 {
			return limits.WireBinary(b * k), edm, true
		}
	case len(call.Args) == 1 && isConversion(info, call):
		if sdk.IsBytes(t) {
			if b, ok := c.constBytes(e); ok && b > 0 {
				return limits.WireBinary(b), edm, true
			}
			if sdk.IsBytes(info.TypeOf(call.Args[0])) {
				n, _, ok := c.exactBytes(call.Args[0], depth+1)
				return n, edm, ok
			}
		}
	}
	return 0, "", false
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// constBytes returns the length of []byte("constant").
func (c *checker) constBytes(e ast.Expr) (int64, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !isConversion(c.pass.TypesInfo, call) {
		return 0, false
	}
	s, ok := c.idx.ConstString(call.Args[0])
	return int64(len(s)), ok
}

func isConversion(info *types.Info, call *ast.CallExpr) bool {
	tv, ok := info.Types[call.Fun]
	return ok && tv.IsType()
}

// payloadOver reports TL401 at site when a transaction's request body of
// at least actions bytes of actions is over the payload limit.
func (c *checker) payloadOver(site *ast.CallExpr, actions int64) bool {
	if actions <= 0 {
		return false
	}
	payload := limits.WirePayload(actions)
	if !c.svc.BatchOver(payload) {
		return false
	}
	limit := "the " + c.svc.BatchLimit
	if c.svc.Target == limits.Cosmos {
		limit = c.svc.BatchLimit
	}
	diag.Report(c.pass, "TL401", site, "this transaction sends at least %d bytes, over %s payload limit", payload, limit)
	return true
}
