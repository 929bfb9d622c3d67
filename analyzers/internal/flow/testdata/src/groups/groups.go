// Package groups: the field items are filed under in a map of slices is
// fixed while one slice of the map is walked; every other field varies.
package groups

type ticket struct {
	Queue, ID string
}

// key is asked about: does its argument vary per iteration of the
// innermost loop around the call?
func key(string) {}

func note(map[string][]ticket) {}

func fieldOfGroup(ts []ticket) {
	byQueue := map[string][]ticket{}
	for _, t := range ts {
		byQueue[t.Queue] = append(byQueue[t.Queue], t)
	}
	for _, group := range byQueue {
		for _, t := range group {
			key(t.Queue) // want `fixed`
			key(t.ID)    // want `varies: the loop's variable`
		}
	}
}

// The group cut into chunks as it is walked: still one queue.
func chunksOfGroup(ts []*ticket) {
	byQueue := make(map[string][]*ticket)
	for _, t := range ts {
		byQueue[t.Queue] = append(byQueue[t.Queue], t)
	}
	for _, group := range byQueue {
		for len(group) > 0 {
			n := min(len(group), 10)
			for i := range group[:n] {
				key("q-" + group[i].Queue) // want `fixed`
			}
			group = group[n:]
		}
	}
}

// Map items filed under their "PartitionKey" entry.
func entryOfGroup(rows []map[string]any) {
	byPK := map[string][]map[string]any{}
	for _, row := range rows {
		pk, _ := row["PartitionKey"].(string)
		byPK[pk] = append(byPK[pk], row)
	}
	for _, group := range byPK {
		for _, row := range group {
			pk, _ := row["PartitionKey"].(string)
			key(pk) // want `fixed`
			rk, _ := row["RowKey"].(string)
			key(rk) // want `varies: the loop's variable`
		}
	}
}

// Silent twins: walking the map itself, filing under another field, a
// map that leaves the function, a map filled some other way.

func acrossGroups(ts []ticket) {
	byQueue := map[string][]ticket{}
	for _, t := range ts {
		byQueue[t.Queue] = append(byQueue[t.Queue], t)
	}
	for _, group := range byQueue {
		key(group[0].Queue) // want `varies: each element of the range`
	}
}

func filedByOther(ts []ticket) {
	byID := map[string][]ticket{}
	for _, t := range ts {
		byID[t.ID] = append(byID[t.ID], t)
	}
	for _, group := range byID {
		for _, t := range group {
			key(t.Queue) // want `varies: the loop's variable`
		}
	}
}

func mapGivenAway(ts []ticket) {
	byQueue := map[string][]ticket{}
	for _, t := range ts {
		byQueue[t.Queue] = append(byQueue[t.Queue], t)
	}
	note(byQueue)
	for _, group := range byQueue {
		for _, t := range group {
			key(t.Queue) // want `varies: the loop's variable`
		}
	}
}

func filledWhole(ts []ticket) {
	byQueue := map[string][]ticket{}
	byQueue["all"] = ts
	for _, group := range byQueue {
		for _, t := range group {
			key(t.Queue) // want `varies: the loop's variable`
		}
	}
}

func keyChanged(ts []ticket) {
	byQueue := map[string][]ticket{}
	for _, t := range ts {
		q := t.Queue
		t.Queue = "moved"
		byQueue[q] = append(byQueue[q], t)
	}
	for _, group := range byQueue {
		for _, t := range group {
			key(t.Queue) // want `varies: the loop's variable`
		}
	}
}
