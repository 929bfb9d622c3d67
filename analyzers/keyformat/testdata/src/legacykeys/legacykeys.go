// Package legacykeys: numbers in keys given through the legacy storage
// API (GetEntityReference arguments, key fields assigned on a reference).
package legacykeys

import (
	"fmt"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/storage"
)

// Seat numbers of a hall, up to a count the caller gives: "s10" sorts
// before "s9".
func seats(t *storage.Table, hall string, count int) error {
	for n := 1; n <= count; n++ {
		row := t.GetEntityReference(hall, fmt.Sprintf("s%d", n)) // want `TL204: numeric RowKey component`
		if err := row.Insert(storage.NoMetadata, nil); err != nil {
			return err
		}
	}
	return nil
}

// A row number moved onto an existing reference.
func renumber(t *storage.Table, hall string, seat int) error {
	row := t.GetEntityReference(hall, "s0000")
	row.RowKey = strconv.Itoa(seat) // want `TL204: numeric RowKey component`
	return row.InsertOrReplace(nil)
}

// The twins: padded, constant, a Unix time, and a loop whose every
// number has one digit (0…8 sort as text as they do as numbers): silent.
func seatsPadded(t *storage.Table, hall string, count int) error {
	for n := 1; n <= count; n++ {
		row := t.GetEntityReference(hall, fmt.Sprintf("s%05d", n))
		if err := row.Insert(storage.NoMetadata, nil); err != nil {
			return err
		}
	}
	return nil
}

func boxOffice(t *storage.Table, at time.Time) error {
	const booth = 3
	row := t.GetEntityReference(fmt.Sprintf("booth-%d", booth), strconv.FormatInt(at.Unix(), 10))
	return row.Insert(storage.NoMetadata, nil)
}

func frontRow(t *storage.Table, hall string) error {
	for n := 0; n < 9; n++ {
		row := t.GetEntityReference(hall, fmt.Sprintf("a%d", n))
		if err := row.Insert(storage.NoMetadata, nil); err != nil {
			return err
		}
	}
	return nil
}
