import RACSwift
import Synchronization

/// A `RepositoriesClient` whose answers the spec scripts, usually as cold
/// signals of a `RACTestScheduler`, and which records each request when it
/// is made (subscribed), not when its signal is built.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class StubRepositoriesClient: RepositoriesClient {
    private let pages: [Int: RACSignal<RepositoriesPage>]
    private let signInResponse: @Sendable (String, String) -> RACSignal<Session>
    // A Mutex, not a plain `var`: the class must be Sendable (the view
    // models' @Sendable blocks capture it), and a `var` in a final class
    // makes Swift 6 refuse that ("stored property 'log' of
    // 'Sendable'-conforming class 'StubRepositoriesClient' is mutable").
    private let log = Mutex<[String]>([])

    init(pages: [Int: RACSignal<RepositoriesPage>] = [:],
         signIn: @escaping @Sendable (String, String) -> RACSignal<Session> = { _, _ in .never() }) {
        self.pages = pages
        signInResponse = signIn
    }

    /// The requests made so far, in order: "page 1", "sign in ada".
    var requests: [String] {
        log.withLock { $0 }
    }

    func signIn(user: String, password: String) -> RACSignal<Session> {
        RACSignal.defer { [self] in
            log.withLock { $0.append("sign in \(user)") }
            return signInResponse(user, password)
        }
    }

    func fetchRepositories(page: Int) -> RACSignal<RepositoriesPage> {
        RACSignal.defer { [self] in
            log.withLock { $0.append("page \(page)") }
            return pages[page] ?? RACSignal.error(APIError.server(status: 404))
        }
    }
}
