//go:build unix

package bulk

import "syscall"

// pidDead reports whether no process of this host has the given pid.
func pidDead(pid int) bool { return syscall.Kill(pid, 0) == syscall.ESRCH }
