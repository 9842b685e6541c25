import CShims

// The subject core's deliveries (see RACSubjectCore.swift for the roles):
// a value by the lent blocks while nothing forbids it, else through the
// sinks and their flags; a terminal event always through the sinks.
extension RACSubjectCore {
    /// Delivers `value` to every subscription present when the delivery
    /// starts: by its borrowed block while `lendingWord` is 0, then, from
    /// the first call before which it is not, through the sinks, testing
    /// each flag (see RACSubjectCore+Lending.swift).
    ///
    /// Always inlined, so that a send's uncontended path stays one
    /// function.
    @inlinable @inline(__always)
    internal func deliverNext(_ value: Value) {
        guard ending == nil else { return }
        history?.append(value)
        isDelivering = true
        let end = count, word = lendingWord
        // Acquire, before every call of a lent block: a disposal on another
        // thread sets the sink's flag, then counts its unsubscribe in
        // (release); reading that count here, the delivery sees the flag
        // when it tests it. Once not 0, the word stays so for the rest of
        // the delivery: only an owner counts unsubscribes out or clears
        // the mark, outside deliveries.
        if word.load(.acquire) != 0 {
            // A slot empty or not lent (a property's subscribers, operators'
            // sinks, W10), or an unsubscribe in flight.
            deliverThroughSinks(from: 0, to: end) { $0.sendNext(value) }
        } else if end > 0 {
            // Read once: nothing grows the slots during a delivery (see
            // `growSlots`). A pointer steps through the entries beside a
            // count down to the end: of the shapes measured, the one with
            // the fewest instructions per send and per delivery together
            // (perf/README, "Flat fan-out with the flag kept"). The word was
            // tested just above, so the first call needs no second test.
            var entry = blocks, remaining = end
            #if RACS_KNOWN_BUGS
            // `--bug lending-once`: the loop reads a word that stays 0, so
            // the subject's is tested once per delivery, not before every
            // call (the controlled scheduler's lending scenarios catch it).
            let word = RACKnownBug.lendingWordTestedOnce ? RACKnownBug.neverCountedIn : word
            #endif
            repeat {
                RACBorrowedBlock.call(entry.pointee, with: value)
                entry += 1
                remaining -= 1
            } while remaining != 0 && word.load(.acquire) == 0
            if remaining != 0 { deliverNextThroughSinks(value, from: end - remaining, to: end) }
        }
        isDelivering = false
    }

    /// `deliverNext` from the first entry before which an unsubscribe was
    /// in flight: out of line, as only a disposal racing a delivery, or
    /// made from inside one, takes it.
    @inlinable @inline(never)
    internal func deliverNextThroughSinks(_ value: Value, from start: Int, to end: Int) {
        deliverThroughSinks(from: start, to: end) { $0.sendNext(value) }
    }

    /// Calls `send` with the sink of every subscription present when the
    /// delivery starts.
    @inlinable
    internal func deliver(_ send: (RACSubscriptionSink<Value>) -> Void) {
        isDelivering = true
        deliverThroughSinks(from: 0, to: count, send)
        isDelivering = false
    }

    /// Calls `send` with the sink in each slot from `start` to `end` that is
    /// not empty. A block that disposes a later subscriber leaves its slot
    /// in place until the delivery is over: that sink's own flag stops it.
    @inlinable @inline(__always)
    internal func deliverThroughSinks(from start: Int, to end: Int, _ send: (RACSubscriptionSink<Value>) -> Void) {
        var index = start
        while index < end {
            // Unretained all the way (no retain/release per delivery): the
            // slot holds the sink, and no slot is emptied before the
            // delivery is over (see `apply`). The sink is read from the
            // slot itself, not through the subscription: one memory access
            // less per delivery, which with many subscribers is a cache
            // miss less.
            if let slot = slots[index] {
                Unmanaged<RACSubscriptionSink<Value>>.fromOpaque(slot.sink)._withUnsafeGuaranteedRef { send($0) }
            }
            index += 1
        }
    }
}
