package wire

import "github.com/uabin/uabin/uabin/internal/hook"

// The state that package uabin reaches through uabin/internal/hook: the
// ExtensionObject body codec installed in a Reader or Writer. None of it is
// part of this package's API.

func init() {
	hook.WriterBodies = func(w any) *hook.BodyAppender { return &w.(*Writer).bodies }
	hook.ReaderBodies = func(r any) *hook.BodyConsumer { return &r.(*Reader).bodies }
}
