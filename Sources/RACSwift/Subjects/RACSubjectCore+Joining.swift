// The subject core's joins (see RACSubjectCore.swift for the roles): a
// subscription's replay, and its place in the order of deliveries.
//
// Reentrancy, and subscribes that linearize. A subscribe made by the
// owner from inside a delivery gets its replay at once, but joins the
// deliveries only after every operation already handed over: those were
// sent before it subscribed, and their senders may have returned. Its
// replay therefore counts them in: it is what the subject will have
// recorded once they are applied (for a replay or behavior subject), and
// the terminal event at once if one of them ends the subject. So a
// blocking `first()` in a block returns at once when there is a value to
// replay, and no subscriber ever hears an event whose `sendNext` returned
// before its subscribe was called. Sends and disposals made from inside a
// delivery are handed over and applied right after it, in the order made.
extension RACSubjectCore {
    /// Replays to `subscription`, then adds it, or ends it if the subject
    /// has ended.
    @usableFromInline
    internal func add(_ subscription: RACSubjectSubscription) {
        if let history {
            guard let sink = sink(of: subscription) else { return }
            history.forEach { sink.sendNext($0) }
        }
        insert(subscription)
    }

    /// The sink `subscription` still holds (until the core takes it), as
    /// the core's own sink type. Owner only. (Not `Optional.map`: this runs
    /// unspecialized, where `map` would look generic metadata up.)
    @inlinable @inline(__always)
    internal func sink(of subscription: RACSubjectSubscription) -> RACSubscriptionSink<Value>? {
        guard let held = subscription.sink else { return nil }
        return unsafeDowncast(held, to: RACSubscriptionSink<Value>.self)
    }

    /// Subscribes from inside a delivery, on the owner's thread: replays at
    /// once what the subject will have recorded once the operations handed
    /// over so far are applied (the history, then their values, the oldest
    /// dropped past the capacity), or ends the subscription at once if one
    /// of them ends the subject; otherwise queues the subscription to join
    /// after them (`.join`), so it hears none of their events.
    @usableFromInline
    internal func subscribeAsOwner(_ subscription: RACSubjectSubscription) {
        guard let sink = sink(of: subscription) else { return }
        var values: [Value] = []
        var pendingEnding = ending
        serializer.forEachPending { operation in
            guard pendingEnding == nil else { return }
            switch operation {
            case .next(let value): if history != nil { values.append(value) }
            case .error(let error): pendingEnding = .error(error)
            case .completed: pendingEnding = .completed
            case .subscribe, .join, .unsubscribe, .detachAll: break
            }
        }
        if let history {
            // Of history + values, the last `capacity` survive.
            var skip = Swift.max(0, history.count + values.count - history.capacity)
            history.forEach { value in
                if skip > 0 { skip -= 1 } else { sink.sendNext(value) }
            }
            for value in values.dropFirst(skip) { sink.sendNext(value) }
        }
        if let pendingEnding {
            end(subscription, with: pendingEnding)
            // Queued all the same (its insert finds the sink gone and does
            // nothing): `forEachPending` may have moved operations whose
            // senders have not counted themselves in yet onto the queue,
            // and without one more entry this thread's `leave()` could find
            // the count at 0 and leave them there, for a later uncontended
            // send to overtake: the pending end this subscription was
            // given would then come after that send for everyone else
            // (docs/Verification.md, F2).
            serializer.enqueueAsOwner(.join(subscription))
            return
        }
        // Only this thread can deliver what the subscription waits for,
        // once it has returned from the block it is in.
        RACBlockingProbe.note(self, .joinedAsOwner)
        serializer.enqueueAsOwner(.join(subscription))
    }
}
