package review

import (
	"regexp"
	"strings"

	"github.com/tablelint/tablelint/edm"
	"github.com/tablelint/tablelint/internal/limits"
	"github.com/tablelint/tablelint/internal/numtext"
	"github.com/tablelint/tablelint/model"
	"github.com/tablelint/tablelint/plan"
)

// LargeValueBytes is the declared size from which a property value
// belongs in Blob storage (TL508): half the 64 KiB property limit.
const LargeValueBytes = 32 << 10

var blobNameRE = regexp.MustCompile(`(?i)(photo|image|picture|document|attachment|video|audio|pdf|file)s?$`)

// largeValues reports, per entity type, properties declared large enough
// to belong in Blob storage (from 32 KiB up to the 64 KiB limit: over it
// is TL122/TL123), or unbounded Binary properties named like documents or
// photos (TL508: large entities pattern).
func (r *reviewer) largeValues(t *model.Table) {
	for _, e := range t.Entities {
		var large []*model.Property
		var largest int64
		for _, p := range e.Properties {
			var size, limit int64
			switch p.Type {
			case edm.Binary:
				size, limit = p.MaxBytes, limits.MaxBinaryBytes
			case edm.String:
				size, limit = 2*p.MaxLength, 2*limits.MaxStringChars
			default:
				continue
			}
			switch {
			case size > limit:
			case size >= LargeValueBytes, size == 0 && p.Type == edm.Binary && blobNameRE.MatchString(p.Name):
				large = append(large, p)
				largest = max(largest, size)
			}
		}
		if len(large) == 0 {
			continue
		}
		size := "unbounded, named like a file"
		if largest > 0 {
			size = "up to " + bytesText(largest)
		}
		r.add("TL508", large[0].Node, -1, "entity type %s: %s %s values that belong in Blob storage",
			e.Name, propList(large), plural(len(large), "holds", "hold")).Hint = sprintf("values %s: store them in Blob storage with the blob's address in a property (large entities pattern); every read and write of the entity carries them",
			size)
	}
}

// Cacheable lookup thresholds (TL513).
const (
	// CacheMaxEntities is the most entities a table can have to be worth
	// caching whole on the client.
	CacheMaxEntities = 10000
	// CacheMaxWrites is the most writes per second of a table that
	// rarely changes: one a minute.
	CacheMaxWrites = 1.0 / 60
	// CacheMinReads is the query rate from which re-reading is worth a
	// cache: once a second.
	CacheMinReads = 1.0
)

// cacheableLookup reports a small table that rarely changes and is read
// often (TL513).
func (r *reviewer) cacheableLookup(t *model.Table, rows []QueryRow) {
	var count int64
	var writes, reads float64
	for _, e := range t.Entities {
		if e.CountNode == nil || e.WritesNode == nil {
			return
		}
		count += e.Count
		writes += e.Writes.PerSecond()
	}
	if len(t.Entities) == 0 || count > CacheMaxEntities || writes > CacheMaxWrites {
		return
	}
	for _, row := range rows {
		if row.RateKnown {
			reads += row.Rate
		}
	}
	if reads < CacheMinReads {
		return
	}
	r.add("TL513", t.Node, -1, "table %s is small (~%s entities) and read %s: cache it",
		t.Name, numtext.Group(count), rateText(reads)).Hint = sprintf("it changes at most %s: read it once and cache it on the client, refreshing it when it changes, instead of a round trip per read",
		rateText(writes))
}

// deleteByScan reports retention queries (deletes: true) that find what
// to delete by a scan (TL505): the high volume delete pattern puts each
// period in its own table and drops it.
func (r *reviewer) deleteByScan(rows []QueryRow) {
	for _, row := range rows {
		q := row.Query
		if !q.Deletes || q.Unsupported != nil || (q.Plan.Kind != plan.TableScan && q.Plan.Kind != plan.PartitionScan) {
			continue
		}
		r.add("TL505", q.DeletesNode, -1, "query %s.%s finds entities to delete by a %s, to delete one by one",
			q.Table.Name, q.Name, q.Plan.Kind).Hint = sprintf("put each period's entities in a table of its own (%s20140731, …) and delete the whole table (high volume delete pattern)",
			q.Table.Name)
	}
}

var (
	rotationRE = regexp.MustCompile(`^(.*?)(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)$`)
	periodRE   = regexp.MustCompile(`^(.*?[A-Za-z])(\d{6,10})$`)
)

// tablesByStem groups the design's tables whose names re matches by the
// stem (re's first group, ignoring case), in file order, keeping groups of
// two or more.
func tablesByStem(tables []*model.Table, re *regexp.Regexp) [][]*model.Table {
	groups := map[string]int{}
	var out [][]*model.Table
	for _, t := range tables {
		m := re.FindStringSubmatch(t.Name)
		if m == nil || m[1] == "" {
			continue
		}
		k := strings.ToLower(m[1])
		i, ok := groups[k]
		if !ok {
			i = len(out)
			groups[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], t)
	}
	kept := out[:0]
	for _, g := range out {
		if len(g) >= 2 {
			kept = append(kept, g)
		}
	}
	return kept
}

// tableRotation reports tables per period: names that repeat in a cycle
// (weekdays, months), which a rotation deletes and creates again (TL104),
// and names carrying a date, a new table each period (TL105). Only when
// two or more tables of the design share the stem.
func (r *reviewer) tableRotation() {
	for _, g := range tablesByStem(r.d.Tables, rotationRE) {
		r.add("TL104", g[1].Node, -1, "tables %s and %s are a rotation of names",
			g[0].Name, g[1].Name).Hint = sprintf("each name is deleted and created again a cycle later, and the service delays reusing a name after a delete: use a unique name per period (%s20140731)",
			rotationRE.FindStringSubmatch(g[1].Name)[1])
	}
	for _, g := range tablesByStem(r.d.Tables, periodRE) {
		r.add("TL105", g[1].Node, -1, "tables %s and %s are one table per period",
			g[0].Name, g[1].Name).Hint = "each new table is rate limited at first while the service learns its access pattern: create the next period's table ahead of time"
	}
}

// MaxSeriesProperties is the most values a data series entity can hold:
// one a custom property (limits.MaxCustomProperties).
const MaxSeriesProperties = limits.MaxCustomProperties

// timeBucket returns the time step of a RowKey that names one period in
// its partition: fixed text, values the PartitionKey holds, and exactly
// one time (`{now:…}` or a DateTime property with a layout) of a minute
// or coarser.
func timeBucket(e *model.Entity) (float64, bool) {
	inPK := map[string]bool{}
	for i := range e.PartitionKey.Parts {
		if p := &e.PartitionKey.Parts[i]; p.Builtin == model.NotBuiltin && p.Name != "" {
			inPK[p.Name] = true
		}
	}
	step := 0.0
	for i := range e.RowKey.Parts {
		p := &e.RowKey.Parts[i]
		switch {
		case !p.IsPlaceholder(), p.Builtin == model.NotBuiltin && inPK[p.Name]:
		case step == 0 && (p.Builtin == model.Now || (p.Builtin == model.NotBuiltin && p.Prop != nil && p.Prop.Type == edm.DateTime && p.Verb != "")):
			step = model.LayoutGranularity(p.Verb).Seconds()
		default:
			return 0, false
		}
	}
	return step, step >= 60
}

// dataSeries reports queries that read a series of sibling entities, one
// per period, that together fit in one entity (TL506: data series
// pattern).
func (r *reviewer) dataSeries(t *model.Table, rows []QueryRow) {
	for _, e := range t.Entities {
		step, ok := timeBucket(e)
		if !ok {
			continue
		}
		for _, row := range rows {
			q := row.Query
			if q.Unsupported != nil || (q.Plan.Kind != plan.Range && q.Plan.Kind != plan.PartitionScan) || !row.ScannedKnown || !row.RateKnown {
				continue
			}
			if row.Scanned < 2 || row.Scanned > MaxSeriesProperties || !mayRead(q, e) {
				continue
			}
			r.add("TL506", q.FilterNode, -1, "query %s.%s reads ~%s %s entities per run, one per %s",
				t.Name, q.Name, num(row.Scanned), e.Name, durationText(step)).Hint = sprintf("store the series in one entity with a property per %s (data series pattern), read with one point query and updated with merge",
				durationText(step))
			break
		}
	}
}
