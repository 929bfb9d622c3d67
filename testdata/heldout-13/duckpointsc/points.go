package duckpointsc

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Entry is one line of a leaderboard.
type Entry struct {
	Name   string  `json:"item"`
	Points float64 `json:"points"`
	User   bool    `json:"isUser"`
}

// asFloat reads a Points property whatever number type it came back as.
func asFloat(v interface{}) (float64, error) {
	switch n := v.(type) {
	case int:
		return float64(n), nil
	case int64:
		return float64(n), nil
	case float64:
		return n, nil
	}
	return 0, fmt.Errorf("points have type %T", v)
}

// Bump adds delta to a thing's points: read, then insert when missing or
// replace under the read's ETag; conflicts and throttling start over.
func Bump(server, thing string, delta int, user bool) (int, error) {
	if !numericID(server) {
		return 0, errors.New("points need a server")
	}
	tbl, err := pointsTable()
	if err != nil {
		return 0, err
	}
	rk := strings.ToUpper(thing)
	for try := 0; try < attempts; try++ {
		e := tbl.GetEntityReference(server, rk) // S
		err := e.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"Points", "isUser"}})
		if hasStatus(err, 429) {
			backoff(try)
			continue
		}
		if hasStatus(err, 404) {
			e.Properties = map[string]interface{}{"Points": float64(delta), "isUser": user}
			if ierr := e.Insert(storage.NoMetadata, nil); ierr != nil { // S
				if hasStatus(ierr, 409) || hasStatus(ierr, 429) {
					backoff(try)
					continue
				}
				return 0, ierr
			}
			return delta, nil
		}
		if err != nil {
			return 0, err
		}
		cur, err := asFloat(e.Properties["Points"])
		if err != nil {
			return 0, err
		}
		next := cur + float64(delta)
		e.Properties = map[string]interface{}{"Points": next, "isUser": user}
		if uerr := e.Update(false, nil); uerr != nil { // S
			if hasStatus(uerr, 412) || hasStatus(uerr, 409) || hasStatus(uerr, 429) {
				backoff(try)
				continue
			}
			return 0, uerr
		}
		return int(next), nil
	}
	return 0, errors.New("points changed too often; try again")
}

// Board lists a server's things or users, highest first, following every
// continuation link.
func Board(server string, users bool) ([]Entry, error) {
	if !numericID(server) {
		return nil, errors.New("leaderboard needs a server")
	}
	tbl, err := pointsTable()
	if err != nil {
		return nil, err
	}
	opts := storage.QueryOptions{
		Top:    1000,                                                                // S
		Filter: fmt.Sprintf("PartitionKey eq '%s' and isUser eq %t", server, users), // L: TL303
	}
	res, err := firstPage(tbl, &opts)
	if err != nil {
		return nil, err
	}
	var out []Entry
	for {
		for _, e := range res.Entities {
			p, err := asFloat(e.Properties["Points"])
			if err != nil {
				return nil, err
			}
			out = append(out, Entry{Name: e.RowKey, Points: p, User: users})
		}
		if res.NextLink == nil {
			break
		}
		if res, err = nextPage(res); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Points > out[j].Points })
	return out, nil
}

// firstPage runs the query, waiting out throttling.
func firstPage(tbl *storage.Table, opts *storage.QueryOptions) (*storage.EntityQueryResult, error) {
	var res *storage.EntityQueryResult
	err := withThrottleRetry(func() error {
		var qerr error
		res, qerr = tbl.QueryEntities(30, storage.MinimalMetadata, opts) // S
		return qerr
	})
	return res, err
}

// nextPage follows a continuation link, waiting out throttling.
func nextPage(prev *storage.EntityQueryResult) (*storage.EntityQueryResult, error) {
	var res *storage.EntityQueryResult
	err := withThrottleRetry(func() error {
		var qerr error
		res, qerr = prev.NextResults(nil)
		return qerr
	})
	return res, err
}
