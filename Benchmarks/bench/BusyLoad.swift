import Foundation

/// The `loaded` condition's busy processes: `sh -c 'while :; do :; done'`,
/// each a thread that never sleeps, at the bench's own priority.
///
/// They must not outlive the bench, since a busy loop left behind loads the
/// machine for every later run (and every other user). So they share one
/// process group of their own, which one `kill(-group, SIGKILL)` ends, and
/// that kill happens on every way out that can run code: `stop()`, `exit`
/// (atexit), SIGINT/SIGTERM/SIGHUP/SIGQUIT and the crash signals (a Swift
/// trap is SIGILL or SIGTRAP), whose handlers then hand the signal on to
/// what was installed before (the Swift runtime's backtracer, or the
/// default). For SIGKILL, which runs nothing, a watchdog in the same group
/// polls the bench once a second and kills the group when it is gone. A
/// group of its own also keeps a terminal's ^C, sent to the foreground
/// group, from reaching the loops before the bench has seen it.
final class BusyLoad {
    /// What each busy process runs (what `pgrep -f` finds if one is left).
    static let command = "while :; do :; done"

    /// Busy processes started.
    let count: Int
    private let group: pid_t
    private var children: [pid_t]

    private init(count: Int, group: pid_t, children: [pid_t]) {
        self.count = count
        self.group = group
        self.children = children
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `processes` busy loops and their watchdog.
    static func start(processes: Int) throws -> BusyLoad {
        installCleanUp()
        var children: [pid_t] = []
        var group: pid_t = 0
        do {
            for _ in 0..<processes {
                let child = try spawn(command, group: group)
                if group == 0 {
                    // The first child leads the group; the cleanup can reach
                    // it from here on.
                    group = child
                    busyGroup = group
                }
                children.append(child)
            }
            children.append(try spawn(
                "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; kill -KILL -\(group)", group: group))
        } catch {
            BusyLoad(count: 0, group: group, children: children).stop()
            throw error
        }
        return BusyLoad(count: processes, group: group, children: children)
    }

    /// Kills the group and reaps the children. Call once.
    func stop() {
        if group > 0 { kill(-group, SIGKILL) }
        busyGroup = 0
        for child in children {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        }
        children = []
    }

    /// Starts `sh -c script` in process group `group` (0: a group of its
    /// own), with no signal blocked (a Dispatch thread may have spawned it
    /// with some blocked otherwise; this one is the main thread, but say so).
    private static func spawn(_ script: String, group: pid_t) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, group)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        let arguments: [UnsafeMutablePointer<CChar>?] = [String](["sh", "-c", script]).map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, "/bin/sh", nil, &attributes, arguments, environ)
        guard result == 0 else { throw Failure(description: "loaded: posix_spawn of /bin/sh failed (\(result))") }
        return child
    }

    /// Signals whose handler kills the group, then hands the signal on.
    private static let asynchronousSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT]
    private static let faultSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

    private static var cleanUpInstalled = false

    private static func installCleanUp() {
        guard !cleanUpInstalled else { return }
        cleanUpInstalled = true
        atexit { killBusyGroup() }
        for signal in asynchronousSignals + faultSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                killBusyGroup()
                // Back to what was there (the Swift backtracer, or the default).
                _ = sigaction(signal, previousActions.advanced(by: Int(signal)), nil)
                // Pending until this handler returns, then delivered to it:
                // also a fault sent by `kill`, which would not recur.
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previousActions.advanced(by: Int(signal)))
            // A signal ignored on entry (SIGINT for a shell's background
            // job) stays ignored: catching it would make the run stoppable
            // where its starter meant it not to be.
            // (SIG_IGN is the handler word 1; a C function pointer has no `==`.)
            if withUnsafeBytes(of: previousActions[Int(signal)].__sigaction_handler, { $0.load(as: Int.self) }) == 1 {
                sigaction(signal, previousActions.advanced(by: Int(signal)), nil)
            }
        }
    }
}

/// The running group, 0 when none: read by the signal handlers, which can
/// reach only globals. A plain word: `kill` is async-signal-safe, and a
/// stale read at worst kills a group that is already gone.
nonisolated(unsafe) private var busyGroup: pid_t = 0

/// The handlers installed before ours, by signal number: allocated once so
/// that a handler touches no Swift array.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
}()

private func killBusyGroup() {
    if busyGroup > 0 { kill(-busyGroup, SIGKILL) }
}
