import Foundation
import RACSwift

// `swift run -c release misuse-stop [MODE]`: a misuse that would hang, in a
// release build, where `preconditionFailure` would drop its message.
// RACSwift must stop the program at once and say why on the standard error
// (CI checks the message). Exits 0, which CI counts as a failure, if the
// misused call returned or was still running after 10 s.
//
// Modes:
//   (none)            the blocking-read misuse of docs/Concurrency.md point
//                     11: `first()` inside a delivery of the subject it reads;
//   --subject-cycle   two subjects subscribed to each other, one through
//                     `map` (point 16: a cycle of sends);
//   --self-subscribe  a subject subscribed to itself, refused at subscribe.

let mode = CommandLine.arguments.dropFirst().first ?? ""
let call: String
switch mode {
case "": call = "first()"
case "--subject-cycle": call = "the first sendNext into a cycle of subjects"
case "--self-subscribe": call = "subscribing a subject to itself"
default:
    FileHandle.standardError.write("usage: misuse-stop [--subject-cycle | --self-subscribe]\n".data(using: .utf8)!)
    exit(2)
}

DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
    print("\(call) was still running after 10 s: the misuse was not stopped")
    exit(0)
}
switch mode {
case "--subject-cycle":
    let downloads = RACSubject<Int>().setName("downloads")
    let progress = RACSubject<Int>()
    downloads.map { $0 + 1 }.subscribe(progress)
    progress.subscribe(downloads)
    downloads.sendNext(0)
case "--self-subscribe":
    let downloads = RACSubject<Int>().setName("downloads")
    downloads.subscribe(downloads)
    downloads.sendNext(0)
default:
    let subject = RACSubject<Int>()
    subject.subscribeNext { _ in _ = subject.first() }
    subject.sendNext(1)
}
print("\(call) returned: the misuse was not stopped")
