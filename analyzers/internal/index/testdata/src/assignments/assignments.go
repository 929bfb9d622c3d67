package assignments

func show(string) {}

// The zero value is never read: both see the one value "a".
func declaredThenAssigned() {
	var x string
	x = "a"
	show(x) // want `only=a writes="a"`
}

// The zero value is read before the assignment: two values.
func readBetween() {
	var x string
	show(x) // want `only=\{\?\} writes=x`
	x = "a"
	show(x) // want `only=\{\?\} writes=x`
}

// Assigned in a nested block: the zero value survives when !ok.
func nested(ok bool) {
	var x string
	if ok {
		x = "a"
	}
	show(x) // want `only=\{\?\} writes=x`
}

// The assignment reads the zero value.
func selfReference() {
	var x string
	x = x + "a"
	show(x) // want `only=\{\?\} writes=x`
}

func initialised() {
	var y = "b"
	show(y) // want `only=b writes="b"`
}

func defined() {
	z := "c"
	show(z) // want `only=c writes="c"`
}

func branches(ok bool) {
	w := "d"
	if ok {
		w = "e"
	}
	show(w) // want `only=\{\?\} writes=w`
}

func tuple() {
	v, _ := pair()
	show(v) // want `only=\{\?\} writes=v`
}

func pair() (string, error) { return "f", nil }
