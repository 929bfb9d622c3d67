package replay

import "strconv"

// AppendOp appends op as one trace line, with its newline, in the form
// Reader reads. op.Entity and the actions' entities must be JSON objects
// on one line; "t" is written when op.HasT. Fields at their zero value
// are left out.
func AppendOp(b []byte, op *Op) []byte {
	b = append(b, `{"op":`...)
	b = appendJSONString(b, op.Kind.String())
	if op.HasT {
		b = append(b, `,"t":`...)
		b = strconv.AppendFloat(b, op.T, 'f', -1, 64)
	}
	b = append(b, `,"table":`...)
	b = appendJSONString(b, op.Table)
	switch op.Kind {
	case Insert, Upsert, Update:
		if op.Kind != Insert {
			b = append(b, `,"mode":"`...)
			b = append(b, op.Mode.String()...)
			b = append(b, '"')
		}
		if op.IfMatch != "" && op.Kind == Update {
			b = append(b, `,"ifMatch":`...)
			b = appendJSONString(b, op.IfMatch)
		}
		b = append(b, `,"entity":`...)
		b = append(b, op.Entity...)
	case Delete, Get:
		b = append(b, `,"pk":`...)
		b = appendJSONString(b, op.PK)
		b = append(b, `,"rk":`...)
		b = appendJSONString(b, op.RK)
		if op.IfMatch != "" && op.Kind == Delete {
			b = append(b, `,"ifMatch":`...)
			b = appendJSONString(b, op.IfMatch)
		}
		if op.Kind == Get && op.Select != nil {
			b = appendSelect(b, op.Select)
		}
	case Query:
		if op.Name != "" {
			b = append(b, `,"name":`...)
			b = appendJSONString(b, op.Name)
		}
		if op.Filter != "" {
			b = append(b, `,"filter":`...)
			b = appendJSONString(b, op.Filter)
		}
		if op.Top != 0 {
			b = append(b, `,"top":`...)
			b = strconv.AppendInt(b, int64(op.Top), 10)
		}
		if op.Select != nil {
			b = appendSelect(b, op.Select)
		}
		if op.Pages != 0 {
			b = append(b, `,"pages":`...)
			b = strconv.AppendInt(b, int64(op.Pages), 10)
		}
	case Batch:
		b = append(b, `,"actions":[`...)
		for i := range op.Actions {
			a := &op.Actions[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"op":`...)
			b = appendJSONString(b, a.Kind.String())
			if a.Kind == Upsert || a.Kind == Update {
				b = append(b, `,"mode":"`...)
				b = append(b, a.Mode.String()...)
				b = append(b, '"')
			}
			if a.IfMatch != "" && (a.Kind == Update || a.Kind == Delete) {
				b = append(b, `,"ifMatch":`...)
				b = appendJSONString(b, a.IfMatch)
			}
			if a.Kind == Delete && a.Entity == nil {
				b = append(b, `,"pk":`...)
				b = appendJSONString(b, a.PK)
				b = append(b, `,"rk":`...)
				b = appendJSONString(b, a.RK)
			} else {
				b = append(b, `,"entity":`...)
				b = append(b, a.Entity...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, "}\n"...)
}

func appendSelect(b []byte, sel []string) []byte {
	b = append(b, `,"select":[`...)
	for i, s := range sel {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}
