package hitlogb

import (
	"fmt"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Hour is one site's traffic in one hour, as the log reader sums it.
type Hour struct {
	Site        int
	Start       time.Time
	StaticBytes int64
	StaticHits  int
	AppBytes    int64
	AppHits     int
	OtherBytes  int64
	OtherHits   int
}

// monthTable returns the table of the month t falls in, creating it the
// first time this sink meets that month. A table that already exists is fine.
func (s *Sink) monthTable(t time.Time) *storage.Table {
	name := s.cfg.TablePrefix + t.Format("200601")
	if tbl, ok := s.made[name]; ok {
		return tbl
	}
	tbl := s.tables.GetTableReference(name)       // S
	_ = tbl.Create(30, storage.EmptyPayload, nil) // S
	s.made[name] = tbl
	return tbl
}

// hourRow names the row of one hour as reported by this server in the run
// that started at run: the hour, the server, the run, all in Unix seconds.
func hourRow(h *Hour, server string, run time.Time) string {
	return fmt.Sprintf("%d-%s-%d", h.Start.Unix(), server, run.Unix()) // S
}

func hourProps(h *Hour) map[string]interface{} {
	return map[string]interface{}{
		"Time":         h.Start.Unix(), // S
		"Files":        h.StaticBytes,  // S
		"FilesCount":   h.StaticHits,
		"Dynamic":      h.AppBytes,
		"DynamicCount": h.AppHits,
		"Other":        h.OtherBytes,
		"OtherCount":   h.OtherHits,
	}
}
