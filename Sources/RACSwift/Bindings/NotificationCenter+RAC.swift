import Foundation

extension NotificationCenter {
    /// A cold signal that, for each subscriber, observes the notifications
    /// named `name` (any name if nil) posted by `object` (any object if
    /// nil), and sends each one on the thread that posted it. It never
    /// completes; disposing the subscription removes the observer. RAC's
    /// `-[NSNotificationCenter rac_addObserverForName:object:]`.
    ///
    /// The signal holds `object` while it lives, where RAC kept an
    /// unretained pointer: a Swift `Any?` may be a value, which cannot be
    /// held weakly, and a notification center compares objects by identity.
    public func rac_addObserver(forName name: Notification.Name?,
                                object: Any?) -> RACSignal<Notification> {
        // The object is only compared by the notification center, and the
        // observer token only handed back to it, which is thread-safe.
        RACSignal<Notification>.createSignal(racSendable { [self] subscriber in
            let observer = addObserver(forName: name, object: object, queue: nil) { notification in
                subscriber.sendNext(notification)
            }
            return RACDisposable(block: racSendable { self.removeObserver(observer) })
        }).setName("-rac_addObserverForName: \(name?.rawValue ?? "nil") object: \(object.map { "\($0)" } ?? "nil")")
    }
}
