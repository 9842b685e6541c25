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
    /// the next schedules.
    static func configure(term: Int, backlog: Int, spinPauses: Int = 2, spinYields: Int = 3) {
        racs_controlled_settings = racs_controlled_settings_t(
            term_length: term, backlog_limit: backlog, spin_pauses: spinPauses, spin_yields: spinYields)
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
