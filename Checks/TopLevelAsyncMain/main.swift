import Foundation
import RACSwift

// `swift run -c release mainactor-toplevel`: Swift 6 mode, top-level code
// with `await` (an async main in main.swift), as a ported RAC program starts
// (CI runs it). Exits 0 when the async reads and the main-actor subscriber
// got RAC's values, 1 otherwise.
//
// In top-level code, Swift 6.3 picks the blocking `first()` even when the
// line reads `try await signal.first()` (swiftlang/swift#74459; the message
// of that error says so): the reads go in an async function, which picks
// the async forms. docs/Porting.md, "Swift 6", has the before and after.

/// What a screen shows: a plain class, neither Sendable nor isolated.
final class Screen {
    var lines: [String] = []
}

func readAsync(_ signal: RACSignal<Int>) async throws -> (Int?, [Int]) {
    (try await signal.first(), try await signal.toArray())
}

/// A main-actor subscriber whose blocks touch a non-Sendable screen and a
/// captured var; values sent from another thread arrive on the main actor
/// (on Linux, whichever thread runs the main queue).
@MainActor
func show(_ signal: RACSignal<Int>, on screen: Screen) async {
    var count = 0
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        signal.subscribeNext(on: .main) { value in
            count += 1
            screen.lines.append("\(count): \(value)")
        } completed: {
            finished.resume()
        }
    }
}

DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
    print("nothing arrived in 10 s")
    exit(1)
}

let (first, all) = try await readAsync(RACSignal.merge(RACSignal.return(1), RACSignal.return(2)))
let numbers = RACSubject<Int>()
let screen = Screen()
DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
    numbers.sendNext(10)
    numbers.sendNext(20)
    numbers.sendCompleted()
}
await show(numbers, on: screen)
print("arrived: first \(first ?? -1), toArray \(all), main actor \(screen.lines)")
exit(first == 1 && all == [1, 2] && screen.lines == ["1: 10", "2: 20"] ? 0 : 1)
