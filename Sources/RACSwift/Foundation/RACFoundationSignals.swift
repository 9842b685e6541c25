import Foundation

extension Data {
    /// The contents of `url`, read once, from a block scheduled on
    /// `scheduler` when this method is called: RAC's
    /// `+[NSData rac_readContentsOfURL:options:scheduler:]`.
    ///
    /// As in RAC, the result is a replay subject: every subscriber, whenever
    /// it subscribes, receives the same contents and a completion, or the
    /// read's error, from the thread that read the file (replayed ones
    /// through the subscription scheduler). Subscribing never reads again.
    public static func rac_readContentsOfURL(_ url: URL, options: Data.ReadingOptions = [],
                                             scheduler: RACScheduler) -> RACSignal<Data> {
        racReadOnce(on: scheduler, name: "+rac_readContentsOfURL: \(url) options: \(options.rawValue) scheduler: \(scheduler)") {
            try Data(contentsOf: url, options: options)
        }
    }
}

extension String {
    /// The text at `url`, read once, from a block scheduled on `scheduler`
    /// when this method is called, with the encoding that was detected:
    /// RAC's `+[NSString rac_readContentsOfURL:usedEncoding:scheduler:]`.
    ///
    /// RAC's `usedEncoding:` is an out-parameter written by the background
    /// read; Swift cannot keep an `inout` past the call, so the encoding
    /// travels with the value, labeled `usedEncoding` (a name pinned in
    /// docs/API.md). As in RAC, the result is a replay subject: every
    /// subscriber receives the same text and a completion, or the read's
    /// error; subscribing never reads again.
    public static func rac_readContentsOfURL(
        _ url: URL, scheduler: RACScheduler
    ) -> RACSignal<(string: String, usedEncoding: String.Encoding)> {
        racReadOnce(on: scheduler, name: "+rac_readContentsOfURL: \(url) usedEncoding: scheduler: \(scheduler)") {
            var encoding = String.Encoding.utf8
            let text = try String(contentsOf: url, usedEncoding: &encoding)
            return (text, encoding)
        }
    }
}

/// A replay subject that receives `read()`'s result, or its error, from a
/// block scheduled on `scheduler` now: RAC's shape for its file reads
/// (`+try:` subscribed on the scheduler, replayed).
private func racReadOnce<Value>(on scheduler: RACScheduler, name: String,
                                _ read: @escaping @Sendable () throws -> Value) -> RACSignal<Value> {
    RACSignal<Value>.try(read).subscribeOn(scheduler).replay().setName(name)
}

extension FileHandle {
    /// The chunks of data read from the handle in the background, as they
    /// become available, then a completion at the end of the file: RAC's
    /// `-[NSFileHandle rac_readInBackground]`.
    ///
    /// As in RAC, each call starts one reader, shared by every subscriber of
    /// the signal it returns: a subscriber, subscribed at once on any thread,
    /// receives every chunk read after `subscribe` returned, from the
    /// reader's thread, and one that subscribes
    /// after the end of the file receives the completion at once. The
    /// reader starts with the first subscription (RAC's starts at the call
    /// and replays every chunk; starting at the first subscriber gives it
    /// the whole file without keeping the chunks) and reads until the end
    /// of the file, whatever its subscribers do. It reads on a thread of its
    /// own (a blocking read, which would hold one of Dispatch's few workers
    /// for as long as the file stays open).
    public func rac_readInBackground() -> RACSignal<Data> {
        let chunks = RACSignal<Data>.createSignal { [self] subscriber in
            let reader = Thread {
                while true {
                    let chunk = self.availableData
                    if chunk.isEmpty { return subscriber.sendCompleted() }
                    subscriber.sendNext(chunk)
                }
            }
            reader.name = "RACSwift.rac_readInBackground"
            reader.start()
            return nil
        }
        return RACSharedStartSignal(chunks.publish()).setName("\(self) -rac_readInBackground")
    }
}

/// A multicast connection's signal that connects on its first subscription,
/// after subscribing it, and never disconnects: `rac_readInBackground`'s
/// one shared reader.
///
/// Subscribing goes straight to the connection's subject, which takes a
/// subscriber at once on any thread (not through the subscription
/// scheduler, which off the main thread would subscribe later, after
/// chunks the subscriber should hear), then `connect()`, which starts the
/// source once however many threads race to subscribe.
// @unchecked Sendable: the connection is thread-safe, and never changes.
private final class RACSharedStartSignal<Value>: RACSignal<Value>, @unchecked Sendable {
    private let connection: RACMulticastConnection<Value>

    init(_ connection: RACMulticastConnection<Value>) {
        self.connection = connection
        super.init(handsOutItsSubscriber: false)
    }

    override class var subscribesSinks: Bool { true }

    override func subscribe(sink: RACSubscriptionSink<Value>) -> RACDisposable {
        let subscription = connection.signal.subscribe(sink: sink)
        connection.connect()
        return subscription
    }
}
