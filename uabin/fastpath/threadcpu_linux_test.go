package fastpath_test

import (
	"syscall"
	"unsafe"
)

// threadCPU returns the CPU time (user and system) of the calling thread
// in nanoseconds: clock_gettime(CLOCK_THREAD_CPUTIME_ID), precise to the
// nanosecond where getrusage(RUSAGE_THREAD) counts in scheduler ticks.
func threadCPU() int64 {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return ts.Nano()
}
