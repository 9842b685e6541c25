import Foundation

extension RACTestScheduler {
    /// The date virtual time starts at.
    @usableFromInline
    internal static var start: Date { Date(timeIntervalSinceReferenceDate: 0) }

    /// A hot signal that sends each event at its time, in seconds after the
    /// start of the scheduler's virtual time, whoever has subscribed by
    /// then: a subject fed by blocks queued on the receiver now. An event
    /// after a terminal one is ignored, as a subject ignores it.
    public func createHotSignal<Value>(_ events: [(TimeInterval, RACEvent<Value>)]) -> RACSignal<Value> {
        let subject = RACSubject<Value>()
        for (time, event) in events {
            after(Self.start.addingTimeInterval(time), schedule: racSendable { subject.send(event) })
        }
        return subject.setName("createHotSignal")
    }

    /// A cold signal that, for each subscriber, sends each event at its
    /// time, in seconds after that subscription, in virtual time. Disposing
    /// the subscription takes its pending events off the queue.
    public func createColdSignal<Value>(_ events: [(TimeInterval, RACEvent<Value>)]) -> RACSignal<Value> {
        RACSignal<Value>.createSignal(racSendable { [self] subscriber in
            let pending = RACCompoundDisposable()
            for (time, event) in events {
                pending.add(afterDelay(time, schedule: racSendable { subscriber.send(event) }))
            }
            return pending
        }).setName("createColdSignal")
    }

    /// A hot signal drawn as marbles (see `RACMarbles`): frame 0 is the
    /// start of virtual time, each character `frame` seconds.
    /// `createHotSignal(marbles: "--a--#", values: ["a": 1])` sends 1 at 2 s
    /// and fails at 5 s.
    public func createHotSignal<Value>(marbles: String, values: [Character: Value] = [:],
                                       error: any Error = RACMarbles.error,
                                       frame: TimeInterval = 1) -> RACSignal<Value> {
        createHotSignal(Self.script(marbles, values: values, error: error, frame: frame))
            .setName("createHotSignal(\"\(marbles)\")")
    }

    /// A cold signal drawn as marbles (see `RACMarbles`): frame 0 is the
    /// moment of each subscription, each character `frame` seconds.
    public func createColdSignal<Value>(marbles: String, values: [Character: Value] = [:],
                                        error: any Error = RACMarbles.error,
                                        frame: TimeInterval = 1) -> RACSignal<Value> {
        createColdSignal(Self.script(marbles, values: values, error: error, frame: frame))
            .setName("createColdSignal(\"\(marbles)\")")
    }

    /// `marbles`' events at their times in seconds.
    private static func script<Value>(_ marbles: String, values: [Character: Value], error: any Error,
                                      frame: TimeInterval) -> [(TimeInterval, RACEvent<Value>)] {
        RACMarbles.events(marbles, values: values, error: error).map { (TimeInterval($0.frame) * frame, $0.event) }
    }
}
