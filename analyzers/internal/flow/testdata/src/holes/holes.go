package holes

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

func sink(string) {}

var counter int

type order struct{ Region string }

func Padded(n int) {
	sink(fmt.Sprintf("o-%06d", n)) // want `n @ n by fmt.Sprintf %06d n`
}

func Counted() {
	counter++
	sink("c-" + strconv.Itoa(counter)) // want `counter @ strconv.Itoa\(counter\) by strconv.Itoa %d counter`
}

func Dated() {
	t := time.Now()
	sink("d-" + t.Format("2006-01")) // want `time.Now\(\) @ t.Format\("2006-01"\)`
}

func Quoted(name string) {
	sink(fmt.Sprintf("Name eq '%s'", name)) // want `name @ name`
}

func Field(o *order, id string) {
	k := o.Region + "/" + strings.ToLower(id)
	sink(k) // want `o.Region @ o.Region ; id @ strings.ToLower\(id\)`
}

func prefixed(id string) string { return "u-" + id }

func Helper(who string) {
	sink(prefixed(who)) // want `who @ id`
}

func Alone(s string) {
	sink(s) // want `s @ -`
}

func Nested(n int64, ok bool) {
	sink(fmt.Sprintf("%s-%v", strconv.FormatInt(n, 10), strconv.FormatBool(ok))) // want `n @ strconv.FormatInt\(n, 10\) by strconv.FormatInt %d n ; ok @ strconv.FormatBool\(ok\) by strconv.FormatBool %t ok`
}

func Sprinted(n uint8) {
	sink("s-" + fmt.Sprint(n)) // want `n @ fmt.Sprint\(n\) by fmt.Sprint %v n`
}

// Constant text has no holes: nothing to report.
func Fixed() {
	sink("k-" + strconv.Itoa(42))
	sink(fmt.Sprintf("%03d", 7))
}
