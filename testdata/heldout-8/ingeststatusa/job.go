package ingeststatusa

import (
	"context"
	"errors"
	"math/rand"
	"time"

	"github.com/google/uuid"
)

// Phase is a job's state as the status table spells it.
type Phase string

const (
	Pending   Phase = "Pending"
	Succeeded Phase = "Succeeded"
	Failed    Phase = "Failed"
	Lost      Phase = "StatusRetrievalFailed"
)

// Final reports whether the service will not change the phase again.
func (p Phase) Final() bool { return p != Pending }

// Job is what the caller gets back from an ingestion.
type Job struct {
	Source   uuid.UUID
	Blob     string
	Database string
	Target   string
	Phase    Phase
	Touched  time.Time
	Reason   string

	rows rowReader
}

// fields turns the job into the properties of its first status row.
func (j *Job) fields() map[string]any {
	return map[string]any{
		"PartitionKey":        j.Source.String(), // S
		"RowKey":              nilRow,            // S
		"Status":              string(j.Phase),
		"IngestionSourceId":   j.Source, // S
		"IngestionSourcePath": stripQuery(j.Blob),
		"Database":            j.Database,
		"Table":               j.Target,
		"UpdatedOn":           j.Touched.Format(time.RFC3339Nano),
		"UpdatedTicks":        j.Touched.UnixNano(), // L: TL125
	}
}

// absorb copies what the service wrote back into the job.
func (j *Job) absorb(row map[string]any) {
	if s, ok := row["Status"].(string); ok && s != "" {
		j.Phase = Phase(s)
	}
	if s, ok := row["Details"].(string); ok {
		j.Reason = s
	}
	if s, ok := row["UpdatedOn"].(string); ok {
		if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
			j.Touched = t
		}
	}
}

func stripQuery(u string) string {
	for i := 0; i < len(u); i++ {
		if u[i] == '?' {
			return u[:i]
		}
	}
	return u
}

// Start records the job as pending in the status table the service gave.
func (j *Job) Start(ctx context.Context, sasURL string) error {
	st, err := OpenStatusTable(sasURL)
	if err != nil {
		j.Phase, j.Reason = Lost, "opening the status table: "+err.Error()
		return err
	}
	j.Phase, j.Touched = Pending, time.Now()
	if err := st.Create(ctx, j.fields()); err != nil {
		j.Phase, j.Reason = Lost, "writing the first status row: "+err.Error()
		return err
	}
	j.rows = st
	return nil
}

// Wait polls the status row until it is final, backing off on read errors.
func (j *Job) Wait(ctx context.Context, every time.Duration, backoff []time.Duration) error {
	if j.rows == nil {
		return errors.New("job was not started with status reporting")
	}
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			j.Phase = Lost
			return ctx.Err()
		case <-t.C:
			next := every
			row, err := j.rows.Fetch(ctx, j.Source.String())
			if err != nil {
				if len(backoff) == 0 {
					j.Phase, j.Reason = Lost, err.Error()
					return err
				}
				next += backoff[0] + time.Duration(rand.Intn(5000))*time.Millisecond
				backoff = backoff[1:]
			} else {
				j.absorb(row)
				if j.Phase.Final() {
					return nil
				}
			}
			t.Reset(next)
		}
	}
}
