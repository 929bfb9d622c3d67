package duckpointsc

import (
	"errors"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// A deletion is requested (the thing's ETag kept for five minutes in a
// pending row) and then confirmed (a delete under that ETag).

var (
	errGone    = errors.New("thing not found")
	errChanged = errors.New("thing changed since the request")
	errNothing = errors.New("no pending deletion")
)

// Snapshot is a thing as the requester saw it.
type Snapshot struct {
	Entry
	ETag string
}

// cleanThing upper-cases a thing's name and refuses names a key cannot hold.
func cleanThing(s string) (string, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "" || len([]rune(s)) > 255 {
		return "", errors.New("bad thing name")
	}
	if strings.ContainsAny(s, `/\#?`) {
		return "", errors.New("thing name has characters keys cannot hold")
	}
	return s, nil
}

func thingRef(server, thing string) (*storage.Entity, error) {
	if !numericID(server) {
		return nil, errors.New("bad server id")
	}
	name, err := cleanThing(thing)
	if err != nil {
		return nil, err
	}
	return ref(server, name) // S
}

// LookUp reads a thing with its ETag.
func LookUp(server, thing string) (Snapshot, error) {
	e, err := thingRef(server, thing)
	if err != nil {
		return Snapshot{}, err
	}
	if err := withThrottleRetry(func() error { return e.Get(30, storage.FullMetadata, nil) }); err != nil {
		if hasStatus(err, 404) {
			return Snapshot{}, errGone
		}
		return Snapshot{}, err
	}
	if u, _ := e.Properties["isUser"].(bool); u {
		return Snapshot{}, errGone
	}
	p, err := asFloat(e.Properties["Points"])
	if err != nil {
		return Snapshot{}, err
	}
	if e.OdataEtag == "" {
		return Snapshot{}, errors.New("no ETag")
	}
	return Snapshot{Entry: Entry{Name: e.RowKey, Points: p}, ETag: e.OdataEtag}, nil
}

// Remove deletes the thing if it still has the ETag the requester saw.
func Remove(server, thing, etag string) error {
	if etag == "" {
		return errChanged
	}
	e, err := thingRef(server, thing)
	if err != nil {
		return err
	}
	e.OdataEtag = etag
	err = withThrottleRetry(func() error { return e.Delete(false, nil) }) // S
	switch {
	case hasStatus(err, 404):
		return errGone
	case hasStatus(err, 412):
		return errChanged
	}
	return err
}

func pendingRef(server, user string) (*storage.Entity, error) {
	if !numericID(server) || !numericID(user) {
		return nil, errors.New("bad id")
	}
	return ref(server+"-CONFIG", "DELETE-"+user) // S
}

// Request remembers a deletion for five minutes.
func Request(server, user string, s Snapshot) error {
	e, err := pendingRef(server, user)
	if err != nil {
		return err
	}
	e.Properties = map[string]interface{}{
		"Item":      s.Name,
		"ETag":      s.ETag,
		"ExpiresAt": time.Now().UTC().Add(5 * time.Minute).Format(time.RFC3339), // S
	}
	return withThrottleRetry(func() error { return e.InsertOrReplace(nil) }) // S
}

// Pending reads a user's request; an expired one is deleted and ignored.
func Pending(server, user string, now time.Time) (string, string, error) {
	e, err := pendingRef(server, user)
	if err != nil {
		return "", "", err
	}
	if err := withThrottleRetry(func() error { return e.Get(30, storage.NoMetadata, nil) }); err != nil {
		if hasStatus(err, 404) {
			return "", "", errNothing
		}
		return "", "", err
	}
	item, _ := e.Properties["Item"].(string)
	etag, _ := e.Properties["ETag"].(string)
	until, _ := e.Properties["ExpiresAt"].(string)
	at, err := time.Parse(time.RFC3339, until)
	if err != nil || item == "" || etag == "" {
		return "", "", errors.New("bad pending row")
	}
	if !now.Before(at) {
		_ = e.Delete(true, nil) // S
		return "", "", errNothing
	}
	return item, etag, nil
}
