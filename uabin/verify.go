package uabin

import (
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/internal/erased"
)

// The engine as fastpath.Verify calls it: fastpath cannot import uabin.
func init() {
	opts := func(set any, plan, empty bool) Options {
		return Options{FastPaths: set.(*fastpath.Set), DisableFastPaths: plan, EmptyStrings: empty}
	}
	erased.Engine.Marshal = func(set any, plan, empty bool, v any) ([]byte, error) {
		return opts(set, plan, empty).Marshal(v)
	}
	erased.Engine.Unmarshal = func(set any, plan, empty bool, b []byte, v any) error {
		return opts(set, plan, empty).Unmarshal(b, v)
	}
}
