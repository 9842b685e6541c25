import CShims

/// What feeds a subject that RACSwift sends into on the user's behalf, for a
/// blocking read to weigh (docs/Concurrency.md, point 11).
///
/// A read that subscribes to a subject no thread is delivering could be
/// answered by any thread that sends into it later, so it waits, unless the
/// subject is fed by RACSwift alone and what feeds it can only send once the
/// reading thread is free:
///
/// - A multicast connection's subject is fed by the connection's
///   subscription to its source. If that subscription reached nothing but
///   subjects (`A.publish()`, `A.map { … }.replay()`), only they can send
///   into it, through the connection; if this thread is delivering all of
///   them, nobody can until it returns, and a read there waits for itself.
///   The subject given to `multicast(_:)` counts as the connection's: the
///   read counts on no sends into it by hand.
/// - A `RACCommand`'s execution, until the block queued on the main thread
///   scheduler subscribes to its signal, can only be fed by that block,
///   which a read on the main thread waits for.
///
/// A subject records one feed; fed twice over (multicast to twice), it is
/// weighed as one that any thread may send into.
internal final class RACSubjectFeed: @unchecked Sendable {
    /// How far `nextSender(within:)` follows subjects fed by subjects fed by
    /// subjects: a cycle of connections, each fed by the next, would
    /// otherwise never end. Past it, the read waits as it would have.
    internal static var depth: Int { 8 }

    private enum Source {
        /// A subscription that reached these subjects and nothing else.
        case subjects([RACUnownedReference])
        /// A block queued on the main thread scheduler.
        case mainQueueBlock
    }

    /// One word (see `RACInlineAtomics`): 1 while `source` is all that
    /// feeds the subject; 0 from when it may no longer be (the subject was
    /// fed twice over, or the queued block ran). Must stay the first stored
    /// property; never touched by name.
    private var _atomics: Int = 1

    private let source: Source

    private init(_ source: Source) {
        self.source = source
    }

    /// The feed of a subscription that reached `subjects` and nothing else.
    /// Holds them unowned: a subject gone sends nothing, and must not be
    /// kept for this.
    internal convenience init(subjects: [RACSubjectCoreBase]) {
        self.init(.subjects(subjects.map { RACUnownedReference($0) }))
    }

    /// The feed of a block queued on the main thread scheduler; `lapse()`
    /// it when the block runs.
    internal static func mainQueueBlock() -> RACSubjectFeed {
        RACSubjectFeed(.mainQueueBlock)
    }

    deinit {
        guard case .subjects(let references) = source else { return }
        for var reference in references { reference.clear() }
    }

    private var word: RACAtomicWord {
        RACInlineAtomics.word(0, of: self)
    }

    /// From now on, the subject may be fed by more than this feed says.
    internal func lapse() {
        // Relaxed: a read racing it on another thread may weigh either
        // state, as it would had it come a moment earlier or later; the
        // read that must see it, on the main thread once the queued block
        // has run there, comes after it on that thread.
        word.store(0, .relaxed)
    }

    /// Who can send through this feed next, as seen from the calling
    /// thread, following subjects fed by subjects `depth` deep.
    internal func nextSender(within depth: Int) -> RACNextSender {
        guard word.load(.relaxed) == 1 else { return .anyThread }
        switch source {
        case .mainQueueBlock:
            return racs_is_main_thread() ? .onlyTheMainQueue : .anyThread
        case .subjects(let references):
            var sender = RACNextSender.onlyThisThread
            for reference in references {
                guard let subject = reference.retained() else { return .anyThread }
                switch unsafeDowncast(subject, to: RACSubjectCoreBase.self).nextSender(within: depth) {
                case .anyThread: return .anyThread
                case .onlyTheMainQueue: sender = .onlyTheMainQueue
                case .onlyThisThread: break
                }
            }
            return sender
        }
    }
}

/// Who can send into a subject next, as a blocking read weighs it.
internal enum RACNextSender {
    /// Only the calling thread, once it returns from the deliveries it is
    /// inside.
    case onlyThisThread
    /// Only a block queued on the main thread scheduler, and the calling
    /// thread is the main thread.
    case onlyTheMainQueue
    /// Any thread, as far as RACSwift can tell.
    case anyThread
}

extension RACSubjectCoreBase {
    /// Word 5: 0 while no feed is recorded, a +1 reference to the
    /// `RACSubjectFeed` recorded, or `unknownFeed`.
    private var feedWord: RACAtomicWord {
        RACInlineAtomics.word(5, of: self)
    }

    /// A feed that reached something other than subjects. Odd: no object
    /// pointer is.
    private static var unknownFeed: Int { 1 }

    /// Records `feed` as what feeds the subject, or, if nil, a feed the
    /// probe could not see through. Only the first feed is kept; a second
    /// one lapses it.
    internal func addFeed(_ feed: RACSubjectFeed?) {
        let bits = feed.map { Int(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? Self.unknownFeed
        // Release: publishes the feed to the acquiring load of a read on
        // another thread. The word is never changed again after this, so a
        // reader may use the feed unretained while it holds the subject.
        let seen = feedWord.compareExchange(expected: 0, desired: bits, .release, .acquire)
        guard seen != 0 else { return }
        if feed != nil { Unmanaged<RACSubjectFeed>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
        if seen != Self.unknownFeed {
            Unmanaged<RACSubjectFeed>.fromOpaque(UnsafeRawPointer(bitPattern: seen)!).takeUnretainedValue().lapse()
        }
    }

    /// Who can send into the subject next, as seen from the calling thread:
    /// this thread if it is delivering the subject; else as its feed says
    /// (`depth` deep); any thread if it has none.
    internal func nextSender(within depth: Int) -> RACNextSender {
        if isOwnedByCurrentThread { return .onlyThisThread }
        let bits = feedWord.load(.acquire)
        guard depth > 0, bits != 0, bits != Self.unknownFeed else { return .anyThread }
        return Unmanaged<RACSubjectFeed>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
            .takeUnretainedValue().nextSender(within: depth - 1)
    }

    /// Lets go of the recorded feed. Only for `deinit`.
    internal func releaseFeed() {
        let bits = feedWord.load(.relaxed)
        guard bits != 0, bits != Self.unknownFeed else { return }
        Unmanaged<RACSubjectFeed>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
    }
}
