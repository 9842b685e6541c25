import RACSwift

/// W10: `RACProperty` set M times with N = 1 and 10 subscribers of its
/// `signal`: per set at N = 1 and per delivery at N = 10, against a value
/// behind one mutex notifying an array of closures.
enum W10Property: Workload {
    static let id = "W10"

    static func cases(_ mode: Mode) -> [Case] {
        [1, 10].map { n in
            let values = 0..<RawLockedCell.sets(mode, subscribers: n)
            var expected = Tally.expected(subscribers: n, values: values)
            // Each subscriber first hears the initial value, 0.
            expected["deliveries", default: 0] += n
            return Case(
                workload: id, label: "property N=\(n)", params: ["N": n, "M": values.count],
                unit: n == 1 ? "set" : "delivery", units: n == 1 ? values.count : values.count * n,
                expected: expected, baseline: RawLockedCell.case(subscribers: n, mode: mode),
                targets: [.ratio(atMost: n == 1 ? 1.5 : 1.0)]
            ) {
                let property = RACProperty(0)
                let tallies = Tally.make(n)
                property.signal.subscribeTallies(tallies)
                return Trial(
                    run: { for value in values { property.value = value } },
                    observe: { tallies.observed })
            }
        }
    }
}
