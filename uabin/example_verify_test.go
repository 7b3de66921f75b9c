package uabin_test

import (
	"errors"
	"fmt"

	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// Point is a user type whose plan is two Int32s.
type Point struct{ X, Y int32 }

// ExampleVerifyFastPaths checks a fast path against the plan of its type
// on a few samples. This one writes Y before X, which VerifyFastPaths
// reports at the first byte that differs.
func ExampleVerifyFastPaths() {
	set := fastpath.NewSet()
	err := fastpath.Register(set, fastpath.Funcs[Point]{
		Append: func(w *wire.Writer, p *Point) bool {
			w.Int32(p.Y) // wrong: the plan writes X first
			w.Int32(p.X)
			return true
		},
		Consume: func(r *wire.Reader, p *Point) bool {
			p.X, p.Y = r.Int32(), r.Int32()
			return true
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = uabin.VerifyFastPaths(set, Point{}, Point{X: 1, Y: 2})
	fmt.Println(err)
	var m *fastpath.Mismatch
	if errors.As(err, &m) {
		fmt.Println(m.Sample, m.Offset, m.Fast, m.Plan)
	}
	// Output:
	// fastpath: uabin_test.Point, sample 1, encoding: the fast path writes 0x02 at byte 0 where the plan writes 0x01 (fast path 8 bytes, plan 8)
	// 1 0 2 1
}
