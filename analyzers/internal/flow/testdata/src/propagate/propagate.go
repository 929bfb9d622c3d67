package propagate

// sink's parameter 1 is what the probe starts from.
func sink(label string, v string) {}

// outer is written before the helpers it calls: it learns its
// parameter only in the round after middle does.
func outer(s string) { // want `outer: param 0`
	middle("x", s)
}

func middle(a, b string) { // want `middle: param 1`
	inner(b)
}

func inner(v string) { // want `inner: param 0`
	sink("label", v)
}

// Given a constant, not a parameter: nothing to learn.
func constant() {
	inner("fixed")
}

// Through a method: the receiver is argument 0.
type box struct{}

func (box) put(v string) { // want `put: param 1`
	sink("m", v)
}

func viaMethod(b box, s string) { // want `viaMethod: param 1`
	b.put(s)
}
