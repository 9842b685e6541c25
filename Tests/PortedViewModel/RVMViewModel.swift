import Foundation
import RACSwift

/// ReactiveViewModel's `RVMViewModel`, as a team porting a RAC 2.5 app
/// writes it: a view model that knows whether its view is on screen
/// (`active`) and can hold back work while it is not.
///
/// This file is compiled twice, in Swift 5 mode (RACSwiftTests) and in
/// Swift 6 mode (RACSwiftSwift6Tests), through a symlinked directory.
class RVMViewModel: @unchecked Sendable {
    // @unchecked Sendable: a class made to be subclassed cannot conform to
    // Sendable with checks (only a final class can), so the promise is
    // written out, here and, as Swift requires, again in each subclass.
    // It holds: `activeProperty` is a RACProperty (thread-safe) and every
    // other stored property is an immutable Sendable value.

    /// How long `throttleSignalWhileInactive(_:)` holds values back:
    /// RVM's `RVMViewModelInactiveThrottleInterval`.
    static let inactiveThrottleInterval: TimeInterval = 1

    /// Where throttled values wait and where the subclasses' commands run:
    /// the main thread in the app, a `RACTestScheduler` in the specs (RVM
    /// used RAC's default choice, which a spec cannot step).
    let scheduler: RACScheduler

    /// RVM's `active`, observed with KVO there; a property cell here.
    private let activeProperty = RACProperty(false)

    init(scheduler: RACScheduler = RACScheduler.mainThreadScheduler) {
        self.scheduler = scheduler
    }

    /// Whether the view model's view is visible. False at first.
    ///
    /// RVM's setter returned early when the value did not change, so
    /// observers heard changes only. That check-then-set is not atomic;
    /// `activeSignal` drops repeats per subscriber instead, which holds
    /// whichever thread sets.
    var active: Bool {
        get { activeProperty.value }
        set { activeProperty.value = newValue }
    }

    /// RACObserve(self, active): the current value, then each change.
    /// Completes when the view model is deallocated (the property's signal
    /// does), as RACObserve did on dealloc.
    var activeSignal: RACSignal<Bool> {
        activeProperty.signal.distinctUntilChanged()
    }

    /// Sends the view model each time `active` becomes true.
    var didBecomeActiveSignal: RACSignal<RVMViewModel> {
        viewModelWhen(active: true).setName("\(self) -didBecomeActiveSignal")
    }

    /// Sends the view model each time `active` becomes false, and at once
    /// on subscription while it is false.
    var didBecomeInactiveSignal: RACSignal<RVMViewModel> {
        viewModelWhen(active: false).setName("\(self) -didBecomeInactiveSignal")
    }

    private func viewModelWhen(active wanted: Bool) -> RACSignal<RVMViewModel> {
        // Weakly, as RVM's @weakify: the signal must not keep the view
        // model alive, or it would never complete.
        activeSignal.filter { $0 == wanted }.flattenMap { [weak self] _ -> RACSignal<RVMViewModel> in
            guard let self else { return RACSignal.empty() }
            return RACSignal.return(self)
        }
    }

    /// Subscribes to `signal` while the view model is active, and disposes
    /// that subscription when it becomes inactive; forwards its values and
    /// error. Completes when the view model is deallocated.
    func forwardSignalWhileActive<Value>(_ signal: RACSignal<Value>) -> RACSignal<Value> {
        let activeSignal = activeSignal
        return RACSignal<Value>.createSignal { subscriber in
            // RVM kept the forwarded subscription in a `__block` variable.
            // Swift 6 rejects a captured `var` in these @Sendable blocks
            // ("mutation of captured var 'signalDisposable' in
            // concurrently-executing code"); a serial disposable is the
            // thread-safe place for it, and disposing it ends both.
            let forwarding = RACSerialDisposable()
            let activeDisposable = activeSignal.subscribeNext({ active in
                let forwarded = active
                    ? signal.subscribeNext({ subscriber.sendNext($0) }, error: { subscriber.sendError($0) })
                    : nil
                forwarding.swapIn(forwarded)?.dispose()
            }, error: { subscriber.sendError($0) }, completed: { subscriber.sendCompleted() })
            return RACCompoundDisposable(disposables: [activeDisposable, forwarding])
        }.setName("\(self) -forwardSignalWhileActive: \(signal)")
    }

    /// Sends `signal`'s values at once while the view model is active, and
    /// at most one per `inactiveThrottleInterval` (the latest) while it is
    /// not; a value waiting when it becomes active is sent at once.
    /// Completes when `signal` does.
    func throttleSignalWhileInactive<Value>(_ signal: RACSignal<Value>) -> RACSignal<Value> {
        let signal = signal.replayLast()
        return activeSignal
            .takeUntil(signal.ignoreValues())
            .combineLatestWith(signal)
            .throttle(Self.inactiveThrottleInterval, onScheduler: scheduler, valuesPassingTest: { active, _ in
                !active
            })
            .reduceEach { _, value in value }
            .setName("\(self) -throttleSignalWhileInactive: \(signal)")
    }
}
