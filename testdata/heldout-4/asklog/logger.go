// Package asklog records the questions asked of a chat assistant and its
// answers: one row per exchange, in the day's partition, also kept in
// memory for the admin page.
package asklog

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// Exchange is one question and its answer.
type Exchange struct {
	At        time.Time
	IP        string
	Endpoint  string
	Question  string
	Answer    string
	UserAgent string
}

type row struct {
	PartitionKey string
	RowKey       string
	IP           string
	Endpoint     string
	Question     string
	Answer       string
	UserAgent    string
}

// Logger writes exchanges to the table when one is configured.
type Logger struct {
	mu     sync.Mutex
	recent []Exchange
	table  *aztables.Client
}

// New uses the table named by ASKLOG_TABLE, or only memory without a
// connection string.
func New() *Logger {
	conn := os.Getenv("ASKLOG_STORAGE")
	if conn == "" {
		return &Logger{}
	}
	svc, err := aztables.NewServiceClientFromConnectionString(conn, nil)
	if err != nil {
		log.Fatalf("asklog: %v", err)
	}
	return &Logger{table: svc.NewClient("usagelogs")}
}

// Log stores one exchange.
func (l *Logger) Log(ctx context.Context, x Exchange) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.table != nil {
		b, err := json.Marshal(row{
			PartitionKey: x.At.Format("2006-01-02"), // L: TL209
			RowKey:       fmt.Sprintf("%d", x.At.UnixNano()),
			IP:           x.IP,
			Endpoint:     x.Endpoint,
			Question:     x.Question, // L: TL122
			Answer:       x.Answer,
			UserAgent:    x.UserAgent,
		})
		if err == nil {
			if _, err := l.table.AddEntity(ctx, b, nil); err != nil {
				log.Printf("asklog: %v", err)
			}
		}
	}
	l.recent = append(l.recent, x)
	if len(l.recent) > 1000 {
		l.recent = l.recent[len(l.recent)-1000:]
	}
}

// HandleAsk answers POST /ask with the assistant's reply and logs both.
func (l *Logger) HandleAsk(answer func(string) string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q, err := io.ReadAll(r.Body)
		if err != nil {
			http.Error(w, "unreadable question", http.StatusBadRequest)
			return
		}
		a := answer(string(q))
		l.Log(r.Context(), Exchange{At: time.Now().UTC(), IP: r.RemoteAddr, Endpoint: r.URL.Path,
			Question: string(q), Answer: a, UserAgent: r.UserAgent()})
		_, _ = io.WriteString(w, a)
	}
}

func (l *Logger) rows(ctx context.Context, filter string) ([]row, error) {
	pager := l.table.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &filter})
	var out []row
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var x row
			if json.Unmarshal(raw, &x) == nil {
				out = append(out, x)
			}
		}
	}
	return out, nil
}

// HandleDay answers GET /admin/day?d=2006-01-02 with that day's rows.
func (l *Logger) HandleDay(w http.ResponseWriter, r *http.Request) {
	rows, err := l.rows(r.Context(), "PartitionKey eq '"+r.URL.Query().Get("d")+"'") // L: TL321
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(rows)
}

// HandleDayChecked parses the day first.
func (l *Logger) HandleDayChecked(w http.ResponseWriter, r *http.Request) {
	d, err := time.Parse("2006-01-02", r.URL.Query().Get("d"))
	if err != nil {
		http.Error(w, "bad day", http.StatusBadRequest)
		return
	}
	rows, err := l.rows(r.Context(), "PartitionKey eq '"+d.Format("2006-01-02")+"'") // S
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(rows)
}

// HandleEndpoint answers GET /admin/endpoint?e=… with every row of that endpoint.
func (l *Logger) HandleEndpoint(w http.ResponseWriter, r *http.Request) {
	rows, err := l.rows(r.Context(), "Endpoint eq '"+r.URL.Query().Get("e")+"'") // L: TL301 TL321
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	_ = json.NewEncoder(w).Encode(rows)
}

// Tail returns the last exchanges of a day, fifty a request, stopping at
// the first short page.
func (l *Logger) Tail(ctx context.Context, day time.Time) ([]row, error) {
	f := "PartitionKey eq '" + day.UTC().Format("2006-01-02") + "'" // S
	top := int32(50)
	pager := l.table.NewListEntitiesPager(&aztables.ListEntitiesOptions{Filter: &f, Top: &top})
	var out []row
	for pager.More() {
		page, err := pager.NextPage(ctx)
		if err != nil {
			return nil, err
		}
		for _, raw := range page.Entities {
			var x row
			if json.Unmarshal(raw, &x) == nil {
				out = append(out, x)
			}
		}
		if len(page.Entities) < 50 { // L: TL308
			break
		}
	}
	return out, nil
}
