// Package testqos records the outcome of every end-to-end test run of a
// cluster deployment tool and decides when repeated failures of one test
// become an alert (legacy storage API, a client made per call).
package testqos

import (
	"fmt"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const (
	runsTable     = "RecordTestRun"
	failuresTable = "PromoteToFailure"
)

// Account names the storage account.
type Account struct{ Name, Key string }

// Run is one finished test run.
type Run struct {
	At      time.Time
	Test    string
	Region  string
	Regions []string
	Passed  bool
	Failure string
}

// Failure is the failure state of one test on one kind of run.
type Failure struct {
	Test    string
	Kind    string
	Message string
	Count   float64
}

func table(a Account, name string) (*storage.Table, error) {
	cli, err := storage.NewBasicClient(a.Name, a.Key)
	if err != nil {
		return nil, err
	}
	svc := cli.GetTableService()
	t := svc.GetTableReference(name)
	if err := t.Create(30, storage.FullMetadata, nil); err != nil && !strings.Contains(err.Error(), "already exists") {
		return nil, err
	}
	return t, nil
}

// Finished is called by the test harness when a run ends.
func Finished(a Account, test, region string, passed bool, msg string) error {
	return Record(a, Run{At: time.Now().UTC(), Test: test, Region: region, Passed: passed, Failure: msg})
}

// Record stores a run under the time it ran.
func Record(a Account, r Run) error {
	t, err := table(a, runsTable)
	if err != nil {
		return err
	}
	row := t.GetEntityReference(r.At.Format("2006-01-02 15:04:05"), r.Test) // L: TL209
	row.Properties = map[string]interface{}{
		"Region":  r.Region,
		"Regions": r.Regions, // L: TL126
		"Passed":  r.Passed,
		"Failure": r.Failure,
	}
	return row.Insert(storage.FullMetadata, nil)
}

// RecordAll stores the runs of a whole test pass in one batch, under the
// time the pass was recorded.
func RecordAll(a Account, runs []Run) error {
	t, err := table(a, runsTable)
	if err != nil {
		return err
	}
	pass := time.Now().UTC().Format("2006-01-02 15:04:05")
	batch := t.NewBatch()
	for _, r := range runs {
		row := t.GetEntityReference(pass, r.Test) // L: TL209
		row.Properties = map[string]interface{}{"Region": r.Region, "Passed": r.Passed}
		batch.InsertEntity(row)
	}
	return batch.ExecuteBatch() // L: TL401
}

// Promote adds a failure to the test's count and reports whether it has
// failed three times in a row with the same message.
func Promote(a Account, f Failure) (bool, error) {
	t, err := table(a, failuresTable)
	if err != nil {
		return false, err
	}
	row := t.GetEntityReference(f.Test, f.Kind)
	err = row.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"Message", "Count"}})
	if err != nil {
		if strings.Contains(err.Error(), "does not exist") {
			fresh := t.GetEntityReference(f.Test, f.Kind)
			fresh.Properties = map[string]interface{}{"Message": f.Message, "Count": f.Count}
			return false, fresh.Insert(storage.FullMetadata, nil)
		}
		return false, err
	}
	count := f.Count
	if row.Properties["Message"] == f.Message {
		prev, _ := row.Properties["Count"].(float64)
		count += prev
	}
	if err := setCount(row, f.Message, count); err != nil {
		return false, err
	}
	return count >= 3, nil
}

func setCount(row *storage.Entity, msg string, count float64) error {
	row.Properties = map[string]interface{}{"Message": msg, "Count": count}
	return row.Update(false, nil) // S
}

// Reset clears a test's count after a fix, keeping nothing else.
func Reset(a Account, test, kind string) error {
	t, err := table(a, failuresTable)
	if err != nil {
		return err
	}
	row := t.GetEntityReference(test, kind)
	if err := row.Get(30, storage.FullMetadata, &storage.GetEntityOptions{Select: []string{"Message", "Count"}}); err != nil {
		return err
	}
	fmt.Printf("reset %s/%s (was %v: %v)\n", test, kind, row.Properties["Count"], row.Properties["Message"])
	row.Properties = map[string]interface{}{"Count": 0.0}
	return row.Update(false, nil) // L: TL411
}

// Silence marks a failing test as known, whatever changed since it was read.
func Silence(a Account, test, kind string) error {
	t, err := table(a, failuresTable)
	if err != nil {
		return err
	}
	row := t.GetEntityReference(test, kind)
	if err := row.Get(30, storage.FullMetadata, nil); err != nil {
		return err
	}
	row.Properties["Silenced"] = true
	return row.Update(true, nil) // L: TL414
}

// Failing lists the tests at or over the alert threshold.
func Failing(a Account) ([]*storage.Entity, error) {
	t, err := table(a, failuresTable)
	if err != nil {
		return nil, err
	}
	res, err := t.QueryEntities(30, storage.MinimalMetadata, &storage.QueryOptions{Filter: "Count ge 3.0"}) // L: TL301 TL307
	if err != nil {
		return nil, err
	}
	return res.Entities, nil
}
