// The subject core's ending (see RACSubjectCore.swift for the roles): the
// terminal event, delivered once to every subscription, and the same
// event for a subscription that comes after it.
extension RACSubjectCore {
    @usableFromInline
    internal func end(_ ending: Ending) {
        guard self.ending == nil else { return }
        self.ending = ending
        markSubscriptionsEnded()
        switch ending {
        case .error(let error): deliver { $0.sendError(error) }
        case .completed: deliver { $0.sendCompleted() }
        }
        releaseAll()
    }

    /// Marks every subscription disposed before the owner ends them all, so
    /// that their own disposal, triggered by the ending, does not hand an
    /// unsubscribe back for each of them.
    @usableFromInline
    internal func markSubscriptionsEnded() {
        for index in 0..<count {
            slots[index]?.subscription._withUnsafeGuaranteedRef { $0.markEndedBySubject() }
        }
    }

    /// Ends a subscription that arrives after the subject ended.
    @usableFromInline
    internal func end(_ subscription: RACSubjectSubscription, with ending: Ending) {
        guard let sink = sink(of: subscription) else { return }
        subscription.markEndedBySubject()
        switch ending {
        case .error(let error): sink.sendError(error)
        case .completed: sink.sendCompleted()
        }
        subscription.sink = nil
    }
}
