package extract

import (
	"encoding/json"
	"fmt"
)

// A Result encodes as JSON, for drivers that keep results beyond the
// pass (tablelint extract reads them from its cache): what Build needs,
// with positions as At (token.Position) and a transaction's members as
// indexes into Entities. Pos fields, Key.Value and Key.Expr are not
// encoded: a decoded Result is for Build, not for a pass.
type encoded struct {
	Tables       []TableRef  `json:",omitempty"`
	Entities     []*Entity   `json:",omitempty"`
	Queries      []*Query    `json:",omitempty"`
	Transactions []encodedTx `json:",omitempty"`
}

type encodedTx struct {
	*Transaction
	Members []int
}

// MarshalJSON encodes r (see encoded).
func (r *Result) MarshalJSON() ([]byte, error) {
	index := make(map[*Entity]int, len(r.Entities))
	for i, e := range r.Entities {
		index[e] = i
	}
	w := encoded{Tables: r.Tables, Entities: r.Entities, Queries: r.Queries}
	for _, x := range r.Transactions {
		tx := encodedTx{Transaction: x}
		for _, m := range x.Members {
			i, ok := index[m]
			if !ok {
				return nil, fmt.Errorf("transaction %s: a member is not among the entities", x.Name)
			}
			tx.Members = append(tx.Members, i)
		}
		w.Transactions = append(w.Transactions, tx)
	}
	return json.Marshal(w)
}

// UnmarshalJSON decodes what MarshalJSON encoded.
func (r *Result) UnmarshalJSON(data []byte) error {
	var w encoded
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*r = Result{Tables: w.Tables, Entities: w.Entities, Queries: w.Queries}
	for _, tx := range w.Transactions {
		x := tx.Transaction
		if x == nil {
			x = &Transaction{}
		}
		x.Members = nil
		for _, i := range tx.Members {
			if i < 0 || i >= len(r.Entities) {
				return fmt.Errorf("transaction %s: member %d of %d entities", x.Name, i, len(r.Entities))
			}
			x.Members = append(x.Members, r.Entities[i])
		}
		r.Transactions = append(r.Transactions, x)
	}
	return nil
}
