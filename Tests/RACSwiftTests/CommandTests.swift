import Foundation
import RACSwift
import RACSwiftTestSupport
import Synchronization
import XCTest

/// Everything a signal sent, for the command tests.
final class CommandRecorder<Value>: @unchecked Sendable {
    var values: [Value] = []
    var errors: [any Error] = []
    var completions = 0
    /// The current scheduler at each event.
    var schedulers: [RACScheduler?] = []

    init(_ signal: RACSignal<Value>) {
        signal.subscribeNext({ [self] in
            values.append($0)
            schedulers.append(RACScheduler.currentScheduler)
        }, error: { [self] in
            errors.append($0)
            schedulers.append(RACScheduler.currentScheduler)
        }, completed: { [self] in
            completions += 1
            schedulers.append(RACScheduler.currentScheduler)
        })
    }
}

/// The commands here run on a test scheduler (in place of the main thread),
/// so every hop is a step the test takes.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class CommandTests: XCTestCase {
    private let scheduler = RACTestScheduler()

    private func command<Input, Value>(
        enabled: RACSignal<Bool>? = nil,
        _ signalBlock: @escaping @Sendable (Input) -> RACSignal<Value>
    ) -> RACCommand<Input, Value> {
        RACCommand(enabled: enabled, scheduler: scheduler, signalBlock: signalBlock)
    }

    func testIsEnabledAndNotExecutingAtFirst() {
        let command: RACCommand<Int, Int> = command { .return($0) }
        XCTAssertEqual(command.enabled.first(), true)
        XCTAssertEqual(command.executing.first(), false)
        XCTAssertFalse(command.allowsConcurrentExecution)
    }

    func testSendsEachExecutionOnExecutionSignalsOnTheScheduler() {
        let command: RACCommand<Int, Int> = command { .return($0 * 10) }
        let executions = CommandRecorder(command.executionSignals)
        command.execute(1)
        XCTAssertEqual(executions.values.count, 0, "sent on the scheduler")
        scheduler.stepAll()
        XCTAssertEqual(executions.values.count, 1)
        XCTAssertTrue(executions.schedulers.allSatisfy { $0 === scheduler })
        let values = CommandRecorder(executions.values[0])
        XCTAssertEqual(values.values, [10])
        XCTAssertEqual(values.completions, 1)
    }

    func testExecuteReturnsTheExecutionReplayedWithoutExecutingAgain() {
        let calls = Shared<[Int]>([])
        let subscriptions = Shared(0)
        let command: RACCommand<Int, Int> = command { input in
            calls.value.append(input)
            return RACSignal.createSignal { subscriber in
                subscriptions.value += 1
                subscriber.sendNext(input)
                subscriber.sendCompleted()
                return nil
            }
        }
        let execution = command.execute(7)
        XCTAssertEqual(calls.value, [7], "the signal block runs at once")
        XCTAssertEqual(subscriptions.value, 0, "the execution is subscribed on the scheduler")
        scheduler.stepAll()
        let first = CommandRecorder(execution)
        let second = CommandRecorder(execution)
        XCTAssertEqual(first.values, [7])
        XCTAssertEqual(second.values, [7])
        XCTAssertEqual(second.completions, 1)
        XCTAssertEqual(subscriptions.value, 1)
        command.execute(8)
        scheduler.stepAll()
        XCTAssertEqual(calls.value, [7, 8], "one call per execution")
    }

    func testExecutingIsTrueWhileAnExecutionRuns() {
        let subject = RACSubject<Int>()
        let command: RACCommand<Void, Int> = command { subject }
        let executing = CommandRecorder(command.executing)
        command.execute(())
        XCTAssertEqual(executing.values, [false], "updates wait for the scheduler")
        scheduler.stepAll()
        XCTAssertEqual(executing.values, [false, true])
        subject.sendNext(1)
        scheduler.stepAll()
        XCTAssertEqual(executing.values, [false, true])
        subject.sendCompleted()
        scheduler.stepAll()
        XCTAssertEqual(executing.values, [false, true, false])
        XCTAssertTrue(executing.schedulers.dropFirst().allSatisfy { $0 === scheduler })
    }

    func testIsDisabledWhileExecutingUnlessConcurrentExecutionIsAllowed() {
        let subject = RACSubject<Int>()
        let calls = Shared(0)
        let command: RACCommand<Void, Int> = command {
            calls.value += 1
            return subject
        }
        let enabled = CommandRecorder(command.enabled)
        command.execute(())
        scheduler.stepAll()
        XCTAssertEqual(enabled.values, [true, false])

        let refused = CommandRecorder(command.execute(()))
        XCTAssertEqual(refused.errors.first as? RACCommandError, .notEnabled)
        XCTAssertEqual(calls.value, 1, "a refused execution does not call the signal block")
        // RAC's NSError: its domain, code and description.
        let error = refused.errors.first.map { $0 as NSError }
        XCTAssertEqual(error?.domain, "RACCommandErrorDomain")
        XCTAssertEqual(error?.code, 1)
        XCTAssertEqual(error?.localizedDescription, "The command is disabled and cannot be executed")

        command.allowsConcurrentExecution = true
        scheduler.stepAll()
        XCTAssertEqual(enabled.values, [true, false, true])
        XCTAssertTrue(command.allowsConcurrentExecution)
        XCTAssertEqual(CommandRecorder(command.execute(())).errors.count, 0)
        XCTAssertEqual(calls.value, 2)
    }

    func testEnabledFollowsTheEnabledSignal() {
        let input = RACSubject<Bool>()
        let command: RACCommand<Void, Int> = command(enabled: input) { .empty() }
        let enabled = CommandRecorder(command.enabled)
        XCTAssertEqual(enabled.values, [true], "true until the signal sends")
        input.sendNext(false)
        scheduler.stepAll()
        XCTAssertEqual(enabled.values, [true, false])
        XCTAssertEqual(CommandRecorder(command.execute(())).errors.first as? RACCommandError, .notEnabled)
        input.sendNext(false)
        input.sendNext(true)
        scheduler.stepAll()
        XCTAssertEqual(enabled.values, [true, false, true], "changes only")
        XCTAssertTrue(enabled.schedulers.dropFirst().allSatisfy { $0 === scheduler })
    }

    func testSamplesTheEnabledSignalSynchronouslyAtInit() {
        let command: RACCommand<Void, Int> = command(enabled: .return(false)) { .empty() }
        XCTAssertEqual(command.enabled.first(), false)
        XCTAssertEqual(CommandRecorder(command.execute(())).errors.first as? RACCommandError, .notEnabled)
    }

    func testErrorsGoToErrorsAndNotToExecutionSignals() {
        let first = RACSubject<Int>()
        let second = RACSubject<Int>()
        let command: RACCommand<RACSubject<Int>, Int> = command { $0 }
        command.allowsConcurrentExecution = true
        let executions = CommandRecorder(command.executionSignals.flatten().materialize())
        let firstExecution = CommandRecorder(command.execute(first))
        command.execute(second)
        scheduler.stepAll()
        // Subscribed after both started: still sees their errors.
        let errors = CommandRecorder(command.errors)
        first.sendNext(1)
        first.sendError(TestError(code: 1))
        second.sendError(TestError(code: 2))
        scheduler.stepAll()
        XCTAssertEqual(errors.values.map { ($0 as? TestError)?.code }, [1, 2])
        XCTAssertTrue(errors.schedulers.allSatisfy { $0 === scheduler })
        XCTAssertEqual(executions.values.map(\.eventType), [.next], "execution signals complete instead")
        XCTAssertEqual(firstExecution.values, [1])
        XCTAssertEqual(firstExecution.errors.count, 1, "execute's signal has the error")
        XCTAssertEqual(command.executing.first(), false)
    }

    func testSendsExecutionSignalsInTheOrderOfExecution() {
        let command: RACCommand<[String], String> = command { $0.rac_sequence.signal(with: .immediateScheduler) }
        let values = Shared<[String]>([])
        command.executionSignals.concat().subscribeNext { values.value.append($0) }
        command.execute(["foo", "bar"])
        command.execute(["buzz", "baz"])
        XCTAssertEqual(CommandRecorder(command.execute(["x"])).errors.count, 1, "still executing")
        scheduler.stepAll()
        XCTAssertEqual(values.value, ["foo", "bar"])
        command.execute(["buzz", "baz"])
        scheduler.stepAll()
        XCTAssertEqual(values.value, ["foo", "bar", "buzz", "baz"])
    }

    func testRacingExecutesStartOneExecutionAtATime() {
        // Nothing ends an execution until the scheduler runs, so of two
        // calls released at the same instant exactly one may start one.
        // (RAC 2.5 checked `enabled` and started in two steps, and could
        // start both.)
        for _ in 0..<300 {
            let calls = Atomic(0)
            let command: RACCommand<Void, Int> = command {
                calls.add(1, ordering: .relaxed)
                return .never()
            }
            let arrived = Atomic(0)
            let group = DispatchGroup()
            for _ in 0..<2 {
                group.enter()
                Thread.detachNewThread {
                    arrived.add(1, ordering: .acquiringAndReleasing)
                    while arrived.load(ordering: .acquiring) < 2 {}
                    command.execute(())
                    group.leave()
                }
            }
            group.wait()
            XCTAssertEqual(calls.load(ordering: .relaxed), 1)
        }
    }

    func testConcurrentExecutionsAreCountedExactly() {
        let command: RACCommand<Void, Int> = command { .empty() }
        command.allowsConcurrentExecution = true
        let executing = CommandRecorder(command.executing)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<250 { command.execute(()) }
        }
        scheduler.stepAll()
        XCTAssertEqual(command.executing.first(), false)
        XCTAssertEqual(executing.values.first, false)
        XCTAssertEqual(executing.values.last, false)
        XCTAssertFalse(zip(executing.values, executing.values.dropFirst()).contains { $0 == $1 },
                       "executing sends changes only")
    }

    func testIsReleasedWithoutSubscribers() {
        weak var weakCommand: RACCommand<Void, Int>?
        do {
            let command: RACCommand<Void, Int> = command(enabled: RACSubject<Bool>()) { .empty() }
            weakCommand = command
            command.execute(())
        }
        scheduler.stepAll()
        XCTAssertNil(weakCommand)
    }

    func testSignalsCompleteOnTheSchedulerWhenTheCommandGoes() {
        let recorders: [CommandRecorder<Bool>]
        let executions: CommandRecorder<RACSignal<Int>>
        let errors: CommandRecorder<any Error>
        do {
            let command: RACCommand<Void, Int> = command(enabled: RACSubject<Bool>()) { .empty() }
            recorders = [CommandRecorder(command.executing), CommandRecorder(command.enabled)]
            executions = CommandRecorder(command.executionSignals)
            errors = CommandRecorder(command.errors)
        }
        XCTAssertEqual(executions.completions + errors.completions, 0)
        scheduler.stepAll()
        XCTAssertEqual(recorders.map(\.completions), [1, 1])
        XCTAssertEqual(executions.completions, 1)
        XCTAssertEqual(errors.completions, 1)
        // The first values of executing and enabled were replayed at once.
        let schedulers = recorders.flatMap { $0.schedulers.dropFirst() } + executions.schedulers + errors.schedulers
        XCTAssertTrue(schedulers.allSatisfy { $0 === scheduler })
    }

    func testExecutingCompletesOnlyOnceRunningExecutionsEnd() {
        let subject = RACSubject<Int>()
        let executing: CommandRecorder<Bool>
        do {
            let command: RACCommand<Void, Int> = command { subject }
            executing = CommandRecorder(command.executing)
            command.execute(())
        }
        scheduler.stepAll()
        XCTAssertEqual(executing.values, [false, true])
        XCTAssertEqual(executing.completions, 0)
        subject.sendCompleted()
        scheduler.stepAll()
        XCTAssertEqual(executing.values, [false, true, false])
        XCTAssertEqual(executing.completions, 1)
    }

    /// While an execution's values are delivered, to a subscriber of its
    /// signal from `executionSignals` and through `executionSignals.flatten()`,
    /// the command reads as executing and, without concurrent executions,
    /// not enabled (RAC 2.5: `executing` turns false only after the
    /// execution's end was delivered).
    func testExecutingAndEnabledDuringAnExecutionsValues() {
        let scheduler = RACTestScheduler()
        let command = RACCommand<Int, Int>(enabled: nil, scheduler: scheduler) { input in
            RACSignal.createSignal { subscriber in
                subscriber.sendNext(input)
                subscriber.sendNext(input + 1)
                subscriber.sendCompleted()
                return nil
            }
        }
        let reads = Shared<[String]>([])
        @Sendable func read(_ place: String, _ value: Int) {
            reads.value.append("\(place) \(value): executing \(command.executing.first()!), enabled \(command.enabled.first()!)")
        }
        command.executionSignals.subscribeNext { execution in execution.subscribeNext { read("inner", $0) } }
        command.executionSignals.flatten().subscribeNext { read("flatten", $0) }
        command.execute(1)
        scheduler.stepAll()
        XCTAssertEqual(reads.value, [
            "inner 1: executing true, enabled false", "flatten 1: executing true, enabled false",
            "inner 2: executing true, enabled false", "flatten 2: executing true, enabled false",
        ])
        XCTAssertEqual(command.executing.first(), false)
    }
}
