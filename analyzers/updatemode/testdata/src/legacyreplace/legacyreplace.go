package legacyreplace

import "github.com/Azure/azure-sdk-for-go/storage"

// The read entity's Properties replaced by a smaller map, then Update
// (a Replace): Name and Phone are deleted.
func setEmail(t *storage.Table, pk, rk, email string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"Name", "Email", "Phone"}}); err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"Email": email}
	return e.Update(false, nil) // want `TL411: Update replaces the entity read at line 9 without Name, Phone$`
}

// Keys the function reads tell which properties exist.
func touch(t *storage.Table, pk, rk string) error {
	old := t.GetEntityReference(pk, rk)
	if err := old.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	n, _ := old.Properties["Visits"].(int)
	name := old.Properties["Name"]
	e := t.GetEntityReference(pk, rk)
	e.Properties = map[string]interface{}{"Visits": n + 1}
	_ = name
	return e.InsertOrReplace(nil) // want `TL411: InsertOrReplace replaces the entity read at line 19 without Name$`
}

// Silent below.

// The read map itself is written back: every property is sent.
func writeBack(t *storage.Table, pk, rk, email string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"Name", "Email"}}); err != nil {
		return err
	}
	e.Properties["Email"] = email
	return e.Update(false, nil)
}

// Merge keeps what is not sent.
func merge(t *storage.Table, pk, rk, email string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"Name", "Email"}}); err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"Email": email}
	return e.Merge(false, nil)
}

// Nothing known about what was read.
func unknown(t *storage.Table, pk, rk, email string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"Email": email}
	return e.Update(false, nil)
}

// Every property read is sent.
func complete(t *storage.Table, pk, rk, email string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"Name", "Email"}}); err != nil {
		return err
	}
	name := e.Properties["Name"]
	e.Properties = map[string]interface{}{"Email": email}
	e.Properties["Name"] = name
	return e.Update(false, nil)
}

// Another entity (other keys).
func other(t *storage.Table, pk, rk, email string) error {
	old := t.GetEntityReference(pk, rk)
	if err := old.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"Name", "Email"}}); err != nil {
		return err
	}
	e := t.GetEntityReference(pk, rk+"_copy")
	e.Properties = map[string]interface{}{"Email": email}
	return e.InsertOrReplace(nil)
}

// Filled by a helper.
func helper(t *storage.Table, pk, rk string) error {
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"Name", "Email"}}); err != nil {
		return err
	}
	e.Properties = map[string]interface{}{}
	fill(e.Properties)
	return e.Update(false, nil)
}

func fill(m map[string]interface{}) { m["Name"] = "x" }

// The Get's options, and their Select, kept in variables: Score is
// deleted.
func resetBadge(t *storage.Table, pk, rk string) error {
	cols := []string{"Badge", "Score"}
	opts := &storage.GetEntityOptions{Select: cols}
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.MinimalMetadata, opts); err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"Badge": ""}
	return e.Update(false, nil) // want `TL411: Update replaces the entity read at line 104 without Score$`
}

// Silent: the same options, and a map with every selected property.
func clearBadge(t *storage.Table, pk, rk string) error {
	opts := &storage.GetEntityOptions{Select: []string{"Badge", "Score"}}
	e := t.GetEntityReference(pk, rk)
	if err := e.Get(30, storage.MinimalMetadata, opts); err != nil {
		return err
	}
	e.Properties = map[string]interface{}{"Badge": "", "Score": e.Properties["Score"]}
	return e.Update(false, nil)
}
