package uabin

// The codecs of uabin/fastpath as the engine calls them: the built-in
// codecs of the types tags cannot describe (always used), and fast paths in
// front of a plan (DisableFastPaths switches them off).

import (
	"github.com/uabin/uabin/uabin/internal/hook"
)

func appendBuiltin(s *appendState, p pointer, c *codec)   { c.ext.Append(&s.w, p.raw()) }
func consumeBuiltin(s *consumeState, p pointer, c *codec) { c.ext.Consume(&s.r, p.raw()) }
func zeroBuiltin(p pointer, c *codec) bool                { return c.ext.IsZero(p.raw()) }

func zeroFast(p pointer, c *codec) bool { return c.plan.isZero(p, c.plan) }

// appendFast tries the fast path and falls back to the plan when it
// declines. When the fast path fails, the Writer is rewound and the plan
// encodes the value, so that the error is the plan's, in both modes; if the
// plan succeeds, the fast path's error stands.
func appendFast(s *appendState, p pointer, c *codec) {
	w := &s.w
	if w.Err() != nil {
		return
	}
	mark := hook.Mark{Off: len(w.Buf), Depth: w.Depth()}
	if !c.ext.Append(w, p.raw()) {
		c.plan.append(s, p, c.plan)
		return
	}
	if err := w.Err(); err != nil {
		hook.RewindWriter(w, mark)
		c.plan.append(s, p, c.plan)
		if w.Err() == nil {
			w.Fail(err)
		}
	}
}

// consumeFast is the decoding twin of appendFast.
func consumeFast(s *consumeState, p pointer, c *codec) {
	r := &s.r
	if r.Err() != nil {
		return
	}
	mark := hook.Mark{Off: r.Offset(), End: r.Offset() + r.Remaining(), Depth: r.Depth()}
	if !c.ext.Consume(r, p.raw()) {
		c.plan.consume(s, p, c.plan)
		return
	}
	if err := r.Err(); err != nil {
		hook.RewindReader(r, mark)
		c.plan.consume(s, p, c.plan)
		if r.Err() == nil {
			r.Fail(err)
		}
	}
}
