package assignments

func show(string) {}

// The zero value is never read: both see the one value "a".
func declaredThenAssigned() {
	var x string
	x = "a"
	show(x) // want `values=a writes="a"`
}

// The zero value is read before the assignment: two values.
func readBetween() {
	var x string
	show(x) // want `values=\{\?\} writes=x`
	x = "a"
	show(x) // want `values=\{\?\} writes=x`
}

// Assigned in a nested block: the zero value survives when !ok.
func nested(ok bool) {
	var x string
	if ok {
		x = "a"
	}
	show(x) // want `values=\{\?\} writes=x`
}

// The assignment reads the zero value.
func selfReference() {
	var x string
	x = x + "a"
	show(x) // want `values=\{\?\} writes=x`
}

func initialised() {
	var y = "b"
	show(y) // want `values=b writes="b"`
}

func defined() {
	z := "c"
	show(z) // want `values=c writes="c"`
}

func branches(ok bool) {
	w := "d"
	if ok {
		w = "e"
	}
	show(w) // want `values=\{\?\} writes=w`
}

func tuple() {
	v, _ := pair()
	show(v) // want `values=\{\?\} writes=v`
}

func pair() (string, error) { return "f", nil }
