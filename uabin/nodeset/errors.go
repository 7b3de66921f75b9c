package nodeset

import (
	"errors"
	"fmt"
)

// Causes wrapped by *Error, for errors.Is.
var (
	// ErrInvalid: the file is not a well-formed NodeSet2 file (bad XML, a
	// NodeId that does not parse, a namespace index not in the file's
	// NamespaceUris, a duplicate node, a ValueRank that is no number, a
	// cycle of HasSubtype references).
	ErrInvalid = errors.New("invalid NodeSet2")
	// ErrMissingModel: a RequiredModel of a file is in no file of the set,
	// or in an older version than required.
	ErrMissingModel = errors.New("required model missing")
	// ErrUnknownDataType: a base type or a field's DataType is defined by
	// no file of the set.
	ErrUnknownDataType = errors.New("unknown DataType")
)

// Error is a problem with a NodeSet2 file: where, and what.
type Error struct {
	// File is the file name given to Parse or Load.
	File string
	// Node is the NodeId of the node as written in the file ("ns=1;i=3002"),
	// or "" for a problem outside any node.
	Node string
	// BrowseName is the node's BrowseName as written ("1:OcrScanResult"),
	// or "".
	BrowseName string
	// Err is the problem; it wraps ErrInvalid, ErrMissingModel or
	// ErrUnknownDataType, or for Set.Register ErrRegister and the error of
	// the uabin.Registry. For a file above a limit of ParseOptions it is a
	// *LimitError (wrapping ErrLimitExceeded); for a file that cannot be
	// read, the error of the os or io.Reader call.
	Err error
}

// Error implements error: "nodeset: FILE: node NODE (BROWSENAME): PROBLEM".
func (e *Error) Error() string {
	s := "nodeset: " + e.File
	if e.Node != "" {
		s += ": node " + e.Node
		if e.BrowseName != "" {
			s += " (" + e.BrowseName + ")"
		}
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the problem.
func (e *Error) Unwrap() error { return e.Err }

// errorf returns an *Error about a file (dt nil) or a DataType node.
func errorf(file string, dt *DataType, kind error, format string, args ...any) *Error {
	e := &Error{File: file, Err: fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))}
	if dt != nil {
		e.Node, e.BrowseName = dt.NodeIDText, dt.BrowseNameText
	}
	return e
}
