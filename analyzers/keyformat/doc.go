// Package keyformat defines an Analyzer that reports numeric components
// of Azure Table keys that are not padded to a fixed width.
//
// # Analyzer keyformat
//
// keyformat: find numbers formatted into PartitionKey or RowKey values
// without zero padding.
//
// Keys are strings and the Table service orders and compares them as
// strings, so "10" sorts before "9" and a range query over unpadded
// numbers returns the wrong entities. The documentation's advice: "To
// ensure that numeric values sort correctly, you should convert them to
// a fixed length, and pad them with zeroes."
//
// A key sink is a value that becomes a key: the PartitionKey or RowKey
// field of an aztables.Entity, EDMEntity or legacy storage.Entity
// literal, of any struct whose JSON form has both PartitionKey and RowKey
// string fields, the "PartitionKey"/"RowKey" entry of a map literal,
// assignments to such fields and entries, the partitionKey and rowKey
// arguments of aztables Client.GetEntity and DeleteEntity (also called
// through an interface of the user's with the client's method, which the
// client satisfies), and of legacy Table.GetEntityReference, and the
// argument a caller passes to a helper that makes it the PartitionKey or
// RowKey of an entity it writes (putOrder(ctx, c, customer,
// strconv.Itoa(id)), in this package or another) or that reads or
// deletes by it (get(ctx, pk, strconv.Itoa(n)) calling GetEntity or
// DeleteEntity with its parameter: analyzers/internal/keyflow's
// KeyParams). The sink's value is reconstructed (constants, +, fmt.Sprintf,
// strconv, variables assigned once, one-line helpers); each run-time
// integer in it is checked:
//
//   - TL204 numeric-key-unpadded: an integer formatted by strconv.Itoa,
//     strconv.FormatInt/FormatUint, fmt.Sprint, or a fmt verb (%d, %v,
//     %x…) without a zero-padded width (%08d is fine). The suggested fix
//     formats it with fmt.Sprintf and a zero-padded width wide enough for
//     the integer type (%03d for 8 bits, %05d for 16, %010d for 32,
//     %019d for 64 bits and int, %020d for uint64).
//   - TL205 reverse-ticks-unpadded: a reverse-time value — a constant of
//     18 or more digits (math.MaxInt64, DateTime.MaxValue.Ticks =
//     3155378975999999999) minus a run-time value — not zero-padded to 19
//     digits, also when a helper of the package or of another makes the
//     subtraction and returns it (flow's Reverse, from function
//     summaries): reported where it is formatted. The suggested fix
//     formats it with %019d.
//
// The fixes leave code that compiles when applied one at a time (an
// editor) or all together (go vet -fix, golangci-lint run --fix): when
// the rewrites of a file remove the last use of strconv, each of them
// rewrites all of those keys and deletes the import.
//
// A key made by calling a function value — a func-typed field of a
// store (s.rowOf(n)), a variable, a parameter — is the key each function
// that can be there makes (flow.FuncValues): those the package stores
// into that field or variable (a constructor's default, an option's
// argument) and, when code outside the package can set it, those the
// package offers for it (its exported functions of that type and the
// functions its exported functions return as one). A finding is placed
// in that function.
//
// Silent: integers that are constants; Unix, UnixMilli, UnixMicro,
// UnixNano and Year of a time.Time (fixed width for any date this
// century), also through conversions to an integer type at least as wide
// (int64(t.UnixNano())); the variable of a loop with constant bounds
// whose values all have the same number of digits (for i := 0; i < 10;
// i++, for i := range 9, for i := 10; i <= 99; i++), read by the
// syntax of the loop, not by flow; strings that never reach a key (blob names, file paths,
// messages built with strconv.Itoa); keys padded with %0Nd; uuids and
// other strings; values it cannot reconstruct, such as a call through
// a function value the package neither stores nor offers.
package keyformat
