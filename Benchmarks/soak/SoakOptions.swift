/// The command line, parsed.
///
///     soak [--seconds N] [--flood | --forwarding | --slow-subscriber | --long-delivery]
struct SoakOptions {
    /// What the run does: the mixed load, or one of the measurements
    /// instead of it.
    enum Mode {
        case mixedLoad, flood, forwarding, slowSubscriber, longDelivery
    }

    var seconds = 60.0
    var mode = Mode.mixedLoad

    static let usage = """
        usage: soak [--seconds N] [--flood | --forwarding | --slow-subscriber | --long-delivery]
          --seconds N         how long the mixed load runs (default 60); with --flood,
                              --slow-subscriber or --long-delivery, how long each
                              flood lasts (default 3)
          --flood             instead, the two floods of docs/Concurrency.md points 8 and 9: three
                              senders into one slow subscriber, then two with a
                              subscribe/dispose churn; prints the most deliveries one call
                              ran, the longest calls and the growth of the resident set,
                              and fails past point 8's bound of deliveries per call or 64 MB
          --forwarding        instead, rings and chains of subjects that forward from
                              inside their deliveries: prints the most deliveries one
                              call ran and each subject's largest backlog; fails only
                              if a value is lost or reordered
          --slow-subscriber   instead, two senders into a subscriber taking 20 ms per
                              value; prints the backlog, the resident set and the
                              longest call over time; fails if a value is lost or
                              reordered, or if calls still run 10 s after the stop
          --long-delivery     the same with eight senders and one delivery of 1.2 s
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
            case "--flood": try choose(.flood)
            case "--forwarding": try choose(.forwarding)
            case "--slow-subscriber": try choose(.slowSubscriber)
            case "--long-delivery": try choose(.longDelivery)
            case "-h", "--help": throw UsageError(description: "")
            default: throw UsageError(description: "unknown argument \(flag)")
            }
        }
        if mode != .mixedLoad && !secondsGiven { seconds = 3 }
    }

    /// One mode per run.
    private mutating func choose(_ chosen: Mode) throws {
        guard mode == .mixedLoad else { throw UsageError(description: "one of the modes at a time") }
        mode = chosen
    }
}
