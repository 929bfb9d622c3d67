package checkunused

import "testing"

func TestNothing(t *testing.T) {}
