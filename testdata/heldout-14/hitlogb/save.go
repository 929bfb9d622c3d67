package hitlogb

import (
	"log"
	"strconv"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

const perBatch = 100

// Save writes the hours of every site, grouped by month table and by site.
func (s *Sink) Save(bySite map[int][]*Hour) error {
	if s.cfg.OneByOne {
		var all []*Hour
		for _, hours := range bySite {
			all = append(all, hours...)
		}
		s.saveEach(all)
		return nil
	}

	run := time.Now()
	// month table -> site -> chunks of at most perBatch-1 rows
	plan := map[*storage.Table]map[int][][]*storage.Entity{}
	for site, hours := range bySite {
		for _, h := range hours {
			tbl := s.monthTable(h.Start)
			e := tbl.GetEntityReference(strconv.Itoa(site), hourRow(h, s.server, run)) // L: TL204
			e.Properties = hourProps(h)

			sites := plan[tbl]
			if sites == nil {
				sites = map[int][][]*storage.Entity{}
				plan[tbl] = sites
			}
			chunks := sites[site]
			if len(chunks) == 0 || len(chunks[len(chunks)-1])+1 >= perBatch {
				chunks = append(chunks, nil)
			}
			chunks[len(chunks)-1] = append(chunks[len(chunks)-1], e)
			sites[site] = chunks
		}
	}

	var tablesDone sync.WaitGroup
	for tbl, sites := range plan {
		tablesDone.Add(1)
		go func(tbl *storage.Table, sites map[int][][]*storage.Entity) {
			defer tablesDone.Done()
			s.sendSites(tbl, sites)
		}(tbl, sites)
	}
	tablesDone.Wait()
	return nil
}

// sendSites runs up to three sites of one table at a time, each with up to
// six transactions in flight.
func (s *Sink) sendSites(tbl *storage.Table, sites map[int][][]*storage.Entity) {
	siteSlots := make(chan struct{}, 3)
	var sitesDone sync.WaitGroup
	for _, chunks := range sites {
		siteSlots <- struct{}{}
		sitesDone.Add(1)
		go func(chunks [][]*storage.Entity) {
			defer sitesDone.Done()
			defer func() { <-siteSlots }()

			txSlots := make(chan struct{}, 6)
			var txDone sync.WaitGroup
			for _, chunk := range chunks {
				txSlots <- struct{}{}
				txDone.Add(1)
				go func(chunk []*storage.Entity) {
					defer txDone.Done()
					defer func() { <-txSlots }()
					tx := tbl.NewBatch()
					for _, e := range chunk {
						tx.InsertEntity(e) // S
					}
					if err := tx.ExecuteBatch(); err != nil { // S
						log.Println(s.server, "transaction failed:", err)
					}
				}(chunk)
			}
			txDone.Wait()
		}(chunks)
	}
	sitesDone.Wait()
}

// saveEach is the collector's first writer, kept for accounts where
// transactions are turned off: one insert per hour, at most fifteen at once.
func (s *Sink) saveEach(hours []*Hour) {
	run := time.Now()
	slots := make(chan struct{}, 15)
	var done sync.WaitGroup
	for _, h := range hours {
		tbl := s.monthTable(h.Start)
		e := tbl.GetEntityReference(strconv.Itoa(h.Site), hourRow(h, s.server, run)) // L: TL204
		e.Properties = hourProps(h)
		slots <- struct{}{}
		done.Add(1)
		go func(e *storage.Entity) {
			defer done.Done()
			defer func() { <-slots }()
			if err := e.Insert(storage.EmptyPayload, nil); err != nil { // S
				log.Println(err)
			}
		}(e)
	}
	done.Wait()
}
