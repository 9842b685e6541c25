/// The per-operation figures of a case's timed repetitions.
struct Measurement {
    /// One figure per timed repetition, in order: meter units per operation.
    let samples: [Double]
    /// Beside each wall-time sample, the CPU time all the process's threads
    /// spent in it, in ns per operation (`ProcessCPUClock`); empty for a
    /// meter that is not a time.
    var cpuSamples: [Double] = []

    var median: Double { Self.median(samples) }

    var min: Double { samples.min()! }

    /// The median CPU ns per operation; nil without CPU samples.
    var cpuMedian: Double? { cpuSamples.isEmpty ? nil : Self.median(cpuSamples) }

    private static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
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
///
/// A group whose timed repetitions pass `mode.timeBudget` stops after
/// `mode.minimumRepetitions` (the table says so beside the row).
///
/// A wall-time sample has the process's CPU time beside it, read inside the
/// wall-clock readings (a few hundred ns each, against repetitions of
/// milliseconds): a wait that spins shows there even when it is fast.
func measure(_ cases: [Case], mode: Mode) throws -> [Measurement] {
    var samples = [[Double]](repeating: [], count: cases.count)
    var cpuSamples = [[Double]](repeating: [], count: cases.count)
    var timedSeconds = 0.0, warmupSeconds = 0.0
    for repetition in 0..<(mode.warmups + mode.repetitions) {
        // Past the budget, with enough repetitions for a median: stop here
        // (every case has the same count, so they still took turns).
        if repetition - mode.warmups >= mode.minimumRepetitions && timedSeconds > mode.timeBudget { break }
        // A warm-up round that took a fifth of the budget warmed up enough.
        if repetition > 0 && repetition < mode.warmups && warmupSeconds > mode.timeBudget / 5 { continue }
        for (index, c) in cases.enumerated() {
            let trial = c.prepare()
            let timed = c.meter == .nanoseconds
            let start = c.meter.read()
            let cpuStart = timed ? ProcessCPUClock.read() : 0
            timedRegion(trial.run)
            let cpuEnd = timed ? ProcessCPUClock.read() : 0
            let end = c.meter.read()
            let observed = trial.observe()
            guard observed == c.expected else {
                throw CheckFailure(caseID: c.id, observed: observed, expected: c.expected)
            }
            if repetition < mode.warmups {
                if timed { warmupSeconds += Double(end - start) / 1e9 }
            } else {
                if timed { timedSeconds += Double(end - start) / 1e9 }
                samples[index].append(Double(end - start) / Double(c.units))
                if timed { cpuSamples[index].append(Double(cpuEnd - cpuStart) / Double(c.units)) }
            }
        }
    }
    return zip(samples, cpuSamples).map { Measurement(samples: $0, cpuSamples: $1) }
}

/// The measured region. Never inlined, so that perf/callgrind.sh can count
/// the instructions of exactly this call (`--toggle-collect=*timedRegion*`).
@inline(never)
func timedRegion(_ run: () -> Void) {
    run()
}
