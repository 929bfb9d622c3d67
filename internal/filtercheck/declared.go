package filtercheck

// Rules are the IDs of the rules a $filter check reports (Check, CheckTop
// and the parser's errors, odata.Error.Rule): every surface that checks
// filters (explain, design queries, Go code, replay) reports them.
var Rules = []string{"TL131", "TL201", "TL301", "TL303", "TL304", "TL306", "TL309", "TL322", "TL323"}
