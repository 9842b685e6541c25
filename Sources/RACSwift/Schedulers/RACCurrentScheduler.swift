import Foundation

/// The thread-local "current scheduler": which scheduler, if any, is running
/// the block on this thread. A pthread key, not `Thread.threadDictionary`,
/// because it is read on every subscription and must cost a few nanoseconds.
///
/// The key holds an unretained pointer: the scheduler that sets it is running
/// a block on this thread and so is alive until it restores the old value.
internal enum RACCurrentScheduler {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    static func get() -> RACScheduler? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<RACScheduler>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func set(_ scheduler: RACScheduler?) {
        let pointer = scheduler.map { Unmanaged.passUnretained($0).toOpaque() }
        pthread_setspecific(key, pointer)
    }
}
