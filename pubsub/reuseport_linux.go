package pubsub

// soReusePort is SO_REUSEPORT of Linux (asm-generic/socket.h), which package
// syscall does not name.
const soReusePort = 0xf
