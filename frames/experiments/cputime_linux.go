package experiments

import "golang.org/x/sys/unix"

// threadCPU returns the CPU seconds the calling OS thread has used (user
// and system), and true; the bench locks its goroutine to one thread
// while it times, so this is the time the loop ran, not the time others
// ran on the machine. It reads CLOCK_THREAD_CPUTIME_ID, which counts in
// nanoseconds: getrusage(RUSAGE_THREAD), used before 2026-11-30, counts in
// scheduler ticks (4 ms on the machine of the README), coarse enough to
// fool the calibration of runs of 30 ms.
func threadCPU() (float64, bool) {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0, false
	}
	return float64(ts.Sec) + float64(ts.Nsec)/1e9, true
}
