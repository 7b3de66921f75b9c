package wire

import "github.com/uabin/uabin/uabin/internal/hook"

// The state that package uabin reaches through uabin/internal/hook: the
// ExtensionObject body codec installed in a Reader or Writer, and marks to
// rewind to. None of it is part of this package's API.

func init() {
	hook.WriterBodies = func(w any) *hook.BodyAppender { return &w.(*Writer).bodies }
	hook.ReaderBodies = func(r any) *hook.BodyConsumer { return &r.(*Reader).bodies }
	hook.RewindWriter = func(w any, m hook.Mark) {
		x := w.(*Writer)
		x.Buf, x.depth, x.err = x.Buf[:m.Off], m.Depth, nil
	}
	hook.RewindReader = func(r any, m hook.Mark) {
		x := r.(*Reader)
		x.off, x.end, x.depth, x.err = m.Off, m.End, m.Depth, nil
	}
}
