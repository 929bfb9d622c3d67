package flow

import "sync/atomic"

// Work is the work r's questions have done so far (values followed,
// uses walked): tests that a shape stays polynomial bound it.
func Work(r *Result) int64 { return atomic.LoadInt64(&r.work) }
