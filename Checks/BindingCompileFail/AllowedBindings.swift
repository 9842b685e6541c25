// Must compile in Swift 6 language mode with no diagnostic: the bindings a
// Swift 6 user writes (API.md, round 4), so that the refusals `check` sees
// in PlainClassBindings.swift are the binding's, not a broken setup's.
import Foundation
import Observation
import RACSwift

@MainActor final class TitleView { var title = "" }
@MainActor @Observable final class ScreenModel { var name = "a" }
final class Counter: Sendable {
    let lock = NSLock()
    nonisolated(unsafe) var count = 0
}

@MainActor func bind(_ view: TitleView, _ model: ScreenModel, _ titles: RACSignal<String>) -> RACDisposable {
    _ = RACObserve(model, \.name)
    _ = RACChannelTo(model, \.name)
    _ = RACKVOChannel(target: model, keyPath: \.name)
    return titles.setKeyPath(\TitleView.title, onObject: view)
}

func bind(_ counter: Counter, _ counts: RACSignal<Int>) -> RACDisposable {
    counts.setKeyPath(\Counter.count, onObject: counter)
}
