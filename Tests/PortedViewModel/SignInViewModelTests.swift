import RACSwift
import XCTest

/// The sign-in form's command: enabled, executing, errors, in virtual time
/// (the command runs on the test scheduler, the main thread's part).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class SignInViewModelTests: XCTestCase {
    private let scheduler = RACTestScheduler()
    private lazy var client = StubRepositoriesClient(signIn: { [scheduler] _, password in
        // Each request answers a second after it is made.
        password == "lovelace"
            ? scheduler.createColdSignal([(1, .next(Session(token: "t0k3n"))), (1, .completed)])
            : scheduler.createColdSignal([(1, .error(APIError.unauthorized))])
    })
    private lazy var viewModel = SignInViewModel(client: client, scheduler: scheduler)

    func testTheCommandIsEnabledOnceBothFieldsAreFilledIn() {
        let enabled = RACTestSubscriber<Bool>()
        viewModel.signInCommand.enabled.subscribe(enabled)
        viewModel.user.value = "ada"
        scheduler.advance(by: 0)
        viewModel.password.value = "lovelace"
        scheduler.advance(by: 0)
        viewModel.user.value = ""
        scheduler.advance(by: 0)
        XCTAssertEqual(enabled.values, [false, true, false])
    }

    func testSigningInSendsTheSessionWhileExecuting() {
        let executing = RACTestSubscriber<Bool>(scheduler: scheduler)
        let enabled = RACTestSubscriber<Bool>(scheduler: scheduler)
        let sessions = RACTestSubscriber<Session>(scheduler: scheduler)
        viewModel.signInCommand.executing.subscribe(executing)
        viewModel.signInCommand.executionSignals.flatten().subscribe(sessions)
        viewModel.user.value = "ada"
        viewModel.password.value = "lovelace"
        scheduler.advance(by: 0)
        viewModel.signInCommand.enabled.subscribe(enabled)

        viewModel.signInCommand.execute(RACUnit.defaultUnit)
        scheduler.advance(by: 2)

        XCTAssertEqual(client.requests, ["sign in ada"])
        XCTAssertEqual(sessions.values, [Session(token: "t0k3n")])
        XCTAssertEqual(sessions.recorded.map(\.time), [1])
        XCTAssertEqual(executing.values, [false, true, false])
        XCTAssertEqual(executing.recorded.map(\.time), [0, 0, 1])
        XCTAssertEqual(enabled.values, [true, false, true], "not while executing")
    }

    func testAFailedSignInSendsAMessageAndEnablesTheCommandAgain() {
        let messages = RACTestSubscriber<String>(scheduler: scheduler)
        let executing = RACTestSubscriber<Bool>()
        viewModel.errorMessages.subscribe(messages)
        viewModel.signInCommand.executing.subscribe(executing)
        viewModel.user.value = "ada"
        viewModel.password.value = "babbage"
        scheduler.advance(by: 0)

        let execution = RACTestSubscriber<Session>()
        viewModel.signInCommand.execute(RACUnit.defaultUnit).subscribe(execution)
        scheduler.advance(by: 2)

        XCTAssertEqual(execution.events, [.error(APIError.unauthorized)])
        XCTAssertEqual(messages.values, ["Wrong user or password."])
        XCTAssertEqual(messages.recorded.map(\.time), [1])
        XCTAssertEqual(executing.values, [false, true, false])
        XCTAssertEqual(viewModel.signInCommand.enabled.first(), true)
    }

    func testExecutingAnEmptyFormFailsWithoutARequest() {
        let execution = RACTestSubscriber<Session>()
        viewModel.signInCommand.execute(RACUnit.defaultUnit).subscribe(execution)
        scheduler.stepAll()
        XCTAssertEqual(execution.events, [.error(RACCommandError.notEnabled)])
        XCTAssertEqual(client.requests, [])
    }
}
