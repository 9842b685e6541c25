import Foundation
import RACSwift

// `swift run -c release mainqueue-dispatch [--no-main-queue | --blocking-read |
// --blocking-read-after-main-ran | --blocking-sequence-read | --sequence-read-in-delivery]`: the main thread
// scheduler in a program that runs the main queue with dispatchMain() (CI runs
// it). Values sent from a background thread through deliverOnMainThread(), and
// a RACCommand on its default scheduler, must arrive; exits 0 when both did,
// 1 after 10 s. With --no-main-queue, the program never runs the main queue:
// RACSwift must say so on the standard error (CI checks the message).

// With --blocking-read, the main thread blocks in first() on a value that
// another thread sends through deliverOnMainThread(): it never returns, and
// RACSwift's warning must name first() (CI checks the message); exits 0
// after 7 s.

// With --blocking-read-after-main-ran, the same once the main queue has run
// (the watch of a process's first use has passed): the read's own watch must
// name it.

/// Blocks the calling thread, which holds the main queue, in first() on a
/// value sent from another thread through deliverOnMainThread(): it never
/// returns; the process exits 0 after 7 s.
func blockInFirst() -> Never {
    let values = RACSubject<Int>()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { values.sendNext(1) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 7) {
        print("the main thread stayed in first(), as expected")
        exit(0)
    }
    _ = values.deliverOnMainThread().first()
    print("first() returned, which it cannot: the main queue is held by the read")
    exit(1)
}

if CommandLine.arguments.contains("--blocking-read-after-main-ran") {
    // The main queue has run (the first use's canary among its blocks), and
    // some time later a block of it makes the read.
    RACScheduler.mainThreadScheduler.schedule {}
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
        RACScheduler.mainThreadScheduler.schedule { blockInFirst() }
    }
    dispatchMain()
}

if CommandLine.arguments.contains("--blocking-read") {
    blockInFirst()
}

// With --blocking-sequence-read, the main thread blocks in a read of
// sequence() the same way: the warning must name that read.
if CommandLine.arguments.contains("--blocking-sequence-read") {
    let values = RACSubject<Int>()
    let sequence = values.deliverOnMainThread().sequence()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { values.sendNext(1) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 7) {
        print("the main thread stayed in the read, as expected")
        exit(0)
    }
    _ = sequence.head
    print("the read returned, which it cannot: the main queue is held by it")
    exit(1)
}

// With --sequence-read-in-delivery, a subscriber's block of a subject reads,
// from sequence(), the subject's next value, which only this thread can send
// once the block returns: the read must say so after a second.
if CommandLine.arguments.contains("--sequence-read-in-delivery") {
    let values = RACSubject<Int>()
    let sequence = values.sequence()
    values.subscribeNext { value in
        guard value == 1 else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + 4) {
            print("the read stayed in the delivery, as expected")
            exit(0)
        }
        _ = sequence.tail?.head
        print("the read returned, which it cannot: its value comes after it")
        exit(1)
    }
    values.sendNext(1)
    values.sendNext(2)
}

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
