// Package companion is the round-trip test of the packages that
// TestCompanions in cmd/uabingen generates into ./gen from the ten
// companion nodesets, with the list of their structures in cases_test.go
// (also generated). It only builds after that test has run:
//
//	go test ./cmd/uabingen -run TestCompanions
//
// which then runs go vet and go test here.
package companion
