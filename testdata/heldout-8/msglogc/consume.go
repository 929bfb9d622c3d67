package msglogc

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Delivery is one message from the broker.
type Delivery struct {
	Body       []byte
	RoutingKey string
}

// Consumer turns deliveries into rows.
type Consumer struct {
	rec Recorder
	lg  *slog.Logger
}

func NewConsumer(rec Recorder, lg *slog.Logger) *Consumer { return &Consumer{rec: rec, lg: lg} }

func (c *Consumer) row(text, body, topic string) *Row {
	_, file, line, _ := runtime.Caller(1)
	now := time.Now()
	c.lg.Info(text, "body", body)
	return &Row{
		Entity: aztables.Entity{PartitionKey: "1", RowKey: "1"},
		Level:  "INFO",
		Unix:   strconv.FormatInt(now.Unix(), 10),
		Origin: file + ":" + strconv.Itoa(line),
		Text:   text,
		Body:   body, // L: TL122
		Topic:  topic,
		AtMs:   now.UnixMilli(), // L: TL125
	}
}

// Run records every delivery of the topic until the channel closes.
func (c *Consumer) Run(ctx context.Context, topic string, in <-chan Delivery) {
	for d := range in {
		r := c.row("message read", string(d.Body), topic)
		if err := c.rec.Record(ctx, r); err != nil {
			c.lg.Error("could not add row", "err", err)
		}
	}
}

// (added) Ingest takes a message over HTTP as a whole request body.
func (c *Consumer) Ingest(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := c.rec.Record(r.Context(), c.row("message posted", string(body), r.PathValue("topic"))); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// (added) IngestSmall is Ingest for bodies of at most 16 KiB.
func (c *Consumer) IngestSmall(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 16<<10)) // S
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := c.rec.Record(r.Context(), c.row("message posted", string(body), "small")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

// (added) TailHandler lists the rows of the level named in the query.
func TailHandler(rec Recorder) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		cr, ok := rec.(*countingRecorder)
		if !ok {
			http.Error(w, "no tail", http.StatusNotImplemented)
			return
		}
		rows, err := cr.Tail(r.Context(), r.URL.Query().Get("level"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Write([]byte(strconv.Itoa(len(rows))))
	}
}
