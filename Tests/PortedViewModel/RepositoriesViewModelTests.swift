import RACSwift
import XCTest

/// The paginated fetch and the list it fills, in virtual time: each page's
/// response comes a second after its request, and page 1's request
/// completes a second after its response.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
final class RepositoriesViewModelTests: XCTestCase {
    private let scheduler = RACTestScheduler()

    private let page1 = RepositoriesPage(repositories: [Repository(name: "ReactiveCocoa"),
                                                        Repository(name: "Mantle")], nextPage: 2)
    private let page2 = RepositoriesPage(repositories: [Repository(name: "octokit.objc")], nextPage: 3)
    private let page3 = RepositoriesPage(repositories: [Repository(name: "ReactiveViewModel")], nextPage: nil)

    private func client(page2Fails: Bool = false) -> StubRepositoriesClient {
        let second: RACSignal<RepositoriesPage> = page2Fails
            ? scheduler.createColdSignal([(1, .error(APIError.server(status: 500)))])
            : scheduler.createColdSignal([(1, .next(page2)), (1, .completed)])
        return StubRepositoriesClient(pages: [
            1: scheduler.createColdSignal([(1, .next(page1)), (2, .completed)]),
            2: second,
            3: scheduler.createColdSignal([(1, .next(page3)), (1, .completed)]),
        ])
    }

    func testPagesAreFetchedInOrderEachAfterTheOneBeforeCompletes() {
        let client = client()
        let pages = RACTestSubscriber<RepositoriesPage>(scheduler: scheduler)
        RepositoriesViewModel.fetchPages(from: 1, client: client).subscribe(pages)
        XCTAssertEqual(client.requests, ["page 1"])

        scheduler.advance(by: 1)
        XCTAssertEqual(pages.values, [page1])
        XCTAssertEqual(client.requests, ["page 1"], "page 1's request has not completed")

        scheduler.advance(by: 1)
        XCTAssertEqual(client.requests, ["page 1", "page 2"])

        scheduler.stepAll()
        XCTAssertEqual(client.requests, ["page 1", "page 2", "page 3"])
        XCTAssertEqual(pages.events, [.next(page1), .next(page2), .next(page3), .completed])
        XCTAssertEqual(pages.recorded.map(\.time), [1, 3, 4, 4])
    }

    func testAnErrorStopsTheFetch() {
        let client = client(page2Fails: true)
        let pages = RACTestSubscriber<RepositoriesPage>(scheduler: scheduler)
        RepositoriesViewModel.fetchPages(from: 1, client: client).subscribe(pages)
        scheduler.stepAll()
        XCTAssertEqual(client.requests, ["page 1", "page 2"])
        XCTAssertEqual(pages.events, [.next(page1), .error(APIError.server(status: 500))])
        XCTAssertEqual(pages.recorded.map(\.time), [1, 3])
    }

    func testAPageIsDecodedFromItsJSONAtTheBoundary() {
        let responses: [Any?] = [
            ["items": [["name": "ReactiveCocoa"], ["name": "Mantle"]], "next_page": 2],
            ["items": [["name": "ReactiveViewModel"]]],
            ["items": [["full_name": "ReactiveCocoa/ReactiveCocoa"]]],
        ]
        let pages = RACTestSubscriber<RepositoriesPage>()
        // The HTTP layer's signal of `Any?`, decoded by the client before
        // anything else sees it. (On the immediate scheduler: `signal()`
        // alone sends from a background scheduler, as RAC's does.)
        responses.rac_sequence.signal(with: RACScheduler.immediateScheduler).tryMap { try RepositoriesPage(json: $0) }.subscribe(pages)
        XCTAssertEqual(pages.events, [
            .next(page1),
            .next(page3),
            .error(APIError.malformedResponse),
        ])
    }

    func testBecomingActiveRefreshesTheListPageByPage() {
        let client = client()
        let viewModel = RepositoriesViewModel(client: client, scheduler: scheduler)
        let lists = RACTestSubscriber<[String]>(scheduler: scheduler)
        viewModel.repositories.signal.map { $0.map(\.name) }.subscribe(lists)
        scheduler.stepAll()
        XCTAssertEqual(client.requests, [], "not before the screen appears")

        viewModel.active = true
        scheduler.stepAll()
        XCTAssertEqual(lists.values, [
            [],
            ["ReactiveCocoa", "Mantle"],
            ["ReactiveCocoa", "Mantle", "octokit.objc"],
            ["ReactiveCocoa", "Mantle", "octokit.objc", "ReactiveViewModel"],
        ])
        XCTAssertEqual(lists.recorded.map(\.time), [0, 1, 3, 4])

        // Appearing again fetches again, from the first page.
        viewModel.active = false
        viewModel.active = true
        scheduler.stepAll()
        XCTAssertEqual(client.requests, ["page 1", "page 2", "page 3", "page 1", "page 2", "page 3"])
        XCTAssertEqual(lists.values.count, 7)
        XCTAssertEqual(lists.values.last, ["ReactiveCocoa", "Mantle", "octokit.objc", "ReactiveViewModel"])
    }

    func testAFailedRefreshKeepsThePagesFetchedAndReportsTheError() {
        let viewModel = RepositoriesViewModel(client: client(page2Fails: true), scheduler: scheduler)
        let errors = RACTestSubscriber<any Error>(scheduler: scheduler)
        let executing = RACTestSubscriber<Bool>(scheduler: scheduler)
        viewModel.refreshCommand.errors.subscribe(errors)
        viewModel.refreshCommand.executing.subscribe(executing)

        viewModel.refreshCommand.execute(RACUnit.defaultUnit)
        scheduler.stepAll()

        XCTAssertEqual(viewModel.repositories.value, page1.repositories)
        XCTAssertEqual(errors.values.map { $0 as? APIError }, [APIError.server(status: 500)])
        XCTAssertEqual(errors.recorded.map(\.time), [3])
        XCTAssertEqual(executing.values, [false, true, false])
        XCTAssertEqual(executing.recorded.map(\.time), [0, 0, 3])
    }
}
