#if RACS_CONTROLLED
import CShims
@testable import RACSwift

/// Routes the C shim's hooks (CShims/include/RACControlled.h) to the
/// active scheduler. The hooks fire only on threads the scheduler runs
/// (`racs_controlled_set_managed`): the harness's own thread runs the
/// library as the normal build does.
enum ControlledHooks {
    static func install() {
        racs_controlled_hooks.point = { kind, address in
            ControlledScheduler.active.point(kind, address)
        }
        racs_controlled_hooks.wait = { word, expected, timeout in
            ControlledScheduler.active.wait(word, expected, timeout)
        }
        racs_controlled_hooks.wake = { word in
            ControlledScheduler.active.wake(word)
        }
        racs_controlled_hooks.now = {
            ControlledScheduler.active.clock
        }
        racs_controlled_hooks.warn = { key, _ in
            ControlledScheduler.active.warn(Int(key))
        }
    }

    /// Sets the serializer's term and backlog, and the spin's length, for
    /// the next schedules (the known bugs stay as `--bug` set them).
    static func configure(term: Int, backlog: Int, spinPauses: Int = 2, spinYields: Int = 3) {
        racs_controlled_settings = racs_controlled_settings_t(
            term_length: term, backlog_limit: backlog, spin_pauses: spinPauses, spin_yields: spinYields,
            known_bugs: racs_controlled_settings.known_bugs)
    }

    /// The fixed bugs `--bug NAME` can put back, in a build with
    /// `RACS_KNOWN_BUGS` (`Verification/controlled/run --known-bugs`): their
    /// bits in `racs_controlled_settings.known_bugs` (`RACKnownBug`).
    static let knownBugs: [String: Int] = [
        "stalled-bit": 1, "second-dispose": 2, "no-barrier": 4, "lending-once": 8, "late-connector": 16,
    ]

    /// The `--bug` arguments given, for the replay line.
    private(set) static var bugArguments = ""

    /// Turns the known bug `name` on for every schedule of this run.
    static func putBack(_ name: String) {
        #if RACS_KNOWN_BUGS
        guard let bit = knownBugs[name] else {
            usage("no known bug \(name) (\(knownBugs.keys.sorted().joined(separator: ", ")))")
        }
        racs_controlled_settings.known_bugs |= bit
        bugArguments += " --bug \(name)"
        #else
        usage("--bug needs the build with the known bugs (Verification/controlled/run --bug NAME makes it)")
        #endif
    }
}

enum RACSchedulerSupport {
    /// Runs `body` with a current scheduler, so that subscriptions run on
    /// this thread (RAC's subscription scheduler) rather than on a
    /// background queue outside the scheduler's control.
    static func runInline(_ body: () -> Void) {
        RACScheduler.immediateScheduler.performAsCurrentScheduler(body)
    }
}
#endif
