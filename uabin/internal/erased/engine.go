package erased

// Verifier is the engine as fastpath.Verify calls it: Marshal and
// Unmarshal of uabin.Options{FastPaths: set, DisableFastPaths: plan,
// EmptyStrings: empty}.
type Verifier interface {
	Marshal(set *Set, plan, empty bool, v any) ([]byte, error)
	Unmarshal(set *Set, plan, empty bool, b []byte, v any) error
}

// Engine is set by package uabin at initialisation, nil when uabin is not
// linked in. It is the one package link through a variable left in the
// module (docs/design.md says why): fastpath.Verify is API of package
// fastpath, which the engine imports for its codecs, and runs uabin's
// options, which hold uabin's default registry.
var Engine Verifier
