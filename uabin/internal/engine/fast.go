package engine

// The codecs of uabin/fastpath as the engine calls them: the built-in
// codecs of the types tags cannot describe (always used), and fast paths in
// front of a plan (DisableFastPaths switches them off).

func appendBuiltin(s *appendState, p pointer, c *codec)   { c.ext.Append(&s.w, p.raw()) }
func consumeBuiltin(s *consumeState, p pointer, c *codec) { c.ext.Consume(&s.r, p.raw()) }
func zeroBuiltin(p pointer, c *codec) bool                { return c.ext.IsZero(p.raw()) }

func zeroFast(p pointer, c *codec) bool { return c.plan.isZero(p, c.plan) }

// appendFast tries the fast path and falls back to the plan when it
// declines. When a fast path fails, the call is run again without fast
// paths (appendCodec, consumeCodec), so that the error is the plan's in both modes; the
// success path pays nothing for it.
func appendFast(s *appendState, p pointer, c *codec) {
	if !c.ext.Append(&s.w, p.raw()) {
		c.plan.append(s, p, c.plan)
	}
}

// The struct and array loops (appendStruct, consumeStruct, appendElems,
// consumeElems) call a built-in's or a fast path's erased codec directly,
// as appendFast and consumeFast do, rather than through c.append: one
// indirect call per built-in field or element instead of two. The four
// copies of that dispatch are by hand because a helper does not inline
// (a call per field cost 7-14 % of W4-W6 decoding, performance.md entry 25).

// consumeFast is the decoding twin of appendFast.
func consumeFast(s *consumeState, p pointer, c *codec) {
	if !c.ext.Consume(&s.r, p.raw()) {
		c.plan.consume(s, p, c.plan)
	}
}
