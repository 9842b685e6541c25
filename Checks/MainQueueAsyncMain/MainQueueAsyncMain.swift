import Foundation
import RACSwift

/// `swift run -c release mainqueue-async`: the main thread scheduler in a
/// Swift concurrency program, whose main actor runs the main queue while it
/// awaits (CI runs it). Exits 0 when a RACCommand on its default scheduler
/// and deliverOnMainThread() delivered what other threads sent, 1 otherwise.
@main
enum MainQueueAsyncMain {
    static func main() async throws {
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
            print("nothing arrived in 10 s")
            exit(1)
        }
        let command = RACCommand<Int, Int> { RACSignal.return($0 * 2) }
        let doubled = try await command.execute(21).first()
        let subject = RACReplaySubject<Int>()
        DispatchQueue.global().async { subject.sendNext(7) }
        let delivered = try await subject.deliverOnMainThread().first()
        print("arrived: RACCommand \(doubled ?? -1), deliverOnMainThread \(delivered ?? -1)")
        exit(doubled == 42 && delivered == 7 ? 0 : 1)
    }
}
