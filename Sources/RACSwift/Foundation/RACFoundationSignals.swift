import Foundation

extension Data {
    /// A cold signal that, for each subscriber, reads the contents of `url`
    /// from a block on `scheduler`, then sends them and completes, or fails
    /// with the read's error: RAC's
    /// `+[NSData rac_readContentsOfURL:options:scheduler:]`.
    public static func rac_readContentsOfURL(_ url: URL, options: Data.ReadingOptions = [],
                                             scheduler: RACScheduler) -> RACSignal<Data> {
        RACSignal<Data>.createSignal { subscriber in
            scheduler.schedule {
                do {
                    subscriber.sendNext(try Data(contentsOf: url, options: options))
                    subscriber.sendCompleted()
                } catch {
                    subscriber.sendError(error)
                }
            }
        }.setName("+rac_readContentsOfURL: \(url) options: \(options.rawValue) scheduler: \(scheduler)")
    }
}

extension String {
    /// A cold signal that, for each subscriber, reads the text at `url`
    /// from a block on `scheduler`, detecting its encoding, then sends the
    /// text with that encoding and completes, or fails with the read's
    /// error: RAC's `+[NSString rac_readContentsOfURL:usedEncoding:scheduler:]`,
    /// whose out-parameter encoding travels with the value here.
    public static func rac_readContentsOfURL(
        _ url: URL, scheduler: RACScheduler
    ) -> RACSignal<(string: String, usedEncoding: String.Encoding)> {
        RACSignal<(string: String, usedEncoding: String.Encoding)>.createSignal { subscriber in
            scheduler.schedule {
                do {
                    var encoding = String.Encoding.utf8
                    let text = try String(contentsOf: url, usedEncoding: &encoding)
                    subscriber.sendNext((text, encoding))
                    subscriber.sendCompleted()
                } catch {
                    subscriber.sendError(error)
                }
            }
        }.setName("+rac_readContentsOfURL: \(url) usedEncoding: scheduler: \(scheduler)")
    }
}

extension FileHandle {
    /// A signal of the chunks of data read from the handle in the
    /// background, as they become available, completing at the end of the
    /// file: RAC's `-[NSFileHandle rac_readInBackground]`. Each subscription
    /// reads on a thread of its own (a blocking read, which would hold one
    /// of Dispatch's few workers for as long as the file stays open), and
    /// sends the chunks from there. Disposing stops the reading at the next
    /// chunk; a read in progress is not interrupted. One subscription at a
    /// time should read a handle.
    public func rac_readInBackground() -> RACSignal<Data> {
        RACSignal<Data>.createSignal { [self] subscriber in
            let stopped = RACDisposable()
            let reader = Thread {
                while !stopped.isDisposed {
                    let chunk = self.availableData
                    if chunk.isEmpty {
                        subscriber.sendCompleted()
                        return
                    }
                    subscriber.sendNext(chunk)
                }
            }
            reader.name = "RACSwift.rac_readInBackground"
            reader.start()
            return stopped
        }.setName("\(self) -rac_readInBackground")
    }
}
