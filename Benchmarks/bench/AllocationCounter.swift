import Glibc

/// The heap allocation counter of perf/malloccount.c, when the process runs
/// with that library preloaded (perf/alloc-count.sh does this).
///
/// The shim wraps malloc, calloc, realloc, posix_memalign, aligned_alloc and
/// memalign, counts calls per thread, and exports the count as
/// `racbench_thread_allocations`. The bench finds it with dlsym; without the
/// shim the symbol is absent and allocation cases are skipped.
struct AllocationCounter {
    private typealias Reader = @convention(c) () -> UInt64
    private let reader: Reader

    /// The counter, or nil when the shim is not loaded.
    static let shared: AllocationCounter? = {
        // dlopen(nil) is the global scope: the executable and everything
        // loaded before it, including LD_PRELOAD libraries.
        guard let process = dlopen(nil, RTLD_NOW),
              let symbol = dlsym(process, "racbench_thread_allocations")
        else { return nil }
        return AllocationCounter(reader: unsafeBitCast(symbol, to: Reader.self))
    }()

    /// Allocations made so far by the calling thread.
    @inline(__always)
    func read() -> UInt64 { reader() }

    /// Whether the shim sees Swift's own allocations; if it does not (say the
    /// runtime allocated through a function the shim does not wrap), every
    /// count it reports would be a false zero.
    func seesSwiftAllocations() -> Bool {
        let before = read()
        let probe = Self.makeObject()
        let after = read()
        withExtendedLifetime(probe) {}
        return after > before
    }

    private final class Probe {}

    /// A heap object: returned, so it escapes and cannot live on the stack.
    @inline(never)
    private static func makeObject() -> AnyObject { Probe() }
}
