import RACSwift

/// A list of the user's repositories, on `RVMViewModel`: fetched page by
/// page each time the screen appears, the list growing as pages arrive.
final class RepositoriesViewModel: RVMViewModel, @unchecked Sendable {
    // @unchecked Sendable: restated, as every RVMViewModel subclass must;
    // its own state is a RACProperty and a RACCommand.

    /// The repositories fetched by the latest refresh so far.
    let repositories = RACProperty<[Repository]>([])

    /// Fetches every page again; sends the list after each page.
    let refreshCommand: RACCommand<RACUnit, [Repository]>

    init(client: any RepositoriesClient, scheduler: RACScheduler = RACScheduler.mainThreadScheduler) {
        refreshCommand = RACCommand(enabled: nil, scheduler: scheduler) { _ in
            Self.fetchPages(from: 1, client: client)
                .scanWithStart([Repository]()) { list, page in list + page.repositories }
        }
        super.init(scheduler: scheduler)

        // RAC(self, repositories) = [self.refreshCommand.executionSignals switchToLatest];
        // (a subscription, not setKeyPath: the property is a cell already.)
        let repositories = repositories
        refreshCommand.executionSignals.switchToLatest().subscribeNext { repositories.value = $0 }

        // [self.didBecomeActiveSignal subscribeNext:^(id _) { [self.refreshCommand execute:nil]; }];
        // The command, not `self`: the subscription must not keep the view
        // model alive (it ends when the view model goes, with `active`).
        let refresh = refreshCommand
        didBecomeActiveSignal.subscribeNext { _ in refresh.execute(RACUnit.defaultUnit) }
    }

    /// Page `page`, then, once its request has completed, the pages after
    /// it, each requested only when the one before it has completed; the
    /// first error ends the signal and no further page is requested.
    static func fetchPages(from page: Int, client: any RepositoriesClient) -> RACSignal<RepositoriesPage> {
        // Replayed, so that the rest can read the page that was sent
        // without requesting it again.
        let response = client.fetchRepositories(page: page).replayLazily()
        let rest = response.takeLast(1).flattenMap { last -> RACSignal<RepositoriesPage> in
            guard let next = last.nextPage else { return RACSignal.empty() }
            return fetchPages(from: next, client: client)
        }
        return response.concat(rest)
    }
}
