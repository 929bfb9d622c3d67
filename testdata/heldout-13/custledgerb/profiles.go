package custledgerb

import "github.com/Azure/azure-sdk-for-go/storage"

// profilesPartition holds one profile row per member, next to the accounts.
const profilesPartition = "profiles"

// Profile is what a member tells us about themselves.
type Profile struct {
	Given    string
	Family   string
	Featured bool
}

func (p Profile) fields() map[string]interface{} {
	return map[string]interface{}{
		"Given":    p.Given,
		"Family":   p.Family,
		"Featured": p.Featured,
	}
}

// Register writes the member's first profile and then the corrected one the
// member confirmed, under the ETag the insert returned.
func (l *Ledger) Register(member string, draft, confirmed Profile) error {
	row := l.tbl.GetEntityReference(profilesPartition, member)
	row.Properties = draft.fields()
	if err := row.Insert(storage.FullMetadata, nil); err != nil {
		return err
	}
	row.Properties = confirmed.fields()
	return row.Update(false, nil) // S
}

// Overwrite replaces a profile whatever its current version.
func (l *Ledger) Overwrite(member string, p Profile) error {
	row := l.tbl.GetEntityReference(profilesPartition, member)
	row.Properties = p.fields()
	return row.Update(true, nil) // S
}

// Tag adds region tags to a profile row: the first under the insert's ETag,
// the second whatever changed in between.
func (l *Ledger) Tag(member, country, region, city string) error {
	row := l.tbl.GetEntityReference(profilesPartition, member)
	row.Properties = map[string]interface{}{"Country": country}
	if err := row.Insert(storage.FullMetadata, nil); err != nil {
		return err
	}
	row.Properties = map[string]interface{}{"Region": region}
	if err := row.Merge(false, nil); err != nil { // S
		return err
	}
	row.Properties = map[string]interface{}{"City": city}
	return row.Merge(true, nil) // S
}

// Withdraw deletes a profile only if it is still the version the caller saw.
func (l *Ledger) Withdraw(member, etag string) error {
	row := l.tbl.GetEntityReference(profilesPartition, member) // S
	row.OdataEtag = etag
	return row.Delete(false, nil)
}

// Erase deletes a profile unconditionally.
func (l *Ledger) Erase(member string) error {
	row := l.tbl.GetEntityReference(profilesPartition, member)
	return row.Delete(true, nil) // S
}

// Reset puts a placeholder profile in place and then the member's own, each
// as an insert-or-replace.
func (l *Ledger) Reset(member string, p Profile) error {
	row := l.tbl.GetEntityReference(profilesPartition, member)
	row.Properties = Profile{Given: "unknown", Family: "unknown"}.fields()
	if err := row.InsertOrReplace(nil); err != nil {
		return err
	}
	row.Properties = p.fields()
	return row.InsertOrReplace(nil) // S
}

// Mentor records who brought a member in, merging into what is stored.
func (l *Ledger) Mentor(member, sponsor, mentor string) error {
	row := l.tbl.GetEntityReference(profilesPartition, member)
	row.Properties = map[string]interface{}{"Sponsor": sponsor}
	if err := row.InsertOrMerge(nil); err != nil {
		return err
	}
	row.Properties = map[string]interface{}{"Mentor": mentor}
	return row.InsertOrMerge(nil) // S
}
