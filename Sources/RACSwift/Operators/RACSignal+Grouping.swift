extension RACSignal {
    /// Sends a `RACGroupedSignal` the first time each key appears, then
    /// sends each value to the group of its key (`keyBlock(value)`). Errors
    /// and completion go to the returned signal first, then to every group,
    /// oldest first.
    ///
    /// The groups of one subscription are its own: each subscription makes
    /// fresh groups. A group is sent before its first value, so a subscriber
    /// that subscribes to the group from within its `next` block receives
    /// that first value.
    public func groupBy<K: Hashable>(_ keyBlock: @escaping @Sendable (Value) -> K)
        -> RACSignal<RACGroupedSignal<K, Value>> {
        groupBy(keyBlock, transform: { $0 })
    }

    /// `groupBy(_:)`, sending `transform(value)` to the groups.
    public func groupBy<K: Hashable, U>(_ keyBlock: @escaping @Sendable (Value) -> K,
                                        transform: @escaping @Sendable (Value) -> U)
        -> RACSignal<RACGroupedSignal<K, U>> {
        lift("[\(self.name)] -groupBy:transform:") { downstream in
            // Per subscription. The source's events are serialized, so the
            // table needs no synchronization.
            var groups: [K: RACGroupedSignal<K, U>] = [:]
            var ordered: [RACGroupedSignal<K, U>] = []
            return RACForwardingSink(downstream, onNext: { value, downstream in
                let key = keyBlock(value)
                let group: RACGroupedSignal<K, U>
                if let existing = groups[key] {
                    group = existing
                } else {
                    group = RACGroupedSignal(key: key)
                    groups[key] = group
                    ordered.append(group)
                    downstream.sendNext(group)
                }
                group.sendNext(transform(value))
            }, onError: { error, downstream in
                downstream.sendError(error)
                for group in ordered { group.sendError(error) }
            }, onCompleted: { downstream in
                downstream.sendCompleted()
                for group in ordered { group.sendCompleted() }
            })
        }
    }
}
