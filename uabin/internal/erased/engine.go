package erased

// Engine is the uabin engine as fastpath.Verify calls it, with the
// *fastpath.Set as an any (this package cannot name it). plan true means
// Options.DisableFastPaths; empty is Options.EmptyStrings. Set by package
// uabin at initialisation; nil when uabin is not linked in.
var Engine struct {
	Marshal   func(set any, plan, empty bool, v any) ([]byte, error)
	Unmarshal func(set any, plan, empty bool, b []byte, v any) error
}
