package fastpath_test

import (
	"errors"
	"testing"

	"github.com/uabin/uabin/types"
	"github.com/uabin/uabin/uabin"
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/wire"
)

type regA struct{ N int32 }
type regB struct{ N int32 }
type regC struct{ N int32 }

func regAFuncs(calls *int) fastpath.Funcs[regA] {
	return fastpath.Funcs[regA]{
		// Declines negative values: the plan encodes them.
		Append: func(w *wire.Writer, v *regA) bool {
			if v.N < 0 {
				return false
			}
			*calls++
			w.Int32(v.N)
			return true
		},
		Consume: func(r *wire.Reader, v *regA) bool {
			*calls++
			v.N = r.Int32()
			return true
		},
	}
}

func TestRegister(t *testing.T) {
	set := fastpath.NewSet()
	var calls int
	if err := fastpath.Register(set, regAFuncs(&calls)); err != nil {
		t.Fatal(err)
	}
	if err := fastpath.Register(set, regAFuncs(&calls)); !errors.Is(err, fastpath.ErrDuplicate) {
		t.Errorf("second registration: %v", err)
	}
	if err := fastpath.Register(set, fastpath.Funcs[types.NodeID]{
		Append:  func(*wire.Writer, *types.NodeID) bool { return false },
		Consume: func(*wire.Reader, *types.NodeID) bool { return false },
	}); !errors.Is(err, fastpath.ErrDuplicate) {
		t.Errorf("registering over a built-in: %v", err)
	}
	if err := fastpath.Register(set, fastpath.Funcs[regB]{Append: func(*wire.Writer, *regB) bool { return true }}); !errors.Is(err, fastpath.ErrNilFunc) {
		t.Errorf("nil Consume: %v", err)
	}

	o := uabin.Options{FastPaths: set}
	b, err := o.Marshal(&regA{7})
	if err != nil || string(b) != "\x07\x00\x00\x00" || calls != 1 {
		t.Fatalf("fast path: % x, %v, %d calls", b, err, calls)
	}
	b, err = o.Marshal(&regA{-1})
	if err != nil || string(b) != "\xff\xff\xff\xff" || calls != 1 {
		t.Fatalf("declined value: % x, %v, %d calls", b, err, calls)
	}
	var a regA
	if err := o.Unmarshal([]byte{9, 0, 0, 0}, &a); err != nil || a.N != 9 || calls != 2 {
		t.Fatalf("decoding: %v, %v, %d calls", a, err, calls)
	}
	// The default set knows nothing of regA.
	if b, err := uabin.Marshal(&regA{7}); err != nil || string(b) != "\x07\x00\x00\x00" || calls != 2 {
		t.Fatalf("default set: % x, %v, %d calls", b, err, calls)
	}

	// Once the engine has built a plan for regC with set, regC is refused.
	if _, err := o.Marshal(&regC{1}); err != nil {
		t.Fatal(err)
	}
	err = fastpath.Register(set, fastpath.Funcs[regC]{
		Append:  func(*wire.Writer, *regC) bool { return false },
		Consume: func(*wire.Reader, *regC) bool { return false },
	})
	if !errors.Is(err, fastpath.ErrInUse) {
		t.Errorf("registering a type in use: %v", err)
	}
}
