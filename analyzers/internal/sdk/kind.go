package sdk

import (
	"go/ast"
	"go/types"
)

// Kind is what an entity operation of either SDK does. Analyzers compare
// kinds, not method names, so that "an update" means the same calls in
// every analyzer.
type Kind uint8

// The kinds. Other is every call that is not an entity operation,
// including the legacy TableBatch methods that queue an action
// (InsertEntity, MergeEntity, DeleteEntity…): ExecuteBatch sends them, and
// LegacyBatchAction classifies them.
const (
	Other       Kind = iota
	Get              // aztables Client.GetEntity; legacy Entity.Get
	Add              // Client.AddEntity; legacy Entity.Insert
	Update           // Client.UpdateEntity (merge or replace, by its options); legacy Entity.Update (replace)
	Merge            // legacy Entity.Merge
	Upsert           // Client.UpsertEntity (merge or replace, by its options); legacy Entity.InsertOrReplace
	UpsertMerge      // legacy Entity.InsertOrMerge
	Delete           // Client.DeleteEntity; legacy Entity.Delete
	Submit           // Client.SubmitTransaction; legacy TableBatch.ExecuteBatch
	List             // Client.NewListEntitiesPager
	Query            // legacy Table.QueryEntities
	Ref              // legacy Table.GetEntityReference: an entity named by its keys, to read, write or delete
)

var kindNames = [...]string{Other: "other", Get: "get", Add: "add", Update: "update", Merge: "merge",
	Upsert: "upsert", UpsertMerge: "upsert-merge", Delete: "delete", Submit: "submit", List: "list", Query: "query", Ref: "ref"}

// String returns the kind's name: "get", "add", "update"…
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "other"
}

// Reads reports whether the kind reads entities: Get, List or Query.
func (k Kind) Reads() bool { return k == Get || k == List || k == Query }

// Writes reports whether the kind writes one entity: Add, Update, Merge,
// Upsert or UpsertMerge (not Delete, not Submit).
func (k Kind) Writes() bool { return k >= Add && k <= UpsertMerge }

// Op is an entity operation: its kind and whether it is the legacy
// storage package's (false: aztables). The zero Op is no operation.
type Op struct {
	Kind   Kind
	Legacy bool
}

// ops classifies the methods by SDK, receiver and name. Method names are
// unique within each SDK, so MethodOp can classify by name alone.
var ops = map[[3]string]Kind{
	{"", "Client", "GetEntity"}:               Get,
	{"", "Client", "AddEntity"}:               Add,
	{"", "Client", "UpdateEntity"}:            Update,
	{"", "Client", "UpsertEntity"}:            Upsert,
	{"", "Client", "DeleteEntity"}:            Delete,
	{"", "Client", "SubmitTransaction"}:       Submit,
	{"", "Client", "NewListEntitiesPager"}:    List,
	{"legacy", "Entity", "Get"}:               Get,
	{"legacy", "Entity", "Insert"}:            Add,
	{"legacy", "Entity", "Update"}:            Update,
	{"legacy", "Entity", "Merge"}:             Merge,
	{"legacy", "Entity", "InsertOrReplace"}:   Upsert,
	{"legacy", "Entity", "InsertOrMerge"}:     UpsertMerge,
	{"legacy", "Entity", "Delete"}:            Delete,
	{"legacy", "TableBatch", "ExecuteBatch"}:  Submit,
	{"legacy", "Table", "QueryEntities"}:      Query,
	{"legacy", "Table", "GetEntityReference"}: Ref,
}

// byName is ops keyed by SDK and method name.
var byName = func() map[[2]string]Kind {
	m := map[[2]string]Kind{}
	for k, v := range ops {
		m[[2]string{k[0], k[2]}] = v
	}
	return m
}()

func sdkKey(legacy bool) string {
	if legacy {
		return "legacy"
	}
	return ""
}

// CallOp returns the entity operation call makes, found through go/types
// (receiver type and package); the zero Op for any other call.
func CallOp(info *types.Info, call *ast.CallExpr) Op {
	path, recv, name, ok := Method(info, call)
	if !ok {
		return Op{}
	}
	return opOf(path, recv, name)
}

// opOf classifies the method name of the named type recv of package path.
func opOf(path, recv, name string) Op {
	var legacy bool
	switch {
	case IsPath(path, AztablesPath):
	case IsPath(path, LegacyPath):
		legacy = true
	default:
		return Op{}
	}
	k := ops[[3]string{sdkKey(legacy), recv, name}]
	if k == Other {
		return Op{}
	}
	return Op{Kind: k, Legacy: legacy}
}

// FuncOp returns the entity operation of the SDK method fn (found by its
// receiver type and package, as CallOp does), for code that has the
// function but no call expression (SSA); the zero Op for other functions.
func FuncOp(fn *types.Func) Op {
	if fn == nil || fn.Pkg() == nil {
		return Op{}
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return Op{}
	}
	n := namedOf(sig.Recv().Type())
	if n == nil || n.Obj().Pkg() == nil {
		return Op{}
	}
	return opOf(n.Obj().Pkg().Path(), n.Obj().Name(), fn.Name())
}

// InvokedOp returns the entity operation of a call through the interface
// method m when m has the name and signature of an aztables Client method
// (a user-defined interface the client satisfies: a "table" interface
// declaring GetEntity or DeleteEntity); the zero Op otherwise. The
// client's package is the one m's last parameter (the method's options)
// is declared in.
func InvokedOp(m *types.Func) Op {
	if m == nil {
		return Op{}
	}
	sig, _ := m.Type().(*types.Signature)
	if sig == nil || sig.Params().Len() == 0 {
		return Op{}
	}
	opts := namedOf(sig.Params().At(sig.Params().Len() - 1).Type())
	if opts == nil || opts.Obj().Pkg() == nil || !IsPath(opts.Obj().Pkg().Path(), AztablesPath) {
		return Op{}
	}
	pkg := opts.Obj().Pkg()
	tn, _ := pkg.Scope().Lookup("Client").(*types.TypeName)
	if tn == nil {
		return Op{}
	}
	cm, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, m.Name())
	fn, _ := cm.(*types.Func)
	if fn == nil || !types.Identical(fn.Type(), sig) { // receivers are ignored
		return Op{}
	}
	return FuncOp(fn)
}

// KeyArgs returns the positions, among the arguments as written
// (receiver excluded), of the PartitionKey and RowKey an operation is
// given by its caller: GetEntity and DeleteEntity (ctx, pk, rk, …), the
// legacy GetEntityReference (pk, rk). ok is false for other operations
// (their keys are in the entity).
func KeyArgs(op Op) (pk, rk int, ok bool) {
	switch {
	case !op.Legacy && (op.Kind == Get || op.Kind == Delete):
		return 1, 2, true
	case op.Legacy && op.Kind == Ref:
		return 0, 1, true
	}
	return 0, 0, false
}

// MethodOp returns the entity operation of the SDK method name (of
// aztables, or of the legacy storage package when legacy is set), for
// code that knows a call only by the method it reaches (a wrapper's
// facts); the zero Op for other names.
func MethodOp(name string, legacy bool) Op {
	k := byName[[2]string{sdkKey(legacy), name}]
	if k == Other {
		return Op{}
	}
	return Op{Kind: k, Legacy: legacy}
}

// BatchAction is the action a legacy TableBatch method queues (ExecuteBatch
// sends it): its kind, and whether the method is one of the …ByForce ones,
// which send no If-Match whatever the entity's ETag.
type BatchAction struct {
	Kind    Kind
	ByForce bool
}

// batchActions classifies the legacy TableBatch methods other than
// ExecuteBatch.
var batchActions = map[string]BatchAction{
	"InsertEntity":                 {Kind: Add},
	"InsertOrReplaceEntity":        {Kind: Upsert},
	"InsertOrReplaceEntityByForce": {Kind: Upsert, ByForce: true},
	"InsertOrMergeEntity":          {Kind: UpsertMerge},
	"InsertOrMergeEntityByForce":   {Kind: UpsertMerge, ByForce: true},
	"ReplaceEntity":                {Kind: Update},
	"MergeEntity":                  {Kind: Merge},
	"DeleteEntity":                 {Kind: Delete},
	"DeleteEntityByForce":          {Kind: Delete, ByForce: true},
}

// LegacyBatchAction returns the action the legacy TableBatch method name
// queues, for code that knows a call by the method it reaches; ok is
// false for other names (ExecuteBatch included).
func LegacyBatchAction(name string) (a BatchAction, ok bool) {
	a, ok = batchActions[name]
	return a, ok
}

// CallBatchAction returns the action call queues when it calls a legacy
// TableBatch method (found through go/types); ok is false for any other
// call (ExecuteBatch included).
func CallBatchAction(info *types.Info, call *ast.CallExpr) (a BatchAction, ok bool) {
	path, recv, name, ok := Method(info, call)
	if !ok || !IsPath(path, LegacyPath) || recv != "TableBatch" {
		return BatchAction{}, false
	}
	return LegacyBatchAction(name)
}
