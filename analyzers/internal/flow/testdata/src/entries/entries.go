package entries

func entries(map[string]any) {}

func Literal(id string, n int) {
	m := map[string]any{"PartitionKey": id, "Count": n}
	m["RowKey"] = "r-" + id
	entries(m) // want `\[PartitionKey=id Count=n RowKey="r-" \+ id!\]`
}

func Made(id string, ok bool) {
	m := make(map[string]any)
	if ok {
		m["Flag"] = true
	}
	m["PartitionKey"] = id
	entries(m) // want `\[Flag=true! PartitionKey=id!\]`
}

// A closure that fills the map captures the variable.
func Captured(id string) {
	m := map[string]any{}
	set := func(k string, v any) { m[k] = v }
	fill := func() { m["RowKey"] = id }
	set("PartitionKey", id)
	fill()
	entries(m) // want `\[RowKey=id!\]`
}

// Keys that are not constant are not listed.
func Dynamic(keys []string) {
	m := map[string]any{}
	for _, k := range keys {
		m[k] = 1
	}
	entries(m) // want `\[\]`
}

func decode([]byte, any) {}

// A map decoded into through its address, then updated.
func Decoded(raw []byte, delta float64) {
	var m map[string]any
	decode(raw, &m)
	bal, _ := m["Balance"].(float64)
	m["Balance"] = bal + delta
	entries(m) // want `\[Balance=bal \+ delta!\]`
}
