// Package flow is the value-flow layer shared by tablelint's analyzers:
// one place, on SSA (golang.org/x/tools/go/ssa, built by ssabuild: also
// for packages with type errors, whose ill-typed functions contribute
// nothing; never for the standard library), that answers "which values
// can reach this argument, and where do they come from".
//
// A Value is a bounded set of Variants; a Variant is a sequence of
// Parts, constant text or a Hole. A Hole records the Source of a
// run-time value (request input, the command line, the environment, a
// parameter, an entity read from a table, the current time, a file or
// stream read whole) and its Bounds (a formatted integer, a UUID, an
// escaped, validated, length-checked or truncated value, a time
// formatted with a layout).
//
// Understood: constants and +; digests (crypto md5/sha1/sha256/sha512 sums, a local
// array holding one sliced, hex.EncodeToString) keep the origin of what
// they hash, with a fixed length (digests.go); fmt.Sprintf with a constant format (every
// verb, flags, width, precision and %[n] indexes; %d/%x/%f/%t bound the
// hole, constants are folded: fmt.Sprintf("%03d", 7) is "007"),
// fmt.Sprint; strconv formatting; strings.Join of slice literals, of
// appends (in branches: one variant per path) and of slices made and
// filled by index (elements a loop adds: one more like the last, so
// the separator's shape shows: an or over RowKey terms), strings.Builder and
// bytes.Buffer writes (a write in a block that does not dominate the
// String call is optional: both variants), strings.Replace/ReplaceAll
// (applied to the text; "'"→"”" marks the holes Escaped), case and trim
// functions; φ-nodes (the union of their edges; an operand of + or of
// Sprintf used under `x == ""`, `x != ""` or a len(x) test keeps only the
// variants that test allows, and an operand or a returned value under
// the equal edge of `x == C` (C a string or integer constant; the else
// edge of `x != C`, a switch case on x, len(x) == 0 for "") is C there,
// so `if s == "" { return s }` before an escape leaves an escaper:
// guards.go); variables captured by
// closures (the stores of every closure that captures them: a filter set
// inside withRetry(func() error {…}) reaches the code after it), and
// parameters a closure captures (a Param hole of the enclosing function:
// Hole.Owner); struct
// fields (the stores into the field of the same variable, literal or
// assignment; a struct value copied whole is followed to its origin;
// an element of a slice decoded from the request or read from a table,
// and a variable copied once from one and not written again — a range
// variable, nested fields included — are that source);
// maps as whole values (Origins: a map literal or a map variable filled
// entry by entry comes from where its values do; bytes that are an
// entity, marshalled and decoded again into a map, stay that entity);
// generic functions and methods (their generic body summarised once,
// type parameters opaque, instances named after it);
// option structs and other structs returned by helpers, and *string
// fields (to.Ptr(x), &x, a package's own generic ptr helper); helpers'
// results through Summary facts (so they cross packages under go vet,
// the golangci-lint plugin and tablelint check), with a helper's own
// formatting kept (a helper returning fmt.Sprintf("%019d", n) gives a
// Digits hole whatever the caller passes); the parameters of an
// unexported function whose every call is visible (the union of the
// arguments); user-written combinators (Eq, And, .String()) as the
// composition of their summaries, variadic ones too (a helper joining
// the slice it is given, with strings.Join or by hand, binds to each
// call's elements: joins.go); pointer helpers that return nil for empty
// text (the empty variant: nilptr.go); hand-written escapers, recognised by
// what they do (a loop over a string parameter that writes every quote
// twice: escaper.go), summarised as the parameter, Escaped; a
// strings.Replacer and a regular expression made from constants, in
// place or in a package variable its init sets once (cleaners.go); a
// package variable only ever given constants is those constants
// (globals.go); a slice
// parameter mapped element by element and joined, summarised as a
// Joined hole whose Each template is what one element makes (its
// quotes and holes kept: mapped.go); a type switch on an interface
// parameter, whose returns' variants carry their case, kept by a
// caller only where its value's dynamic type takes it (typecases.go). A field of a parameter is a Param hole
// with Field; what a caller puts in that field at a call (a literal
// built at the call, a variable filled before it) is ArgField, the one
// place rules bind such holes to callers (keys, property sizes, request
// text, times). Given answers the other way round, one call at a time:
// what each call of the package (an exported function's, a method's
// through an interface) gives a parameter or a field of one, as
// written, or that the field is left zero there (a literal without it,
// a variable no store reaches the call through), following callers that
// pass their own parameter on (given.go).
//
// Approximations, all documented on the constants in value.go: at most
// MaxVariants variants (the rest dropped, those with holes kept first
// in place of constant text, Value.Approx set), MaxParts
// parts per variant, MaxDepth steps per question; a loop's φ-node
// contributes an opaque hole and sets Approx; a validation anywhere in
// the function counts (Validated can only silence a rule). What the
// engine cannot follow is an opaque hole with Source Unknown: rules treat
// it as unknown, never as constant text.
//
// Loops: VariesPerIteration says whether a value can change from one
// iteration of a loop to the next (it depends on the loop's variables,
// the next element of a range, a UUID made in the loop) or is fixed for
// it; Count gives the value that sizes a make or bounds a loop's
// condition. A flag's package variable (var n = flag.Int(…)) read
// through is a CommandLine hole.
//
// Back to the code: every hole leads to the SSA value it stands for and
// the expression computing it (HoleExpr), the operand that first put it
// into the text (UseExpr) and, for a formatted value, the call and
// argument that formatted it (FormatExpr): rules that judge a part by its
// syntax or rewrite it in a fix start there (holes.go). MapEntries lists
// the constant-key entries put into a map with their syntax (entries.go).
//
// Interface calls: under a whole-program driver (tablelint check) a call
// through an interface is the union of the summaries of the program's
// implementations (SetProgram); elsewhere it is an opaque hole. A call
// through a function value (a func-typed struct field, variable or
// parameter) is likewise the union of the summaries of the functions it
// may be (FuncValues, funcvalues.go): those the package stores there
// (constructors, options, literals, defaults) and, where code outside
// the package can set it, those the package offers for its type.
//
// Sizes (size.go): SizeOf says how large a value can be — unbounded when
// its bytes come from outside with no limit (a response, request or file
// read whole, a decoded untyped document marshalled again, a caller's
// []byte of an exported function, strings.Repeat by a count that is not
// a constant), bounded when every part is (constant text, formatted
// numbers, UUIDs, digests, times with a layout, Hole.Max: a read through
// io.LimitReader or http.MaxBytesReader with a constant limit, a
// truncation x[:N]), unknown otherwise; Least is the fewest bytes every
// variant holds (constant text, Hole.Min: strings.Repeat of constants,
// make([]byte, N), a []byte append of both operands' least).
// json.Marshal of a struct is the text of its document, its fields'
// values between their names (a nested struct's its own document), so
// its size is theirs summed (marshal.go), and so is what an encoder's
// Encode writes to a builder; a marshalled type parameter is a
// Marshalled Param hole bound to callers' documents; base64 and hex
// scale a bound, an AEAD's Seal keeps it. SizeAt adds the len(x)
// comparisons with a constant that dominate a use (LenRange). A value
// whose quotes were doubled (Escaped|Doubled) and then sliced loses
// Escaped (PairCut, Halved: half a pair may be left); a helper that
// slices its parameter marks the hole PairCut, so a caller's doubled
// argument loses it when bound; strings.TrimRight(s, "'") after the
// cut gives it back. Cuts lists
// the strings and []byte values a function cuts into pieces in a loop.
// StoredList (storedlist.go) names the property of entities read from a
// table that a marshalled list was decoded from, when nothing grows it
// on the way (through struct fields, converters, list helpers, function
// values and the callers of an unexported function): written back to
// that property, it fits as it did.
//
// Lengths (lens.go): LenMost is the most elements a slice can hold —
// s[a:b] with b-a bounded (constants, a+K, min, a clamp such as
// `if end > len(s) { end = len(s) }`), make and append, a slice grown in
// a loop of a bounded count or capped by induction (the flush idiom), a
// group of a [][]T, map[K][]T or struct field the package caps wherever it fills one
// (groupcap.go), a parameter of an unexported function or of
// a closure held in a local bound by every call's argument, a helper's
// result by Summary.LenMost; unknown (unbounded) otherwise. ExprLenMost
// asks it of syntax, a range statement's collection by the loop's count.
//
// Forward, Reaches says whether a value, or anything made from it (its
// fields copied into an entity, its JSON bytes, a string built from it),
// reaches an entity write, through the package's own functions, methods,
// implementations and closures (written.go): a write, none, or unknown
// when it leaves the code followed.
package flow
