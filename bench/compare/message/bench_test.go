package message

import (
	"testing"
)

// BenchmarkMessage runs every stage of every case and implementation:
//
//	BenchmarkMessage/<case>/body/{encode,decode}/<impl>
//	BenchmarkMessage/<case>/<None|Sign>/{frame,encode+frame,reassemble,reassemble+decode}/<impl>
//
// The body stages do not depend on the policy and the framing stages not on
// uabin's codec mode (frame and reassemble run for uabin-fast and gopcua
// only; uabin-plans shares uabin-fast's chunk code). Every pipeline is
// verified before it is timed. b.SetBytes is the body size, so MB/s are
// comparable along a row.
func BenchmarkMessage(b *testing.B) {
	for _, c := range Cases() {
		b.Run(c.Name, func(b *testing.B) {
			for _, p := range Policies {
				pls, err := VerifyCase(c, p)
				if err != nil {
					b.Fatal(err)
				}
				for _, s := range Stages {
					if s.BodyOnly() && p != None {
						continue // measured once, under "body"
					}
					group := p.String()
					if s.BodyOnly() {
						group = "body"
					}
					for _, pl := range pls {
						if s.FramingOnly() && pl.Impl == UabinPlans {
							continue
						}
						b.Run(group+"/"+s.String()+"/"+pl.Impl.String(), func(b *testing.B) {
							benchStage(b, pl, s)
						})
					}
				}
			}
		})
	}
}

// benchStage is the timed loop of one stage.
func benchStage(b *testing.B, pl *Pipeline, s Stage) {
	run := pl.Func(s)
	b.SetBytes(int64(len(pl.Body())))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := run(); err != nil {
			b.Fatal(err)
		}
	}
}
