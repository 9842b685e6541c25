// Must NOT compile in Swift 6 language mode: each binding below would touch
// a plain class (neither Sendable nor main-actor isolated) from another
// thread. `check` expects exactly these four errors, and a warning for
// each in Swift 5 mode with complete concurrency checking.
import Observation
import RACSwift

final class Label { var text = "" }
@Observable final class Model { var name = "a" }

func bind(_ names: RACSignal<String>, _ label: Label, _ model: Model) {
    names.setKeyPath(\Label.text, onObject: label)               // refused: Label
    _ = RACObserve(model, \.name)                                  // refused: Model
    _ = RACChannelTo(model, \.name)                                // refused: Model
    _ = RACKVOChannel(target: model, keyPath: \.name)              // refused: Model
}
