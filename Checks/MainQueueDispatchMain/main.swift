import Foundation
import RACSwift

// `swift run -c release mainqueue-dispatch [--no-main-queue]`: the main thread
// scheduler in a program that runs the main queue with dispatchMain() (CI runs
// it). Values sent from a background thread through deliverOnMainThread(), and
// a RACCommand on its default scheduler, must arrive; exits 0 when both did,
// 1 after 10 s. With --no-main-queue, the program never runs the main queue:
// RACSwift must say so on the standard error (CI checks the message).

let runsMainQueue = !CommandLine.arguments.contains("--no-main-queue")
let arrived = RACSubject<String>()
_ = arrived.take(2).collect().subscribeNext { events in
    print("arrived on the main queue: \(events.sorted().joined(separator: ", "))")
    exit(0)
}

let subject = RACSubject<Int>()
subject.deliverOnMainThread().subscribeNext { arrived.sendNext("deliverOnMainThread \($0)") }
let command = RACCommand<Int, Int> { RACSignal.return($0 * 2) }
command.executionSignals.flatten().subscribeNext { arrived.sendNext("RACCommand \($0)") }

DispatchQueue.global().async {
    subject.sendNext(1)
    command.execute(21)
}
DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
    print("nothing arrived in 10 s")
    exit(1)
}
if runsMainQueue {
    dispatchMain()
} else {
    Thread.sleep(forTimeInterval: 7)
    print("the main queue was never run, as asked")
    exit(0)
}
