import Foundation
import RACSwift

// A search screen of a RAC 2.5 app, ported line by line and run as a command
// line transcript: `swift run example`.
//
// The text field is a subject; typing is throttled so that a burst of
// keystrokes makes one request; a RACCommand runs the request, and its
// `executing` drives the spinner; a failed request shows its error and an
// empty list; the results are shared by the list and the count label with
// `replayLazily`. A serial scheduler plays the main thread's part (a command
// line tool runs no main run loop, so the main thread scheduler would never
// run a block): the throttle times on it and the "UI" hears everything on it.

enum SearchError: Error, CustomStringConvertible {
    case serverDown(query: String)
    var description: String {
        switch self {
        case .serverDown(let query): return "the server is down (query \"\(query)\")"
        }
    }
}

let ui = RACScheduler.scheduler(name: "ui")
let network = RACScheduler.scheduler(name: "network")
let catalog = ["rac", "reactivecocoa", "reactiveswift", "rxswift", "swift", "swiftui"]

/// The request: answers after 50 ms, from the network's thread; "crash" fails.
func fetch(_ query: String) -> RACSignal<[String]> {
    RACSignal<[String]>.createSignal { subscriber in
        network.afterDelay(0.05) {
            if query == "crash" {
                subscriber.sendError(SearchError.serverDown(query: query))
            } else {
                subscriber.sendNext(catalog.filter { $0.hasPrefix(query) })
                subscriber.sendCompleted()
            }
        }
    }
}

// The view model.
let searchText = RACSubject<String>()
searchText.setName("searchText")
let search = RACCommand<String, [String]>(enabled: nil, scheduler: ui) { query in fetch(query) }
let results = searchText
    .map { $0.lowercased() }
    .filter { !$0.isEmpty }
    .throttle(0.2, onScheduler: ui)
    .distinctUntilChanged()
    .flattenMap { query in
        search.execute(query).catch { _ in RACSignal.return([]) }
    }
    .deliverOn(ui)
    .replayLazily()

// The view.
search.executing.skip(1).subscribeNext { print($0 ? "  [spinner on]" : "  [spinner off]") }
search.errors.subscribeNext { print("  error: \($0)") }
results.subscribeNext { print("  list: \($0.isEmpty ? "(empty)" : $0.joined(separator: ", "))") }
results.map(\.count).subscribeNext { print("  label: \($0) found") }

// `swift run example --graph`: the pipeline as it is wired now, as text and
// as Graphviz DOT (docs/SearchScreen.svg is `dot -Tsvg` of it), instead of
// the transcript.
if CommandLine.arguments.contains("--graph") {
    let graph = results.graph()
    print(graph)
    print()
    print(graph.dot)
    exit(0)
}

// The user.
func type(_ texts: String...) {
    for text in texts {
        print("typed \"\(text)\"")
        searchText.sendNext(text)
    }
    Thread.sleep(forTimeInterval: 0.5)   // a pause in the typing
}

type("s", "sw", "swi")    // one burst: one request, for "swi"
type("R", "Rx")
type("crash")
searchText.sendCompleted()
// With RACSWIFT_SUBSCRIPTION_SITES=1: the subscriptions still alive, by the
// line that made them (the command's own signals never complete).
if RACLiveSubscriptions.recordsSites {
    print("live subscriptions:\n" + RACLiveSubscriptions.report())
}
print("done")
