package fastpath_test

import (
	"errors"
	"fmt"

	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

// Vector3 is a user type with a hand-written fast path.
type Vector3 struct{ X, Y, Z float64 }

// ExampleRegister registers a fast path for Vector3 in a Set of its own and
// uses it through uabin.Options. The bytes are those of the plan built
// from Vector3's fields: three Doubles.
func ExampleRegister() {
	set := fastpath.NewSet()
	err := fastpath.Register(set, fastpath.Funcs[Vector3]{
		Append: func(w *wire.Writer, v *Vector3) bool {
			w.Float64(v.X)
			w.Float64(v.Y)
			w.Float64(v.Z)
			return true
		},
		Consume: func(r *wire.Reader, v *Vector3) bool {
			v.X, v.Y, v.Z = r.Float64(), r.Float64(), r.Float64()
			return true
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	o := uabin.Options{FastPaths: set}
	b, err := o.Marshal(&Vector3{1, 2, 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", b)
	plan, _ := uabin.Marshal(&Vector3{1, 2, 3})
	fmt.Println("same bytes as the plan:", string(plan) == string(b))

	var v Vector3
	if err := o.Unmarshal(b, &v); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v)

	// A second fast path for Vector3 is refused.
	err = fastpath.Register(set, fastpath.Funcs[Vector3]{Append: func(*wire.Writer, *Vector3) bool { return false }, Consume: func(*wire.Reader, *Vector3) bool { return false }})
	fmt.Println(errors.Is(err, fastpath.ErrDuplicate))
	// Output:
	// 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 00 40 00 00 00 00 00 00 08 40
	// same bytes as the plan: true
	// {1 2 3}
	// true
}
