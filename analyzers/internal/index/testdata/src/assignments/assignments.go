package assignments

func show(string) {}

func declaredThenAssigned() {
	var x string
	x = "a"
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
