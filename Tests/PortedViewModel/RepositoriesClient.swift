import RACSwift

/// A repository as the app's API client decodes it: a Sendable value
/// (decoded from the JSON at the client's boundary, see docs/Porting.md,
/// "JSON-shaped values"), so it may cross threads inside signals.
struct Repository: Sendable, Equatable {
    let name: String
}

/// One page of a paginated listing, and the number of the page after it,
/// if any (GitHub's `Link: rel="next"`).
struct RepositoriesPage: Sendable, Equatable {
    let repositories: [Repository]
    let nextPage: Int?
}

/// A signed-in user's token.
struct Session: Sendable, Equatable {
    let token: String
}

/// What the API client's signals fail with.
enum APIError: Error, Equatable {
    case unauthorized
    case server(status: Int)
    case malformedResponse
}

/// The API client, as the view models see it. Its requests are cold
/// signals (each subscription makes one), in the style of OctoKit's
/// OCTClient on RAC 2.5. Sendable: the view models' command blocks,
/// @Sendable in Swift 6 mode, capture it.
protocol RepositoriesClient: Sendable {
    func signIn(user: String, password: String) -> RACSignal<Session>
    func fetchRepositories(page: Int) -> RACSignal<RepositoriesPage>
}
