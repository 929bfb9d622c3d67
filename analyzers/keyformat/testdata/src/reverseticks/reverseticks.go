package reverseticks

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/data/aztables"
)

// maxTicks is .NET's DateTime.MaxValue.Ticks.
const maxTicks = 3155378975999999999

func ticks(t time.Time) int64 { return t.UnixNano()/100 + 621355968000000000 }

func logTail(user string, t time.Time) aztables.Entity {
	return aztables.Entity{
		PartitionKey: user,
		RowKey:       strconv.FormatInt(math.MaxInt64-t.UnixNano(), 10), // want `TL205: reverse-time RowKey component formatted with strconv.FormatInt is not zero-padded to 19 digits`
	}
}

func invertedTicks(user string, t time.Time) aztables.Entity {
	inv := maxTicks - ticks(t)
	return aztables.Entity{PartitionKey: user, RowKey: fmt.Sprintf("%d", inv)} // want `TL205: reverse-time RowKey component formatted with %d`
}

func tooNarrow(user string, t time.Time) aztables.Entity {
	return aztables.Entity{PartitionKey: user, RowKey: fmt.Sprintf("%016d", math.MaxInt64-t.UnixNano())} // want `TL205`
}

func good(user string, t time.Time) aztables.Entity {
	return aztables.Entity{PartitionKey: user, RowKey: fmt.Sprintf("%019d", maxTicks-ticks(t))}
}

func smallSubtraction(user string, a, b int) aztables.Entity {
	return aztables.Entity{PartitionKey: user, RowKey: fmt.Sprintf("%06d", 1000000-a)}
}
