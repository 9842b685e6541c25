import Foundation

/// The `onecore` condition: every thread of this process on one CPU.
///
/// Linux's `sched_setaffinity` sets one thread's mask, and a new thread
/// inherits its creator's. Setting it on the main thread alone would leave
/// Dispatch's workers and the Swift concurrency pool (already started by
/// earlier cases) on every CPU, so each thread listed in /proc/self/task is
/// pinned; the pass repeats until it finds no thread it has not pinned
/// (one being created during a pass inherits either mask). Threads made
/// later are made by pinned threads, so they are pinned too; `restore` checks
/// that and says if one escaped. This keeps all conditions in one process,
/// in one table each, instead of re-executing under `taskset`.
struct CPUAffinity {
    /// The CPU everything runs on.
    let cpu: Int
    /// Threads pinned at the start.
    let threads: Int
    private let original: cpu_set_t

    /// glibc declares the affinity calls only under _GNU_SOURCE, which
    /// Swift's Glibc module does not set; the symbols are looked up instead.
    private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    private static let calls: (get: AffinityCall, set: AffinityCall)? = {
        let process = dlopen(nil, RTLD_NOW)
        guard let get = dlsym(process, "sched_getaffinity"), let set = dlsym(process, "sched_setaffinity") else {
            return nil
        }
        return (unsafeBitCast(get, to: AffinityCall.self), unsafeBitCast(set, to: AffinityCall.self))
    }()

    private struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Pins every thread to the first CPU of the process's current mask.
    static func pinWholeProcess() throws -> CPUAffinity {
        guard let calls else { throw Failure(description: "onecore: sched_setaffinity not found in libc") }
        var original = cpu_set_t()
        guard withUnsafeMutableBytes(of: &original, { calls.get(0, $0.count, $0.baseAddress!) }) == 0 else {
            throw Failure(description: "onecore: sched_getaffinity failed (errno \(errno))")
        }
        guard let cpu = cpus(in: original).first else { throw Failure(description: "onecore: empty CPU mask") }
        var one = cpu_set_t()
        withUnsafeMutableBytes(of: &one) { $0[cpu / 8] = 1 << UInt8(cpu % 8) }
        let pinned = try applyToEveryThread(one)
        return CPUAffinity(cpu: cpu, threads: pinned, original: original)
    }

    /// Gives every thread the mask the main thread had before, and reports
    /// on stderr a thread that was not on the pinned CPU by then.
    func restore() {
        let strays = Self.threadIDs().filter { tid in Self.allowedList(of: tid).map { $0 != "\(cpu)" } ?? false }
        if !strays.isEmpty {
            FileHandle.standardError.write(Data(
                "bench: onecore: \(strays.count) thread(s) were not pinned to CPU \(cpu) at the end\n".utf8))
        }
        _ = try? Self.applyToEveryThread(original)
    }

    /// Sets `mask` on every thread of the process until a pass finds no new
    /// one; returns how many threads it set.
    private static func applyToEveryThread(_ mask: cpu_set_t) throws -> Int {
        var done = Set<pid_t>()
        while true {
            let fresh = threadIDs().filter { !done.contains($0) }
            if fresh.isEmpty { return done.count }
            for tid in fresh {
                var mask = mask
                // A thread that exited since the listing is gone: ESRCH is no failure.
                if withUnsafeMutableBytes(of: &mask, { calls!.set(tid, $0.count, $0.baseAddress!) }) != 0,
                   errno != ESRCH {
                    throw Failure(description: "onecore: sched_setaffinity(\(tid)) failed (errno \(errno))")
                }
                done.insert(tid)
            }
        }
    }

    private static func threadIDs() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).compactMap { pid_t($0) }
    }

    /// The kernel's own account of a thread's CPUs, e.g. "0" or "0-1".
    private static func allowedList(of tid: pid_t) -> String? {
        guard let status = try? String(contentsOfFile: "/proc/self/task/\(tid)/status", encoding: .utf8) else {
            return nil
        }
        return status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
            .map { $0.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces) }
    }

    private static func cpus(in mask: cpu_set_t) -> [Int] {
        withUnsafeBytes(of: mask) { bytes in
            (0..<bytes.count * 8).filter { bytes[$0 / 8] & (1 << UInt8($0 % 8)) != 0 }
        }
    }
}
