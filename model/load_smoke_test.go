package model

import "testing"

func TestSmoke(t *testing.T) {
	d, err := Load("../testdata/designs/employees.tablelint.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range d.Tables {
		for _, e := range tb.Entities {
			t.Logf("%s.%s %s %s %+v", tb.Name, e.Name, e.PartitionKey, e.RowKey, e.Size())
		}
		for _, q := range tb.Queries {
			t.Logf("%s %s %v", q.Name, q.Plan.Kind, q.Rate)
			l, c := d.PosIn(q.FilterNode, 5)
			t.Logf("pos %d:%d", l, c)
		}
	}
}
