import Foundation
import RACSwift

// `swift run -c release misuse-stop`: the blocking-read misuse of
// docs/Concurrency.md point 11, `first()` inside a delivery of the subject it
// reads, in a release build, where `preconditionFailure` would drop its
// message. RACSwift must stop the program at once and say why on the
// standard error (CI checks the message). Exits 0, which CI counts as a
// failure, if the read returned or was still waiting after 10 s.

DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
    print("first() was still waiting after 10 s: the misuse was not stopped")
    exit(0)
}
let subject = RACSubject<Int>()
subject.subscribeNext { _ in _ = subject.first() }
subject.sendNext(1)
print("first() returned: the misuse was not stopped")
