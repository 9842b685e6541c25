import Foundation
import RACSwift
import RACSwiftTestSupport
import XCTest

/// `currentScheduler` inside blocks, and where the immediate and
/// subscription schedulers run them. XCTest runs each test on the main thread.
final class SchedulerCurrentSchedulerTests: XCTestCase {
    /// Runs `body` on a new thread (one with no current scheduler) and waits.
    private func onNewThread(_ body: @escaping @Sendable () -> Void) {
        let finished = expectation(description: "thread finished")
        let thread = Thread {
            body()
            finished.fulfill()
        }
        thread.start()
        wait(for: [finished], timeout: HangGuard.seconds)
    }

    func testImmediateSchedulerDoesNotBecomeCurrent() {
        let seen = SchedulerTestBox<[String]>([])
        onNewThread {
            let thread = Shared(Thread.current)
            let ranInline = SchedulerTestBox(false)
            RACScheduler.immediateScheduler.schedule {
                ranInline.mutate { $0 = Thread.current === thread.value }
                let current = RACScheduler.currentScheduler
                seen.mutate { $0.append(current == nil ? "nil" : "set") }
            }
            seen.mutate { $0.append(ranInline.value ? "inline" : "elsewhere") }
        }
        XCTAssertEqual(seen.value, ["nil", "inline"])
    }

    func testImmediateSchedulerKeepsTheCurrentScheduler() {
        let onMain = Shared<RACScheduler?>(nil)
        RACScheduler.immediateScheduler.schedule { onMain.value = RACScheduler.currentScheduler }
        XCTAssertTrue(onMain.value === RACScheduler.mainThreadScheduler)

        let testScheduler = RACTestScheduler()
        let inStep = Shared<RACScheduler?>(nil)
        testScheduler.schedule {
            RACScheduler.immediateScheduler.schedule { inStep.value = RACScheduler.currentScheduler }
        }
        testScheduler.step()
        XCTAssertTrue(inStep.value === testScheduler)
    }

    func testSubscriptionSchedulerRunsInlineOnTheMainThread() {
        XCTAssertTrue(Thread.isMainThread)
        let ranOnMain = Shared(false)
        let disposable = RACScheduler.subscriptionScheduler.schedule { ranOnMain.value = Thread.isMainThread }
        XCTAssertTrue(ranOnMain.value)
        XCTAssertNil(disposable)
    }

    func testSubscriptionSchedulerRunsInlineInsideASchedulerBlock() {
        let queueScheduler = RACScheduler.scheduler()
        let result = SchedulerTestBox<(inline: Bool, current: RACScheduler?)>((false, nil))
        let done = expectation(description: "block ran")
        queueScheduler.schedule {
            let thread = Shared(Thread.current)
            let inline = Shared(false)
            RACScheduler.subscriptionScheduler.schedule {
                inline.value = Thread.current === thread.value
                result.mutate { $0.current = RACScheduler.currentScheduler }
            }
            result.mutate { $0.inline = inline.value }
            done.fulfill()
        }
        wait(for: [done], timeout: HangGuard.seconds)
        XCTAssertTrue(result.value.inline)
        XCTAssertTrue(result.value.current === queueScheduler)
    }

    func testSubscriptionSchedulerRunsInlineInsideATestSchedulerStep() {
        let testScheduler = RACTestScheduler()
        let log = Shared<[String]>([])
        testScheduler.schedule {
            RACScheduler.subscriptionScheduler.schedule { log.value.append("subscribed") }
            log.value.append("after schedule")
        }
        testScheduler.step()
        XCTAssertEqual(log.value, ["subscribed", "after schedule"])
    }

    func testSubscriptionSchedulerUsesABackgroundSchedulerElsewhere() {
        let callingThread = SchedulerTestBox<Thread?>(nil)
        let runningThread = SchedulerTestBox<Thread?>(nil)
        let current = SchedulerTestBox<RACScheduler?>(nil)
        let ran = expectation(description: "block ran")
        onNewThread {
            XCTAssertNil(RACScheduler.currentScheduler)
            callingThread.mutate { $0 = Thread.current }
            RACScheduler.subscriptionScheduler.schedule {
                runningThread.mutate { $0 = Thread.current }
                current.mutate { $0 = RACScheduler.currentScheduler }
                ran.fulfill()
            }
        }
        wait(for: [ran], timeout: HangGuard.seconds)
        XCTAssertNotNil(runningThread.value)
        XCTAssertFalse(runningThread.value === callingThread.value)
        XCTAssertNotNil(current.value)
    }

    /// The child of a fork() made on another thread runs that thread as its
    /// main thread: `currentScheduler` there is the main thread scheduler,
    /// although the forking thread had already been told it is not main.
    func testForkedChildOfABackgroundThreadIsOnItsMainThread() {
        let childStatus = SchedulerTestBox<Int32?>(nil)
        onNewThread {
            XCTAssertNil(RACScheduler.currentScheduler)  // this thread's answer is now known
            let pid = fork()
            if pid == 0 {
                // The child: only async-signal-safe work, then _exit.
                _exit(RACScheduler.currentScheduler === RACScheduler.mainThreadScheduler ? 0 : 1)
            }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            childStatus.mutate { $0 = status }
        }
        XCTAssertEqual(childStatus.value, 0, "the forked child sees itself on the main thread")
    }
}
