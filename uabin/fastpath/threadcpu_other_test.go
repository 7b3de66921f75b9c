//go:build !linux

package fastpath_test

// threadCPU returns 0 where the thread's CPU time is not read: no cpu-ns/op.
func threadCPU() int64 { return 0 }
