package metricsinkc

import (
	"errors"
	"log"
	"strconv"
	"strings"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Metric is one aggregated sample as the agent hands it over.
type Metric struct {
	Fields map[string]interface{}
	Tags   map[string]string
}

// A Sink writes metrics of each configured period to that period's table.
type Sink struct {
	Account    string
	Key        string
	ResourceID string
	Deployment string
	Host       string
	Periods    []string

	tables     map[string]*storage.Table
	lastSuffix string
	columns    []string
}

// Connect opens (and creates) this window's table of every period.
func (s *Sink) Connect() error {
	client, err := storage.NewBasicClient(s.Account, s.Key) // S
	if err != nil {
		return err
	}
	svc := client.GetTableService()
	suffix, err := tableSuffix(time.Now().Unix())
	if err != nil {
		return err
	}
	if suffix != s.lastSuffix {
		s.tables = map[string]*storage.Table{}
		s.lastSuffix = suffix
	}
	for _, period := range s.Periods {
		pt, err := periodName(period)
		if err != nil {
			return err
		}
		s.tables[period] = svc.GetTableReference("WADMetrics" + pt + "P10DV25" + suffix) // S
	}
	for period, t := range s.tables {
		if err := t.Create(30, storage.FullMetadata, nil); err != nil && !strings.Contains(err.Error(), "TableAlreadyExists") {
			log.Printf("table of period %s: %v", period, err)
			return err
		}
	}
	s.columns = []string{"Mean", "SampleCount", "CounterName", "DeploymentId", "Host", "Last", "Max", "Min", "BeginTimestamp", "EndTimestamp", "Total"}
	return nil
}

// complete reports whether a row has exactly the expected columns, none empty.
func (s *Sink) complete(props map[string]interface{}) bool {
	if len(props) != len(s.columns) {
		return false
	}
	for _, c := range s.columns {
		v, ok := props[c]
		if !ok {
			return false
		}
		if str, isStr := v.(string); isStr && str == "" {
			return false
		}
	}
	return true
}

// Write stores each metric twice: newest-first and by counter.
func (s *Sink) Write(metrics []Metric) error {
	partition := escapeKey(s.ResourceID) // S
	for _, m := range metrics {
		props := m.Fields
		props["DeploymentId"] = s.Deployment
		props["Host"] = s.Host
		name, _ := props["CounterName"].(string)
		props["CounterName"] = m.Tags["plugin"] + "/" + name
		end, _ := props["EndTimestamp"].(string)
		ticks, err := descendingTicks(end)
		if err != nil {
			log.Printf("skipping a row without a usable end time: %v", err)
			continue
		}
		when := strconv.FormatInt(int64(ticks), 10)
		counter := escapeKey(props["CounterName"].(string))
		table := s.tables[m.Tags["period"]]
		if !s.complete(props) {
			log.Printf("skipping an incomplete row")
			continue
		}
		if err := putPair(table, partition, when+"_"+counter, counter+"_"+when, props); err != nil { // S
			return err
		}
	}
	return nil
}

// putPair inserts the two rows of one metric.
func putPair(table *storage.Table, partition, byTime, byCounter string, props map[string]interface{}) error {
	first := table.GetEntityReference(partition, byTime) // L: TL205
	if first.PartitionKey == "" {
		return errors.New("no entity reference")
	}
	first.Properties = props
	if err := first.Insert(storage.FullMetadata, nil); err != nil {
		return err
	}
	second := table.GetEntityReference(partition, byCounter) // L: TL205
	if second.PartitionKey == "" {
		return errors.New("no entity reference")
	}
	second.Properties = props
	return second.Insert(storage.FullMetadata, nil) // S
}
