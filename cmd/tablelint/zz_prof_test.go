package main

import (
	"os"
	"runtime/pprof"
	"testing"

	"github.com/tablelint/tablelint/engine/replay"
	"github.com/tablelint/tablelint/engine/workload"
)

func TestZZProf(t *testing.T) {
	spec, err := designWorkload(os.Getenv("ZZ"))
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.Create("/tmp/rt-cpu.prof")
	pprof.StartCPUProfile(f)
	w, _ := workload.Generate(spec, workload.Options{Seed: 1, Duration: 60})
	_, err = replay.Run(w, replay.NewEngine(replay.EngineOptions{}), replay.Options{Duration: 60, Setup: w.Setup()})
	pprof.StopCPUProfile()
	if err != nil {
		t.Fatal(err)
	}
}
