package experiments

import "golang.org/x/sys/unix"

// threadCPU returns the CPU seconds the calling OS thread has used (user
// and system), and true; the bench locks its goroutine to one thread
// while it times, so this is the time the loop ran, not the time others
// ran on the machine.
func threadCPU() (float64, bool) {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_THREAD, &ru) != nil {
		return 0, false
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6, true
}
