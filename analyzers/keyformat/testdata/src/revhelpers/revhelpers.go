// Package revhelpers: reverse ticks (a large constant minus a run-time
// value) made in a helper, of this package or another, and formatted
// where the key is built.
package revhelpers

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"

	"revhelpers/ticks"
)

// maxTicks is .NET's DateTime.MaxValue.Ticks.
const maxTicks = uint64(3155378975999999999)

// descending counts a sample's time down from maxTicks.
func descending(at time.Time) (uint64, error) {
	if at.IsZero() {
		return 0, errors.New("no time")
	}
	since := uint64(at.UnixNano()) / 100
	return maxTicks - since, nil
}

func Newest(user string, at time.Time) (aztables.Entity, error) {
	d, err := descending(at)
	if err != nil {
		return aztables.Entity{}, err
	}
	row := strconv.FormatInt(int64(d), 10) // want `TL205: reverse-time RowKey component formatted with strconv.FormatInt is not zero-padded to 19 digits`
	return aztables.Entity{PartitionKey: user, RowKey: row}, nil
}

func NewestOther(user string, at time.Time) aztables.Entity {
	return aztables.Entity{PartitionKey: user, RowKey: fmt.Sprintf("%d", ticks.Descending(at))} // want `TL205: reverse-time RowKey component formatted with %d is not zero-padded to 19 digits`
}

// paddedDescending pads the reverse ticks itself: silent.
func paddedDescending(at time.Time) string {
	return fmt.Sprintf("%019d", maxTicks-uint64(at.UnixNano())/100)
}

func NewestPadded(user string, at time.Time) aztables.Entity {
	return aztables.Entity{PartitionKey: user, RowKey: paddedDescending(at)}
}

func NewestOtherPadded(user string, at time.Time) aztables.Entity {
	return aztables.Entity{PartitionKey: user, RowKey: fmt.Sprintf("%019d", ticks.Descending(at))}
}

// left is a small constant minus a value: a number, TL204 as before.
func left(used int) int { return 1000000 - used }

func Budget(user string, used int) aztables.Entity {
	return aztables.Entity{PartitionKey: user, RowKey: strconv.Itoa(left(used))} // want `TL204: numeric RowKey component formatted with strconv.Itoa is not zero-padded; use %019d`
}

func BudgetOther(user string, used int) aztables.Entity {
	return aztables.Entity{PartitionKey: user, RowKey: strconv.Itoa(ticks.Remaining(used))} // want `TL204: numeric RowKey component formatted with strconv.Itoa is not zero-padded; use %019d`
}
