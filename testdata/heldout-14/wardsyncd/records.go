// Package wardsyncd keeps the state of a hospital simulator (admitted
// patients, ward events, outgoing HL7 messages) between runs. Each kind of
// record has its own Store; the Azure Tables store writes one row per record.
package wardsyncd

import (
	"encoding/json"
	"errors"
	"time"
)

// Record is anything the simulator keeps between runs.
type Record interface {
	Encode() ([]byte, error)
	Key() (string, error)
	Opened() time.Time
	Closed() time.Time
}

// Store moves records to and from some kind of storage.
type Store interface {
	Save(Record) error
	Remove(Record) error
	All() ([]Record, error)
	ByKey(string) (Record, error)
}

// Decoder turns a stored document back into a record.
type Decoder interface {
	Decode([]byte) (Record, error)
}

// Kind says which table a store writes to.
type Kind int

const (
	KindMessages Kind = iota
	KindEvents
	KindPatients
)

func (k Kind) String() string {
	switch k {
	case KindMessages:
		return "WardMessages"
	case KindEvents:
		return "WardEvents"
	case KindPatients:
		return "WardPatients"
	}
	return "unknown"
}

var errNoKey = errors.New("record has no key")

// Order is one order placed for a patient while admitted.
type Order struct {
	Code    string    `json:"code"`
	Placed  time.Time `json:"placed"`
	Results []string  `json:"results,omitempty"`
	Notes   []string  `json:"notes,omitempty"`
}

// PatientFile is the simulator's view of one admitted patient. Orders and
// allergies grow for as long as the patient stays.
type PatientFile struct {
	MRN        string    `json:"mrn"`
	Name       string    `json:"name"`
	Ward       string    `json:"ward"`
	Admitted   time.Time `json:"admitted"`
	Discharged time.Time `json:"discharged"`
	Orders     []Order   `json:"orders"`
	Allergies  []string  `json:"allergies"`
}

func (p *PatientFile) Encode() ([]byte, error) { return json.Marshal(p) }

func (p *PatientFile) Key() (string, error) {
	if p.MRN == "" {
		return "", errNoKey
	}
	return p.MRN, nil
}

func (p *PatientFile) Opened() time.Time { return p.Admitted }
func (p *PatientFile) Closed() time.Time { return p.Discharged }

// WardEvent is one scheduled step of the simulation (an admission, a
// transfer, a result arriving).
type WardEvent struct {
	ID         string    `json:"id"`
	Step       string    `json:"step"`
	Due        time.Time `json:"due"`
	PatientMRN string    `json:"patientMrn"`
}

func (e *WardEvent) Encode() ([]byte, error) { return json.Marshal(e) }

func (e *WardEvent) Key() (string, error) {
	if e.ID == "" {
		return "", errNoKey
	}
	return e.ID, nil
}

func (e *WardEvent) Opened() time.Time { return e.Due }
func (e *WardEvent) Closed() time.Time { return e.Due }

// Message is one HL7 message the simulator sent.
type Message struct {
	ControlID string    `json:"controlId"`
	Raw       string    `json:"raw"`
	Sent      time.Time `json:"sent"`
}

func (m *Message) Encode() ([]byte, error) { return json.Marshal(m) }

func (m *Message) Key() (string, error) {
	if m.ControlID == "" {
		return "", errNoKey
	}
	return m.ControlID, nil
}

func (m *Message) Opened() time.Time { return m.Sent }
func (m *Message) Closed() time.Time { return m.Sent }

// jsonDecoder decodes documents of one record type.
type jsonDecoder struct{ kind Kind }

func (d jsonDecoder) Decode(doc []byte) (Record, error) {
	var rec Record
	switch d.kind {
	case KindPatients:
		rec = &PatientFile{}
	case KindEvents:
		rec = &WardEvent{}
	default:
		rec = &Message{}
	}
	if err := json.Unmarshal(doc, rec); err != nil {
		return nil, err
	}
	return rec, nil
}
