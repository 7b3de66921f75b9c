package wire

import (
	"unsafe"

	"github.com/uabin/uabin/uabin/internal/hook"
)

// The state that the binary engine (uabin/internal/engine) reaches
// through uabin/internal/hook: the ExtensionObject body codec installed in
// a Reader or Writer. None of it is part of this package's API. This file
// imports unsafe (the offsets of the slots; docs/design.md lists every
// file that does).

func init() {
	hook.WriterOffset = unsafe.Offsetof(Writer{}.bodies)
	hook.ReaderOffset = unsafe.Offsetof(Reader{}.bodies)
}
