package antennad

import (
	"strconv"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// readAll runs one query and follows every continuation.
func readAll(t *storage.Table, filter string) ([]*storage.Entity, error) {
	res, err := t.QueryEntities(waitSeconds, storage.MinimalMetadata, &storage.QueryOptions{Filter: filter})
	if err != nil {
		return nil, err
	}
	rows := append([]*storage.Entity(nil), res.Entities...)
	for res.NextLink != nil {
		if res, err = res.NextResults(nil); err != nil {
			return nil, err
		}
		rows = append(rows, res.Entities...)
	}
	return rows, nil
}

// pair is the two rows of one subscription: one in the chat's partition,
// one in the app's.
func (r *tableRegistry) pair(chat int64, appID string) [2]*storage.Entity {
	c := strconv.FormatInt(chat, 10)
	return [2]*storage.Entity{
		r.subs.GetEntityReference("chat_"+c, appID),
		r.subs.GetEntityReference("app_"+appID, c),
	}
}

// Followers lists the chats following an app from the app's partition.
func (r *tableRegistry) Followers(appID string) ([]int64, error) {
	filter := "PartitionKey eq 'app_" + appID + "'" // L: TL321
	rows, err := readAll(r.subs, filter)            // S
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(rows))
	for _, e := range rows {
		n, err := strconv.ParseInt(e.RowKey, 10, 64)
		if err != nil {
			return nil, err
		}
		ids = append(ids, n)
	}
	return ids, nil
}

func (r *tableRegistry) followed(chat int64) ([]string, error) {
	filter := "PartitionKey eq 'chat_" + strconv.FormatInt(chat, 10) + "'" // S
	rows, err := readAll(r.subs, filter)
	if err != nil {
		return nil, err
	}
	apps := make([]string, 0, len(rows))
	for _, e := range rows {
		apps = append(apps, e.RowKey)
	}
	return apps, nil
}

// Follow writes both rows of the subscription, one insert each; a row that
// already exists is not an error.
func (r *tableRegistry) Follow(chat int64, appID string) error {
	var errs []string
	for _, e := range r.pair(chat, appID) {
		if err := e.Insert(storage.EmptyPayload, nil); err != nil && !strings.Contains(err.Error(), "EntityAlreadyExists") { // S
			errs = append(errs, err.Error())
		}
	}
	return joined(errs)
}

// RemoveApp deletes the app, then both rows of each of its subscriptions,
// fifty subscriptions to a batch.
func (r *tableRegistry) RemoveApp(appID string) error {
	if err := r.appRef(appID).Delete(true, nil); err != nil {
		return err
	}
	chats, err := r.Followers(appID)
	if err != nil {
		return err
	}
	var errs []string
	for len(chats) > 0 {
		n := min(len(chats), chunkSize)
		b := r.subs.NewBatch()
		for _, c := range chats[:n] {
			for _, e := range r.pair(c, appID) {
				b.DeleteEntity(e, true)
			}
		}
		chats = chats[n:]
		if err := b.ExecuteBatch(); err != nil { // L: TL403
			errs = append(errs, err.Error())
		}
	}
	return joined(errs)
}

// UnfollowAll does the same from the chat's side.
func (r *tableRegistry) UnfollowAll(chat int64) error {
	apps, err := r.followed(chat)
	if err != nil {
		return err
	}
	var errs []string
	for len(apps) > 0 {
		n := min(len(apps), chunkSize)
		b := r.subs.NewBatch()
		for _, a := range apps[:n] {
			rows := r.pair(chat, a)
			b.DeleteEntity(rows[0], true)
			b.DeleteEntity(rows[1], true)
		}
		apps = apps[n:]
		if err := b.ExecuteBatch(); err != nil { // L: TL403
			errs = append(errs, err.Error())
		}
	}
	return joined(errs)
}

// ClearChat is UnfollowAll's twin: the chat's own rows go in batches of its
// one partition, the app-side rows one by one. (added)
func (r *tableRegistry) ClearChat(chat int64) error {
	apps, err := r.followed(chat)
	if err != nil {
		return err
	}
	var errs []string
	for start := 0; start < len(apps); start += 100 {
		end := min(start+100, len(apps))
		b := r.subs.NewBatch()
		for _, a := range apps[start:end] {
			b.DeleteEntity(r.pair(chat, a)[0], true)
		}
		if err := b.ExecuteBatch(); err != nil { // S
			errs = append(errs, err.Error())
		}
	}
	for _, a := range apps {
		if err := r.pair(chat, a)[1].Delete(true, nil); err != nil {
			errs = append(errs, err.Error())
		}
	}
	return joined(errs)
}

func joined(errs []string) error {
	if len(errs) == 0 {
		return nil
	}
	return &multiError{msg: strings.Join(errs, "; ")}
}

type multiError struct{ msg string }

func (m *multiError) Error() string { return m.msg }
