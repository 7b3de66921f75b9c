package wire

import (
	"unsafe"

	"github.com/uabin/uabin/uabin/internal/hook"
)

// The state that package uabin reaches through uabin/internal/hook: the
// ExtensionObject body codec installed in a Reader or Writer. None of it is
// part of this package's API.

func init() {
	hook.WriterOffset = unsafe.Offsetof(Writer{}.bodies)
	hook.ReaderOffset = unsafe.Offsetof(Reader{}.bodies)
}
