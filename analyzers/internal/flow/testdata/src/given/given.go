// Package given: what the package's calls give a parameter, or a field
// of a struct parameter (flow.Given), followed up through callers that
// pass their own parameter on.
package given

import (
	"encoding/json"
	"time"
)

// Shift is one crew's turn on the floor.
type Shift struct {
	Crew   string
	Starts time.Time
	Ends   time.Time
}

func sink(v any) {}

// record reads a field of its parameter; relay passes its own parameter
// on, so record's field is what relay's callers give: two calls up.
func record(s Shift) {
	sink(s.Ends) // want `^34: Ends zero, literal at line 33; 40: Ends now.Add\(8 \* time.Hour\)$`
}

func relay(s Shift) {
	record(s)
}

// The caller two levels up leaves Ends out of its literal; its silent
// twin sets it after the literal, before the call.
func open(crew string) {
	s := Shift{Crew: crew, Starts: time.Now()}
	relay(s)
}

func planned(crew string, now time.Time) {
	s := Shift{Crew: crew, Starts: now}
	s.Ends = now.Add(8 * time.Hour)
	relay(s)
}

// log's receiver is the struct: its callers' receivers are what it gets.
func (s Shift) log() {
	sink(s.Ends) // want `^49: Ends zero, literal at line 49; 54: Ends end$`
}

func logOpen(crew string) {
	Shift{Crew: crew}.log()
}

func logClosed(crew string, end time.Time) {
	s := Shift{Crew: crew, Ends: end}
	s.log()
}

// save's receiver is a pointer that save only reads through.
func (s *Shift) save() {
	sink(s.Ends) // want `^67: Ends zero, var s; 73: Ends zero, literal at line 71$`
}

// A variable declared without a value and filled field by field; a
// store after the call does not reach it.
func saveBare(crew string) {
	var s Shift
	s.Crew = crew
	s.save()
}

func saveLate(crew string) {
	s := &Shift{Crew: crew}
	s.Starts = time.Now()
	s.save()
	s.Ends = time.Now()
}

// Silent: a function that may fill the shift before the call.
func saveFilled(crew string) {
	s := &Shift{Crew: crew}
	fill(s)
	s.save()
}

func fill(s *Shift) { s.Ends = time.Now() }

// stamp's parameter itself: a zero time passed, and a real one.
func stamp(at time.Time) {
	sink(at) // want `^92: zero; 96: time.Now\(\); 103: at$`
}

func stampNever() {
	stamp(time.Time{})
}

func stampNow() {
	stamp(time.Now())
}

// Silent twin: a variable whose address is passed on may be filled.
func stampDecoded(b []byte) {
	var at time.Time
	json.Unmarshal(b, &at)
	stamp(at)
}

// A field of the caller's own parameter passed on: that field of what
// its callers give.
func stampEnd(s Shift) {
	stamp2(s.Ends)
}

func stamp2(at time.Time) {
	sink(at) // want `^122: Ends zero, literal at line 118 \(through newShift\)$`
}

// A helper of the package returning a literal without Ends.
func newShift(crew string) Shift {
	return Shift{Crew: crew, Starts: time.Now()}
}

func stampFresh(crew string) {
	stampEnd(newShift(crew))
}

// A parameter the function reassigns is no parameter read any more.
func reassigned(s Shift) {
	s = Shift{Ends: time.Now()}
	sink(s.Ends) // want `^none$`
}

func callReassigned() { reassigned(Shift{}) }

// A method reached through an interface: the interface's calls count.
type keeper interface{ keep(s Shift) }

type ledger struct{}

func (l *ledger) keep(s Shift) {
	sink(s.Ends) // want `^143: Ends zero, literal at line 143; 149: Ends zero, literal at line 148$`
}

func keepVia(k keeper, crew string) {
	k.keep(Shift{Crew: crew})
}

// A store after the call does not reach it.
func keepLate(k keeper, crew string) {
	s := Shift{Crew: crew}
	k.keep(s)
	s.Ends = time.Now()
}

// A struct a helper returns from another helper's literal: the value is
// what the innermost call passes, named through both calls.
func shiftOf(crew string, end time.Time) *Shift { return &Shift{Crew: crew, Ends: end} }

func loadShift(crew string) (*Shift, error) { return shiftOf(crew, time.Now()), nil }

func close3(s *Shift) {
	sink(s.Ends) // want `^165: Ends end \(through loadShift, shiftOf\)$`
}

func closeLoaded(crew string) {
	s, _ := loadShift(crew)
	close3(s)
}
