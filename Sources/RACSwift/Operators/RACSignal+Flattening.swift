import CShims

// Operators on signals of signals: flatten, flatten(maxConcurrent), flattenMap,
// concat, switchToLatest. Inner signals send to one gate (a
// `RACSerializingSink`), so their values reach the subscriber one at a time
// without locks; see RACSignal+Combining.swift for the building blocks.

extension RACSignal {
    /// Maps each value to a signal with `block`, subscribes to it at once,
    /// and sends the values of all those signals as they arrive, one at a
    /// time. Sends the first error, of the receiver or of any inner signal,
    /// at once, which disposes every subscription; completes once the
    /// receiver and every inner signal have completed. RAC 2.5's
    /// `-flattenMap:`.
    ///
    /// `block` runs on the receiver's thread; values are sent on the thread
    /// of the inner signal that sent them, or by a thread delivering
    /// already. Costs no lock, and no allocation per inner value.
    ///
    /// In site mode (`RACLiveSubscriptions.recordsSites`), the inner
    /// subscriptions are recorded at `file`:`line`, on this signal.
    @_disfavoredOverload
    public func flattenMap<U>(_ block: @escaping @Sendable (Value) -> RACSignal<U>,
                              file: StaticString = #fileID, line: UInt = #line) -> RACSignal<U> {
        let site = RACOperatorSite.at(file, line)
        return flattenMap(block, at: site).naming(site)
    }

    /// `flattenMap(_:)`, its inner subscriptions made at `site`.
    internal func flattenMap<U>(_ block: @escaping @Sendable (Value) -> RACSignal<U>,
                                at site: RACOperatorSite?) -> RACSignal<U> {
        RACSignal<U>.multiSource("[\(self.name)] -flattenMap:", sources: .one(self)) { downstream, group in
            let gate = RACSerializingSink(downstream)
            // Looked up once per subscription rather than per inner signal
            // (see `RACInnerSink.subscribe`).
            let innerSink = RACInnerSink<U>.self
            // The number of sources still running, the receiver counting as
            // one until it completes; whoever takes it to 0 completes the
            // whole. (RAC's `-bind:` count, on a C11 atomic.) Increments
            // only happen on the receiver's events, before the receiver's
            // own decrement, so the count cannot reach 0 early; they can be
            // relaxed since the total order of RMWs on one word is all that
            // counting needs, and the completion itself is published by the
            // gate's serializer.
            let active = RACAtomicCell(count: 1, initialValue: 1)
            let finishOne = {
                if active.word().fetchSub(1, .acq_rel) == 1 { gate.sendCompleted() }
            }
            group.add(self.subscribe(sink: RACForwardingSink<Value, U>(gate, onNext: { value, gate in
                // RAC checks too: after an error (maybe sent during this
                // very subscription), map and subscribe nothing more.
                guard !downstream.isDisposed else { return }
                let inner = block(value)
                // One that ends inline needs no subscription, nor a count.
                guard !inner.sendInlineUpToCompletion(to: gate) else { return }
                _ = active.word().fetchAdd(1, .relaxed)
                innerSink.subscribe(inner, passingTo: gate, in: group, at: site, onCompleted: finishOne)
            }, onCompleted: { _ in finishOne() })))
        }
    }

    /// Subscribes to each inner signal as the receiver sends it, and sends
    /// the values of all of them as they arrive, one at a time. Errors and
    /// completion as `flattenMap(_:)`: the first error ends the whole;
    /// completion waits for the receiver and every inner signal. RAC 2.5's
    /// `-flatten`. Sites as `flattenMap(_:)`'s.
    @_disfavoredOverload
    public func flatten<U>(file: StaticString = #fileID, line: UInt = #line) -> RACSignal<U>
    where Value == RACSignal<U> {
        let site = RACOperatorSite.at(file, line)
        return flatten(at: site).naming(site)
    }

    /// `flatten()`, its inner subscriptions made at `site`.
    internal func flatten<U>(at site: RACOperatorSite?) -> RACSignal<U> where Value == RACSignal<U> {
        flattenMap({ $0 }, at: site).setName(derivedBy: { "[\(self.name)] -flatten" })
    }

    /// Like `flatten()`, but with at most `maxConcurrent` inner signals
    /// subscribed at a time: an inner signal sent while that many are
    /// running waits in a queue, and is subscribed when one of them
    /// completes (on that one's thread), in the order they were sent.
    /// `maxConcurrent == 0` means no limit. Completes once the receiver and
    /// every inner signal, queued ones included, completed; the first error
    /// ends the whole, and queued signals are then never subscribed. RAC
    /// 2.5's `-flatten:`. Sites as `flattenMap(_:)`'s.
    @_disfavoredOverload
    public func flatten<U>(_ maxConcurrent: Int, file: StaticString = #fileID, line: UInt = #line) -> RACSignal<U>
    where Value == RACSignal<U> {
        let site = RACOperatorSite.at(file, line)
        return flatten(maxConcurrent, at: site).naming(site)
    }

    /// `flatten(_:)`, its inner subscriptions made at `site`.
    internal func flatten<U>(_ maxConcurrent: Int, at site: RACOperatorSite?) -> RACSignal<U>
    where Value == RACSignal<U> {
        guard maxConcurrent >= 0 else {
            racMisuse("flatten(_:) needs a limit of 0 (none) or more, not \(maxConcurrent)")
        }
        guard maxConcurrent > 0 else {
            return flatten(at: site).setName(derivedBy: { "[\(self.name)] -flatten: 0" })
        }
        return RACSignal<U>.multiSource("[\(self.name)] -flatten: \(maxConcurrent)", sources: .one(self)) { downstream, group in
            let gate = RACSerializingSink(downstream)
            // Looked up once per subscription (see `RACInnerSink.subscribe`).
            let innerSink = RACInnerSink<U>.self
            // The count, the queue and their decisions: not generic (see
            // `RACFlattenLimiter`), so they cost no metadata lookups.
            let limiter = RACFlattenLimiter(limit: maxConcurrent, downstream: downstream,
                                            complete: { gate.sendCompleted() }) { inner, limiter in
                // What `add` below was given: a `RACSignal<U>`.
                let inner = unsafeDowncast(inner, to: RACSignal<U>.self)
                if inner.sendInlineUpToCompletion(to: gate) {
                    limiter.innerCompleted()
                } else {
                    innerSink.subscribe(inner, passingTo: gate, in: group, at: site,
                                        onCompleted: limiter.innerCompleted)
                }
            }
            group.add(self.subscribe(sink: RACForwardingSink<RACSignal<U>, U>(gate, onNext: { inner, _ in
                limiter.add(inner)
            }, onCompleted: { _ in limiter.completeReceiver() })))
        }
    }

    /// RACStream's `-bind:`: for each subscription, `block()` makes a bind
    /// block; each value is given to it, and the signal it returns is
    /// subscribed and its values sent, as `flattenMap` does. The bind block
    /// ends the receiver's part (disposing the subscription to it) by
    /// returning nil or setting its `stop` argument to true; the whole
    /// completes once the signals it returned have completed.
    /// Sites as `flattenMap(_:)`'s.
    public func bind<U>(_ block: @escaping @Sendable () -> (Value, inout Bool) -> RACSignal<U>?,
                        file: StaticString = #fileID, line: UInt = #line) -> RACSignal<U> {
        let site = RACOperatorSite.at(file, line)
        let signals: RACSignal<RACSignal<U>> = lift("[\(self.name)] -bind:") { downstream in
            let bindBlock = block()
            return RACForwardingSink(downstream, onNext: { value, downstream in
                var stop = false
                let signal = bindBlock(value, &stop)
                if let signal { downstream.sendNext(signal) }
                if stop || signal == nil { downstream.sendCompleted() }
            })
        }
        return signals.flatten(at: site).naming(site)
    }

    /// Subscribes to the inner signals one at a time, in the order the
    /// receiver sends them: each only after the previous one completed.
    /// Sends their values in that order; completes once the receiver and
    /// every inner signal completed; the first error ends the whole. RAC
    /// 2.5's `-concat` (which is `-flatten: 1`). Sites as `flattenMap(_:)`'s.
    public func concat<U>(file: StaticString = #fileID, line: UInt = #line) -> RACSignal<U>
    where Value == RACSignal<U> {
        let site = RACOperatorSite.at(file, line)
        return flatten(1, at: site).setName(derivedBy: { "[\(self.name)] -concat" }).naming(site)
    }

    /// Sends the values of the latest inner signal the receiver sent: each
    /// new inner signal disposes the subscription to the previous one, and
    /// from then on nothing of the previous one is sent, not even an event
    /// it sent while being disposed. Sends an error of the receiver or of
    /// the latest inner signal at once; completes once the receiver and the
    /// latest inner signal completed (at once, if the receiver completes
    /// before sending any). RAC 2.5's `-switchToLatest`.
    ///
    /// Values are sent on the thread of the inner signal that sent them, or
    /// by a thread delivering already. Sites as `flattenMap(_:)`'s.
    @_disfavoredOverload
    public func switchToLatest<U>(file: StaticString = #fileID, line: UInt = #line) -> RACSignal<U>
    where Value == RACSignal<U> {
        let site = RACOperatorSite.at(file, line)
        return switchToLatest(at: site).naming(site)
    }

    /// `switchToLatest()`, its inner subscriptions made at `site`.
    internal func switchToLatest<U>(at site: RACOperatorSite?) -> RACSignal<U> where Value == RACSignal<U> {
        RACSignal<U>.multiSource("[\(self.name)] -switchToLatest", sources: .one(self)) { downstream, group in
            // State behind the gate: only the delivering thread touches it.
            // Inner signals are numbered from 1; `latest` is the number of
            // the current one, so events of earlier ones are recognised and
            // dropped even when they race with the switch.
            var latest = 0
            var latestCompleted = true
            var receiverCompleted = false
            let gate = RACSerializingSink(RACForwardingSink<RACSwitchEvent<U>, U>(downstream, onNext: { event, downstream in
                switch event {
                case .switched(let number):
                    latest = number
                    latestCompleted = false
                case .inner(let number, let event) where number == latest:
                    guard case .completed = event else { return downstream.send(event) }
                    latestCompleted = true
                    if receiverCompleted { downstream.sendCompleted() }
                case .inner:
                    break // from an inner signal that is no longer the latest
                case .receiverCompleted:
                    receiverCompleted = true
                    if latestCompleted { downstream.sendCompleted() }
                }
            }))
            let current = RACSerialDisposable()
            group.add(current)
            // Touched only by the receiver's events, which come one at a time.
            var sent = 0
            group.add(self.subscribe(sink: RACForwardingSink<RACSignal<U>, RACSwitchEvent<U>>(gate, onNext: { inner, gate in
                guard !downstream.isDisposed else { return }
                sent += 1
                let number = sent
                // The switch goes through the gate before the previous inner
                // signal is disposed, so whatever it sends from now on, even
                // from another thread mid-disposal, arrives after it.
                gate.sendNext(.switched(number))
                current.swapIn(nil)?.dispose()
                current.disposable = RACOperatorSite.subscribing(at: site) {
                    inner.subscribe(sink: RACForwardingSink<U, RACSwitchEvent<U>>(gate, onNext: { value, gate in
                        gate.sendNext(.inner(number, .next(value)))
                    }, onError: { error, gate in
                        gate.sendNext(.inner(number, .error(error)))
                    }, onCompleted: { gate in
                        gate.sendNext(.inner(number, .completed))
                    }))
                }
            }, onCompleted: { gate in gate.sendNext(.receiverCompleted) })))
        }
    }
}

/// What reaches `switchToLatest()`'s state through its gate.
internal enum RACSwitchEvent<Value> {
    /// The receiver sent inner signal number n, which is now the latest.
    case switched(Int)
    /// An event of inner signal number n.
    case inner(Int, RACEvent<Value>)
    case receiverCompleted
}
