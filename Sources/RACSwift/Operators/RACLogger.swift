import Foundation

/// Where the logging operators (`logAll()`, `logNext()`, `logError()`,
/// `logCompleted()`, `logEvents()`) write their lines. RAC 2.5 wrote
/// through NSLog only, which is still the default; set `handler` to send
/// the lines to a file, `os_log`, a test's recorder or nowhere.
public enum RACLogger {
    /// Called with each line (`<RACDynamicSignal: 0x…> name: … next: 1`),
    /// on the thread that delivers the event it describes, so it may be
    /// called from several threads at once. Nil, the default, writes the
    /// line to the standard error through NSLog.
    ///
    /// Reading and setting it are safe from any thread, and lock-free: a
    /// line being logged while the handler is replaced goes to the old
    /// handler or the new one.
    public static var handler: (@Sendable (String) -> Void)? {
        get { handlerBox.load()?.value }
        set { handlerBox.store(newValue.map { RACValueBox($0) }) }
    }

    /// Writes `line` through the handler.
    internal static func write(_ line: String) {
        if let handler {
            handler(line)
        } else {
            NSLog("%@", line)
        }
    }

    /// The handler, behind a reference that threads can read and replace
    /// at once.
    private static let handlerBox = RACAtomicObject<RACValueBox<@Sendable (String) -> Void>>(nil)
}
