// Package uamodel is the model of OPC UA values that every encoding of
// this module is built on, independent of any encoding: what a Go type is
// in OPC UA (a built-in, an array, a structure with its fields, their Go
// and OPC UA names, built-in kinds and presence rules), read once per Go
// type from its kind and its ua: tags and cached (Of); the same model for
// the run-time structures registered from their definitions (DynType);
// and the type registry with the ids a type is known by (its DataType,
// binary and JSON encodings).
//
// The binary engine (uabin/internal/engine) builds its plans from these
// models and nothing else; a second encoding (OPC UA JSON) walks the same
// models, with the OPC UA names (Field.Name) where the binary encoding
// needs none. Every tag check is here (tags.go, build.go), so a Go type is
// accepted or refused, with the same error, by every encoding.
//
// value.go is the one file that imports unsafe: the values of run-time
// structures are blocks of memory addressed by offset.
package uamodel
