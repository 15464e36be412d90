/**
 * The environment `npm start` runs the explorer with (package.json's `start`), which the benches
 * give the explorer's own process too, so that they measure it as users run it.
 *
 * `MALLOC_MMAP_THRESHOLD_`: glibc's malloc gives each allocation of 128 KiB or more pages of its
 * own, returned to the system when freed; left to itself it raises that bound after the first
 * large free (up to 32 MiB), and the megabytes of a first read of 100,000 nodes, of a REST
 * snapshot or a socket frame then come from its heap, whose freed middle it keeps. At 100,000
 * waiters that kept 40 MB more resident once the explorer settled (bench/memory-probe.ts).
 *
 * `MALLOC_ARENA_MAX`: glibc gives each thread that allocates an arena of its own (libuv's pool,
 * V8's workers: up to eight per core); two keep what the threads free in two heaps, not a dozen
 * half-empty ones (5–10 MB less resident at 100,000 waiters in the memory probe, within its noise).
 */
export const EXPLORER_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' };
