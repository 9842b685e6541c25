extension RACSignal {
    /// Sends the events of `trueSignal` while the latest value of
    /// `boolSignal` is true, and those of `falseSignal` while it is false:
    /// RAC's `+if:then:else:`. Each value of `boolSignal` disposes the
    /// subscription to the signal chosen before and subscribes the chosen
    /// one anew (`switchToLatest()`), so a cold branch restarts each time it
    /// is chosen, even if it was already the current one. Fails when
    /// `boolSignal` or the current branch fails; completes once
    /// `boolSignal` and the current branch have completed.
    public static func `if`(_ boolSignal: RACSignal<Bool>, then trueSignal: RACSignal<Value>,
                            else falseSignal: RACSignal<Value>) -> RACSignal<Value> {
        let signal = boolSignal.map { $0 ? trueSignal : falseSignal }.switchToLatest(at: nil)
        signal.setName(derivedBy: { "+if: \(boolSignal.name) then: \(trueSignal.name) else: \(falseSignal.name)" })
        return signal
    }

    /// Sends the events of the signal in `cases` under the latest key that
    /// `signal` sent, or of `defaultSignal` for a key with no case: RAC's
    /// `+switch:cases:default:`. As with `if(_:then:else:)`, each key
    /// disposes the subscription to the signal chosen before and subscribes
    /// the chosen one anew. A key with neither a case nor a default fails
    /// the returned signal with `RACSignalError.noMatchingCase`, whose
    /// description names the key. Completes once `signal` and the current
    /// case have completed.
    public static func `switch`<Key: Hashable>(_ signal: RACSignal<Key>, cases: [Key: RACSignal<Value>],
                                               default defaultSignal: RACSignal<Value>? = nil) -> RACSignal<Value> {
        let switched = signal.map(racSendable { key in
            cases[key] ?? defaultSignal ?? RACSignal.error(RACSignalError.noMatchingCase(key: String(describing: key)))
        }).switchToLatest(at: nil)
        switched.setName(derivedBy: { "+switch: \(signal.name) cases: \(cases.count) default: \(defaultSignal?.name ?? "nil")" })
        return switched
    }
}
