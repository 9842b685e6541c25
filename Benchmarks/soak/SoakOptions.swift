/// The command line, parsed.
///
///     soak [--seconds N] [--flood]
struct SoakOptions {
    var seconds = 60.0
    var flood = false

    static let usage = """
        usage: soak [--seconds N] [--flood]
          --seconds N   how long the mixed load runs (default 60); with --flood,
                        how long each flood lasts (default 3)
          --flood       instead, the two floods of docs/Concurrency.md points 8 and 9: three
                        senders into one slow subscriber, then two with a
                        subscribe/dispose churn; prints the longest calls and the
                        growth of the resident set, and fails past 100 ms or 64 MB
        """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        var secondsGiven = false
        while let flag = rest.popFirst() {
            switch flag {
            case "--seconds":
                guard let text = rest.popFirst(), let value = Double(text), value > 0 else {
                    throw UsageError(description: "--seconds needs a positive number")
                }
                seconds = value
                secondsGiven = true
            case "--flood": flood = true
            case "-h", "--help": throw UsageError(description: "")
            default: throw UsageError(description: "unknown argument \(flag)")
            }
        }
        if flood && !secondsGiven { seconds = 3 }
    }
}
