import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

final class TimeOperatorsBufferTests: XCTestCase {
    // MARK: bufferWithTime

    func testBuffersValuesForAnIntervalFromTheFirstOne() {
        let scheduler = RACTestScheduler()
        let input: RACSignal<Int> = scheduler.createHotSignal([
            (0.5, .next(1)), (0.5, .next(2)), (1.2, .next(3)), (1.6, .next(4)),
        ])
        let recorder = RACTestSubscriber<[Int]>(scheduler: scheduler)
        input.bufferWithTime(1, onScheduler: scheduler).subscribe(recorder)
        scheduler.advance(by: 5)
        XCTAssertEqual(recorder.values, [[1, 2, 3], [4]])
        XCTAssertEqual(recorder.recorded.map(\.time), [1.5, 2.6])
    }
    func testStartsNoTimerUntilAValueArrives() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let log = TimeOpsLog()
        subject.bufferWithTime(1, onScheduler: scheduler).timeOpsRecord(into: log)
        scheduler.timeOpsAt(5) { subject.sendNext(1) }
        scheduler.timeOpsMark(5.9, in: log)
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["@5.9", "[1]"], "an empty batch is never sent")
    }

    func testCompletionSendsTheCollectedValuesFirst() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int?>()
        let batches = Shared<[[Int?]]>([])
        let completed = Shared(false)
        subject.bufferWithTime(1, onScheduler: scheduler)
            .subscribeNext({ batches.value.append($0) }, completed: { completed.value = true })
        subject.sendNext(nil)
        subject.sendNext(1)
        subject.sendCompleted()
        XCTAssertEqual(batches.value, [[nil, 1]], "nil values are buffered too")
        XCTAssertTrue(completed.value)
        scheduler.stepAll()
        XCTAssertEqual(batches.value.count, 1)
    }

    func testErrorDropsTheCollectedValues() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let log = TimeOpsLog()
        subject.bufferWithTime(1, onScheduler: scheduler).timeOpsRecord(into: log)
        subject.sendNext(1)
        subject.sendError(TestError())
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["error"])
    }

    func testDefaultFormBuffersOnTheCurrentScheduler() {
        let scheduler = RACTestScheduler()
        let subject = RACSubject<Int>()
        let log = TimeOpsLog()
        subject.bufferWithTime(1).timeOpsRecord(into: log)
        scheduler.timeOpsAt(0) { subject.sendNext(1) }
        scheduler.timeOpsMark(0.9, in: log)
        scheduler.stepAll()
        XCTAssertEqual(log.entries, ["@0.9", "[1]"])
    }

    func testRacingSourceAndTimerLoseAndDuplicateNothing() {
        let subject = RACSubject<Int>()
        let scheduler = RACScheduler.scheduler(name: "buffer race")
        let received = Shared<[Int]>([])
        let inside = Shared(false)
        let done = expectation(description: "completed")
        subject.bufferWithTime(0.0001, onScheduler: scheduler).subscribeNext({
            XCTAssertFalse(inside.value)
            inside.value = true
            XCTAssertFalse($0.isEmpty)
            received.value += $0
            inside.value = false
        }, completed: { done.fulfill() })
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for value in 0..<10_000 { subject.sendNext(thread * 10_000 + value) }
        }
        subject.sendCompleted()
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertEqual(received.value.sorted(), Array(0..<20_000))
    }

    // MARK: sample

    func testSampleSendsTheLatestValueWheneverTheSamplerSends() {
        let subject = RACSubject<Int>()
        let sampler = RACSubject<RACUnit>()
        let values = Shared<[Int]>([])
        subject.sample(sampler).subscribeNext { values.value.append($0) }
        sampler.sendNext(.defaultUnit)
        XCTAssertEqual(values.value, [], "nothing to sample yet")
        subject.sendNext(1)
        subject.sendNext(2)
        XCTAssertEqual(values.value, [])
        sampler.sendNext(.defaultUnit)
        XCTAssertEqual(values.value, [2])
        subject.sendNext(3)
        sampler.sendNext(.defaultUnit)
        sampler.sendNext(.defaultUnit)
        XCTAssertEqual(values.value, [2, 3, 3])
    }

    func testSampleEndsWhenEitherSignalEnds() {
        let log = TimeOpsLog()
        let source = DrivenSource<Int>()
        let sampler = RACSubject<Int>()
        source.signal.sample(sampler).timeOpsRecord(into: log)
        sampler.sendCompleted()
        XCTAssertEqual(log.entries, ["completed"])
        XCTAssertEqual(source.disposals, 1, "the sampler's completion disposes the source")

        let subject = RACSubject<Int>()
        let otherSampler = DrivenSource<Int>()
        subject.sample(otherSampler.signal).timeOpsRecord(into: log)
        subject.sendError(TestError())
        XCTAssertEqual(log.entries, ["completed", "error"])
        XCTAssertEqual(otherSampler.disposals, 1, "the source's error disposes the sampler")

        let errorSampler = RACSubject<Int>()
        RACSignal<Int>.never().sample(errorSampler).timeOpsRecord(into: log)
        errorSampler.sendError(TestError())
        XCTAssertEqual(log.entries, ["completed", "error", "error"])
    }

    func testSampleSubscribesTheSourceFirst() {
        let values = Shared<[Int]>([])
        RACBehaviorSubject(defaultValue: 5).sample(RACSignal<RACUnit>.return(.defaultUnit))
            .subscribeNext { values.value.append($0) }
        XCTAssertEqual(values.value, [5], "the source's first value is there when the sampler fires")
    }

    func testSampleSerializesRacingSourceAndSampler() {
        let subject = RACSubject<Int>()
        let sampler = RACSubject<RACUnit>()
        let inside = Shared(false)
        let samples = Shared(0)
        subject.sample(sampler).subscribeNext { _ in
            XCTAssertFalse(inside.value)
            inside.value = true
            samples.value += 1
            inside.value = false
        }
        subject.sendNext(0)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for value in 0..<10_000 {
                if thread == 0 { subject.sendNext(value) } else { sampler.sendNext(.defaultUnit) }
            }
        }
        XCTAssertEqual(samples.value, 10_000)
    }
}
