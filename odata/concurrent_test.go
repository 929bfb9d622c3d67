package odata

import (
	"strconv"
	"sync"
	"testing"
)

// TestConcurrentParse parses from several goroutines at once, with more
// shapes than the cache holds (so that it is cleared while others read
// it), and checks every result against a parse with the cache off. Run
// with -race, it checks the cache's publication of skeletons.
func TestConcurrentParse(t *testing.T) {
	n := maxShapes + 500
	if testing.Short() {
		n = maxShapes/4 + 100
	}
	filter := func(i int) string {
		return "P" + strconv.Itoa(i) + " eq " + strconv.Itoa(i) + " and PartitionKey eq 'k" + strconv.Itoa(i) + "'"
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < n; i += 2 { // overlapping halves: hits and puts race
				s := filter(i % (n / 2 * 2))
				f, err := Parse(s)
				if err != nil {
					errs <- err.Error()
					return
				}
				if got := f.String(); got != s {
					errs <- "parsed " + s + " as " + got
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
