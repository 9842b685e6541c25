// Ending a signal because of another one: takeUntil, takeUntilReplacement.
// Both subscribe the other signal first, as RAC 2.5 does, so that one that
// fires during its own subscription keeps the receiver from being subscribed
// at all; both send through a gate, since the two signals may send from
// different threads at once.

extension RACSignal {
    /// Sends the receiver's values until `trigger` sends a value or
    /// completes, then completes and disposes both subscriptions. An error
    /// of the receiver is sent on; an error of `trigger` is ignored (RAC
    /// 2.5 subscribes to the trigger for values and completion only), and
    /// the receiver goes on. If `trigger` fires during its own subscription,
    /// the receiver is never subscribed. RAC 2.5's `-takeUntil:`.
    ///
    /// Events are sent on the thread of the signal that caused them, or by
    /// a thread delivering already; a value racing with the trigger is sent
    /// before the completion or not at all.
    @_disfavoredOverload
    public func takeUntil<U>(_ trigger: RACSignal<U>) -> RACSignal<Value> {
        RACSignal.multiSource("[\(self.name)] -takeUntil: \(trigger.name)", sources: .two(self, trigger)) { downstream, group in
            let gate = RACSerializingSink(downstream)
            group.add(trigger.subscribe(sink: RACForwardingSink<U, Value>(gate, onNext: { _, gate in
                gate.sendCompleted()
            }, onError: { _, _ in }, onCompleted: { gate in
                gate.sendCompleted()
            })))
            guard !downstream.isDisposed else { return }
            group.add(self.subscribe(sink: RACForwardingSink(passingTo: gate)))
        }
    }

    /// Sends the receiver's values and error until `replacement` sends its
    /// first event; from then on, disposes the receiver and sends only the
    /// events of `replacement`, including its error or completion, which
    /// end the returned signal. The receiver's completion is not sent: the
    /// signal waits for `replacement`. If `replacement` sends during its own
    /// subscription, the receiver is never subscribed. RAC 2.5's
    /// `-takeUntilReplacement:`.
    ///
    /// A value of the receiver that was already on its way when
    /// `replacement` sent its first event may still be delivered after it,
    /// as with any value in flight during a disposal.
    public func takeUntilReplacement(_ replacement: RACSignal<Value>) -> RACSignal<Value> {
        RACSignal.multiSource("[\(self.name)] -takeUntilReplacement: \(replacement.name)",
                              sources: .two(self, replacement)) { downstream, group in
            let gate = RACSerializingSink(downstream)
            let receiver = RACSerialDisposable()
            group.add(receiver)
            // Disposing the receiver's subscription again on later events
            // is one atomic load.
            group.add(replacement.subscribe(sink: RACForwardingSink<Value, Value>(gate, onNext: { value, gate in
                receiver.dispose()
                gate.sendNext(value)
            }, onError: { error, gate in
                receiver.dispose()
                gate.sendError(error)
            }, onCompleted: { gate in
                receiver.dispose()
                gate.sendCompleted()
            })))
            guard !receiver.isDisposed else { return }
            receiver.disposable = self.subscribe(sink: RACForwardingSink(passingTo: gate, onCompleted: { _ in }))
        }
    }
}
