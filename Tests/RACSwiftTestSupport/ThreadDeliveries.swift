import Foundation
import Synchronization

/// Deliveries counted per thread: a subscriber's block calls `count()`, and
/// a caller compares its own thread's tally across a call to learn how many
/// deliveries the call ran, those of the sends nested in them included (a
/// subject delivers only on the threads that call it). Used by the soak's
/// floods and forwarding topologies, and by the stress tests' floods.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public enum ThreadDeliveries {
    public final class Tally {
        public var count = 0
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Deliveries on threads that never called `start()`: none expected.
    public static let elsewhere = Atomic<Int>(0)

    /// This thread's tally from now on, until `stop()`; the caller keeps it.
    public static func start() -> Tally {
        let tally = Tally()
        pthread_setspecific(key, Unmanaged.passUnretained(tally).toOpaque())
        return tally
    }

    public static func stop() {
        pthread_setspecific(key, nil)
    }

    public static func count() {
        if let tally = pthread_getspecific(key) {
            Unmanaged<Tally>.fromOpaque(tally).takeUnretainedValue().count += 1
        } else {
            elsewhere.add(1, ordering: .relaxed)
        }
    }
}
