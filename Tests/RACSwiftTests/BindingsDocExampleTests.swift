import RACSwift
import RACSwiftTestSupport
import XCTest

/// docs/Bindings.md's form-validation example, as written there.
final class LoginViewModel {
    let username = RACProperty("")
    let password = RACProperty("")
    let canLogIn = RACProperty(false)
    let logIn: RACCommand<Void, String>

    init(scheduler: RACScheduler = RACScheduler.mainThreadScheduler) {
        // RAC(self, canLogIn) = [RACSignal combineLatest:@[RACObserve(self, username), …] reduce:…];
        RACSignal.combineLatest(username.signal, password.signal, reduce: { name, password in
            !name.isEmpty && password.count >= 8
        }).setKeyPath(\.value, onObject: canLogIn)

        let username = username
        logIn = RACCommand(enabled: canLogIn.signal, scheduler: scheduler) { _ in
            RACSignal.return("welcome, \(username.value)")
        }
    }
}

final class BindingsDocExampleTests: XCTestCase {
    func testTheCommandIsEnabledOnceTheFormIsValid() {
        let scheduler = RACTestScheduler()          // the main thread's part, in a test
        let form = LoginViewModel(scheduler: scheduler)
        let enabled = Shared<[Bool]>([])
        form.logIn.enabled.subscribeNext { enabled.value.append($0) }

        form.username.value = "ada"
        form.password.value = "analytical"
        scheduler.stepAll()

        XCTAssertTrue(form.canLogIn.value)
        XCTAssertEqual(enabled.value, [false, true])
        let greeting = Shared<String?>(nil)
        form.logIn.execute(()).subscribeNext { greeting.value = $0 }
        scheduler.stepAll()
        XCTAssertEqual(greeting.value, "welcome, ada")
    }
}
