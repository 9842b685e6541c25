#if RACS_CONTROLLED
import CShims
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The live-count tallies (CShims/RACLiveCounts.c), fixed for the whole
/// run. A thread's first subscription claims a tally: it walks the list,
/// newest first, and takes the first one given back, or pushes a new one;
/// every step is a scheduling point. So a schedule's points depend on the
/// list, which only grows: without this, a scenario run after one with more
/// threads would walk a longer list than its replay alone, and the replay
/// would not be the same schedule. Before any scenario, the harness's
/// thread claims its tally and `prepared` threads claim one each, all at
/// once, and exit: from then on every managed thread finds a tally given
/// back, the list stays as it is (each schedule checks that), and a
/// schedule is the same in a whole run and in its replay.
enum ControlledTallies {
    /// More than any scenario's threads.
    static let prepared = 4
    private(set) static var listLength = 0

    static func prepare() {
        // The harness's own, claimed first: it never exits.
        racs_live_subscriptions_add(0)
        let arrived = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        var threads: [pthread_t] = []
        for _ in 0..<prepared {
            let box = Unmanaged.passRetained(Claimant(arrived: arrived, leave: leave)).toOpaque()
            var thread = pthread_t()
            let made = pthread_create(&thread, nil, { raw in
                let claimant = Unmanaged<Claimant>.fromOpaque(raw!).takeRetainedValue()
                racs_live_subscriptions_add(0)
                claimant.arrived.signal()
                claimant.leave.wait()
                return nil
            }, box)
            precondition(made == 0, "pthread_create failed")
            threads.append(thread)
        }
        for _ in 0..<prepared { arrived.wait() }
        for _ in 0..<prepared { leave.signal() }
        // Each gives its tally back as it exits (the key's destructor).
        for thread in threads { pthread_join(thread, nil) }
        var claimed = 0
        listLength = racs_live_controlled_tallies(&claimed)
        precondition(claimed == 1, "\(claimed) tallies claimed after the preparation, not the harness's one")
    }

    private final class Claimant {
        let arrived: DispatchSemaphore
        let leave: DispatchSemaphore
        init(arrived: DispatchSemaphore, leave: DispatchSemaphore) {
            self.arrived = arrived
            self.leave = leave
        }
    }

    /// After a schedule: every tally its threads claimed was given back
    /// (their exits ran under the scheduler), and none was added, since a
    /// claim that finds one given back never pushes a new one.
    static func check(_ script: Script) {
        var claimed = 0
        let length = racs_live_controlled_tallies(&claimed)
        script.expect(length == listLength && claimed == 1,
                      "the tally list holds \(length) tallies, \(claimed) claimed, after the schedule, not "
                          + "\(listLength), 1 (the harness's): a tally not given back, or a claim that missed one")
    }
}
#endif
