package uaclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"syscall"

	"github.com/uabin/uabin/chunk"
	"github.com/uabin/uabin/types"
)

// Error is the error of every Client operation: what was being done, the OPC
// UA status code that describes the failure, and the cause (if any).
type Error struct {
	// Op is the operation: "connect", "hello", "open secure channel",
	// "create session", "activate session", "read", "browse", ...
	Op string
	// Code is the status code: the server's (ERR message, ServiceFault,
	// ServiceResult, abort chunk) or one chosen here (BadTimeout,
	// BadNotConnected, BadSecurityChecksFailed, ...).
	Code types.StatusCode
	// Err is the cause, or nil when Code says everything.
	Err error
}

// Error implements error, in one line:
// "uaclient: read: BadTimeout (0x800A0000): i/o timeout".
func (e *Error) Error() string {
	name := e.Code.Name()
	if name == "" {
		name = "StatusCode"
	}
	s := fmt.Sprintf("uaclient: %s: %s (0x%08X)", e.Op, name, uint32(e.Code))
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// StatusCode returns the status code of err: Good for nil, Code for an
// *Error, and Bad_UnexpectedError for anything else.
func StatusCode(err error) types.StatusCode {
	if err == nil {
		return types.StatusGood
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return types.StatusBadUnexpectedError
}

// wrap turns err into an *Error for operation op, choosing the status code:
// the peer's for chunk.ErrorMessage and chunk.AbortError, the chunk
// package's for its errors, BadTimeout for deadlines, BadNotConnected for a
// refused connection, BadConnectionClosed for a connection the peer closed.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Op: op, Code: codeOf(err), Err: err}
}

func codeOf(err error) types.StatusCode {
	var ne net.Error
	var em *chunk.ErrorMessage
	var ae *chunk.AbortError
	var ce *chunk.Error
	var sc types.StatusCode
	switch {
	case errors.As(err, &em):
		return types.StatusCode(em.Code)
	case errors.As(err, &ae):
		return types.StatusCode(ae.Code)
	case errors.As(err, &sc):
		return sc
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded):
		return types.StatusBadTimeout
	case errors.As(err, &ne) && ne.Timeout():
		return types.StatusBadTimeout
	case errors.Is(err, context.Canceled):
		return types.StatusBadRequestCancelledByClient
	case errors.Is(err, syscall.ECONNREFUSED):
		return types.StatusBadNotConnected
	case errors.As(err, &ce), errors.Is(err, chunk.ErrTruncated):
		return types.StatusCode(chunk.StatusCode(err))
	case errors.Is(err, io.EOF), errors.Is(err, net.ErrClosed), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return types.StatusBadConnectionClosed
	}
	return types.StatusBadCommunicationError
}
