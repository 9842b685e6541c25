/// The per-operation figures of a case's timed repetitions.
struct Measurement {
    /// One figure per timed repetition, in order: meter units per operation.
    let samples: [Double]

    var median: Double {
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    var min: Double { samples.min()! }
}

/// A repetition observed something other than what its case expects.
struct CheckFailure: Error, CustomStringConvertible {
    let caseID: String
    let observed: Observed
    let expected: Observed

    var description: String {
        func show(_ o: Observed) -> String {
            o.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        return "CHECK FAILED in \(caseID): observed \(show(observed)), expected \(show(expected))"
    }
}

/// Runs `cases` for the mode's warm-ups and repetitions, checking every
/// repetition, and returns one measurement per case, in order.
///
/// The cases take turns, one repetition each, so that a case and the raw
/// baseline it is compared with see the same moments of a busy machine: a
/// burst of load slows both rather than one, and their ratio holds still.
///
/// This one function serves every case: a case differs only in what its
/// `prepare` builds and which meter it reads.
func measure(_ cases: [Case], mode: Mode) throws -> [Measurement] {
    var samples = [[Double]](repeating: [], count: cases.count)
    for repetition in 0..<(mode.warmups + mode.repetitions) {
        for (index, c) in cases.enumerated() {
            let trial = c.prepare()
            let start = c.meter.read()
            timedRegion(trial.run)
            let end = c.meter.read()
            let observed = trial.observe()
            guard observed == c.expected else {
                throw CheckFailure(caseID: c.id, observed: observed, expected: c.expected)
            }
            if repetition >= mode.warmups {
                samples[index].append(Double(end - start) / Double(c.units))
            }
        }
    }
    return samples.map(Measurement.init)
}

/// The measured region. Never inlined, so that perf/callgrind.sh can count
/// the instructions of exactly this call (`--toggle-collect=*timedRegion*`).
@inline(never)
func timedRegion(_ run: () -> Void) {
    run()
}
