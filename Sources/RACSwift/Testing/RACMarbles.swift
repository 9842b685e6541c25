import Foundation

/// Marble diagrams: signals in virtual time written as the diagrams RAC's
/// documentation draws, and what a `RACTestSubscriber` heard drawn the same
/// way.
///
/// One character is one frame of virtual time (`frame` seconds, 1 unless
/// given), counted from the start of virtual time for a hot signal and from
/// the subscription for a cold one:
///
/// - `-` a frame in which nothing happens;
/// - a letter or digit: a value, looked up in `values` (with no entry, the
///   character itself when `Value` is `String` or `Character`);
/// - `|` completion, `#` the error (`error`, `RACMarbles.error` unless given);
/// - `(ab)` events in the same frame, the frame of `(`; as in RxJS's
///   marbles, each character of the group still takes a frame;
/// - spaces are ignored (for lining diagrams up).
///
/// `"--a--b--|"` sends `a` at 2 s, `b` at 5 s and completes at 8 s.
public enum RACMarbles {
    /// The error `#` stands for when no other is given.
    public static let error: any Error = NSError(domain: "RACMarbles", code: 1,
                                                 userInfo: [NSLocalizedDescriptionKey: "marble error"])

    /// The events of `marbles`, each at its frame.
    internal static func events<Value>(_ marbles: String, values: [Character: Value],
                                       error: any Error) -> [(frame: Int, event: RACEvent<Value>)] {
        var events: [(frame: Int, event: RACEvent<Value>)] = []
        var frame = 0
        var group: Int?
        for character in marbles where character != " " {
            let at = group ?? frame
            switch character {
            case "-": break
            case "(": group = frame
            case ")": group = nil
            case "|": events.append((at, .completed))
            case "#": events.append((at, .error(error)))
            default:
                guard let value = values[character] ?? (String(character) as? Value)
                        ?? (character as? Value) else {
                    racMisuse("marble '\(character)' in \"\(marbles)\" has no value: give it one in `values`")
                }
                events.append((at, .next(value)))
            }
            frame += 1
        }
        return events
    }

    /// What `recorded` would be drawn as, `frame` seconds to a character:
    /// values as their key in `values`, else as their description if that is
    /// one character, else `?`.
    public static func diagram<Value>(of recorded: [(time: TimeInterval, event: RACEvent<Value>)],
                                      values: [Character: Value] = [:], frame: TimeInterval = 1,
                                      isSame: (Value, Value) -> Bool) -> String {
        func symbol(_ event: RACEvent<Value>) -> String {
            switch event {
            case .completed: return "|"
            case .error: return "#"
            case .next(let value):
                if let key = values.filter({ isSame($0.value, value) }).keys.sorted().first { return String(key) }
                let text = "\(value)"
                return text.count == 1 ? text : "?"
            }
        }
        var diagram = ""
        var column = 0
        var index = recorded.startIndex
        while index < recorded.endIndex {
            let at = Int((recorded[index].time / frame).rounded())
            var same = [recorded[index].event]
            index += 1
            while index < recorded.endIndex, Int((recorded[index].time / frame).rounded()) == at {
                same.append(recorded[index].event)
                index += 1
            }
            if column < at {
                diagram += String(repeating: "-", count: at - column)
                column = at
            }
            let text = same.count == 1 ? symbol(same[0]) : "(" + same.map(symbol).joined() + ")"
            diagram += text
            column += text.count
        }
        return diagram
    }

    /// Nil if `recorded` is what `expected` draws (frame by frame, values
    /// equal, errors equal by domain and code); else a message with the two
    /// diagrams one above the other and a caret under the first frame where
    /// they part.
    public static func mismatch<Value: Equatable>(
        _ recorded: [(time: TimeInterval, event: RACEvent<Value>)], expected: String,
        values: [Character: Value] = [:], error: any Error = RACMarbles.error, frame: TimeInterval = 1
    ) -> String? {
        let wanted = events(expected, values: values, error: error)
        let heard = recorded.map { (frame: Int(($0.time / frame).rounded()), event: $0.event) }
        guard !wanted.elementsEqual(heard, by: { $0.frame == $1.frame && $0.event == $1.event }) else { return nil }
        let expectedLine = expected.filter { $0 != " " }
        let receivedLine = diagram(of: recorded, values: values, frame: frame, isSame: ==)
        let differing = zip(expectedLine, receivedLine).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLine.count, receivedLine.count)
        return """
            marbles differ:
            expected: \(expectedLine)
            received: \(receivedLine)
                      \(String(repeating: " ", count: differing))^
            """
    }
}

extension RACTestSubscriber {
    /// What the subscriber heard, drawn as marbles (see `RACMarbles`),
    /// `frame` seconds to a character.
    public func marbles(values: [Character: Value] = [:], frame: TimeInterval = 1) -> String
    where Value: Equatable {
        RACMarbles.diagram(of: recorded, values: values, frame: frame, isSame: ==)
    }
}

/// Reports through `onFailure` (for XCTest, pass `XCTFail`) unless
/// `recorder` heard what `expected` draws (see `RACMarbles`); the message
/// shows both diagrams, aligned:
///
/// ```
/// marbles differ:
/// expected: --a--b--|
/// received: --a-----b|
///                ^
/// ```
public func assertMarbles<Value: Equatable>(
    _ recorder: RACTestSubscriber<Value>, _ expected: String,
    values: [Character: Value] = [:], error: any Error = RACMarbles.error, frame: TimeInterval = 1,
    file: StaticString = #filePath, line: UInt = #line,
    onFailure: (_ message: String, _ file: StaticString, _ line: UInt) -> Void
) {
    if let message = RACMarbles.mismatch(recorder.recorded, expected: expected, values: values,
                                         error: error, frame: frame) {
        onFailure(message, file, line)
    }
}
