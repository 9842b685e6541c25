// malloccount: counts heap allocations per thread, for the bench's W8.
//
// Loaded with LD_PRELOAD by perf/alloc-count.sh. Each allocation function is
// replaced by one that bumps a thread-local counter and forwards to glibc's
// own implementation (__libc_malloc and friends), so memory management is
// unchanged; free is not wrapped because it allocates nothing. The bench finds
// `racbench_thread_allocations` with dlsym and reads it around its timed
// region; without this library the symbol is absent and W8 is skipped.
//
// The counter is per thread so that allocations made meanwhile by other
// threads (Dispatch's workers, say) are not charged to the measured sends.

#include <errno.h>
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

// initial-exec: a preloaded library's TLS is static, so no call to
// __tls_get_addr (which may itself allocate) is needed to reach it.
static __thread uint64_t allocations __attribute__((tls_model("initial-exec")));

uint64_t racbench_thread_allocations(void) { return allocations; }

void *malloc(size_t size) {
    allocations++;
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    allocations++;
    return __libc_calloc(count, size);
}

// Counted as an allocation: growing a block in the hot path is as much a
// cost as allocating one.
void *realloc(void *pointer, size_t size) {
    allocations++;
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    allocations++;
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    allocations++;
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}
