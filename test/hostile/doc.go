// Package hostile holds the hostile-input suite of uabin: the
// tests and fuzz targets in its test files check that no input can crash,
// hang or exhaust the memory of a program that decodes OPC UA Binary with
// the uabin engine, the fast paths or the chunk Receiver. The promise they
// check and the numbers they measure are in docs/limits.md.
//
// The cases live in testdata/cases, one text file per case (a comment, the
// target, the limits, the expected error kind and the input in hex); the
// seed corpora in testdata/fuzz. Both are written by cmd/gencases from the
// package cases, and a test fails when they are stale:
//
//	go generate ./test/hostile
package hostile

//go:generate go run ./cmd/gencases -dir testdata
