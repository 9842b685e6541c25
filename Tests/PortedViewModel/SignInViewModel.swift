import RACSwift

/// A sign-in form's view model, on `RVMViewModel`: the form's fields, a
/// command that signs in (enabled once both fields are filled in), and the
/// messages of its failures.
final class SignInViewModel: RVMViewModel, @unchecked Sendable {
    // `@unchecked Sendable` again: Swift requires a subclass to restate
    // it ("class 'SignInViewModel' must restate inherited '@unchecked
    // Sendable' conformance"), since the promise covers the subclass's own
    // stored properties too: here, RACProperty and RACCommand (thread-safe)
    // and immutable values.

    let user = RACProperty("")
    let password = RACProperty("")

    /// Signs in with the form's fields; sends the session.
    let signInCommand: RACCommand<RACUnit, Session>

    /// A message for each failed sign-in, on the command's scheduler.
    let errorMessages: RACSignal<String>

    init(client: any RepositoriesClient, scheduler: RACScheduler = RACScheduler.mainThreadScheduler) {
        // The blocks below capture the properties, not `self`: the command
        // would keep its view model alive.
        let user = user, password = password
        let formIsValid = RACSignal.combineLatest(user.signal.isNotEmpty(), password.signal.isNotEmpty(),
                                                  reduce: { $0 && $1 })
        signInCommand = RACCommand(enabled: formIsValid, scheduler: scheduler) { _ in
            client.signIn(user: user.value, password: password.value)
        }
        errorMessages = signInCommand.errors.map { error in
            error as? APIError == .unauthorized ? "Wrong user or password." : "Could not sign in."
        }
        super.init(scheduler: scheduler)
    }
}
