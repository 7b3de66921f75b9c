package uabin

import (
	"github.com/uabin/uabin/uabin/fastpath"
	"github.com/uabin/uabin/uabin/internal/erased"
)

// verifier is the engine as fastpath.Verify calls it (erased.Engine):
// fastpath cannot import this package, and the engine's calls need the
// default registry, which is this package's.
type verifier struct{}

func init() { erased.Engine = verifier{} }

func verifyOptions(set *erased.Set, plan, empty bool) Options {
	return Options{FastPaths: (*fastpath.Set)(set), DisableFastPaths: plan, EmptyStrings: empty}
}

func (verifier) Marshal(set *erased.Set, plan, empty bool, v any) ([]byte, error) {
	return verifyOptions(set, plan, empty).Marshal(v)
}

func (verifier) Unmarshal(set *erased.Set, plan, empty bool, b []byte, v any) error {
	return verifyOptions(set, plan, empty).Unmarshal(b, v)
}
