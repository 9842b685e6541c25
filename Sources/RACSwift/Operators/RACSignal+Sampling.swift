import Foundation

// MARK: - Buffering

extension RACSignal {
    /// Collects values for `interval` seconds from the first value of each
    /// batch, then sends them as one array; on completion sends what is
    /// collected, if anything, then completes; an error drops it and is sent
    /// at once: RAC 2.5's `-bufferWithTime:onScheduler:`, with a Swift array
    /// in place of the `RACTuple`. The arrays are sent from `scheduler`,
    /// which must not be the immediate scheduler.
    public func bufferWithTime(_ interval: TimeInterval, onScheduler scheduler: RACScheduler) -> RACSignal<[Value]> {
        guard scheduler !== RACScheduler.immediateScheduler else {
            racMisuse("-bufferWithTime cannot use the immediate scheduler")
        }
        return bufferWithTime(interval, fixedScheduler: scheduler,
                              name: "[\(self.name)] -bufferWithTime: \(interval) onScheduler: \(scheduler)")
    }

    /// `bufferWithTime(_:onScheduler:)` on the scheduler current where the
    /// first value of each batch arrives, or, where there is none, on a
    /// background scheduler made for the subscription: the choice RAC makes
    /// for `-throttle:` and `-delay:`.
    public func bufferWithTime(_ interval: TimeInterval) -> RACSignal<[Value]> {
        bufferWithTime(interval, fixedScheduler: nil, name: "[\(self.name)] -bufferWithTime: \(interval)")
    }

    private func bufferWithTime(_ interval: TimeInterval, fixedScheduler: RACScheduler?,
                                name: @autoclosure @escaping () -> String) -> RACSignal<[Value]> {
        lift(name()) { downstream in
            RACBufferSink(downstream, interval: interval, scheduler: fixedScheduler)
        }
    }
}

// MARK: - Sample

extension RACSignal {
    /// Sends the receiver's latest value each time `sampler` sends a value,
    /// nothing if the receiver has sent none yet: RAC 2.5's `-sample:`.
    /// Completes or errors as soon as either signal does. The receiver is
    /// subscribed first, so a value it sends at once is there for a sampler
    /// that fires at once.
    public func sample<U>(_ sampler: RACSignal<U>) -> RACSignal<Value> {
        .multiSource("[\(self.name)] -sample: \(sampler.name)", sources: .two(self, sampler)) { [self] downstream, group in
            let sink = RACSampleSink(downstream)
            group.add(subscribe(sink: sink))
            // A source that ended at once ended the sample too.
            if !group.isDisposed {
                group.add(sampler.subscribe(sink: RACSamplerSink(sink)))
            }
        }
    }
}
