// The controlled scheduler's command line (Verification/controlled/README.md).
// Meaningful only in the controlled build, which Verification/controlled/run
// makes: `swift build --scratch-path .build/controlled -Xcc -DRACS_CONTROLLED
// -Xswiftc -DRACS_CONTROLLED`.
#if RACS_CONTROLLED
#if canImport(Glibc)
import Glibc
#endif

// A line at a time, so that a log shows each scenario as it ends.
setvbuf(stdout, nil, _IOLBF, 0)

var arguments = Array(CommandLine.arguments.dropFirst())
var names: [String] = []
var strategy = "both"
var seed: String?
var steps: Int?
var budget = ControlledRun.Budget(pct: 2_000, exhaustive: 5_000, depth: 3, baseSeed: 2_026)
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    func value() -> String {
        guard !arguments.isEmpty else { usage("\(flag) needs a value") }
        return arguments.removeFirst()
    }
    func number() -> Int {
        guard let number = Int(value()), number >= 0 else { usage("\(flag) needs a number") }
        return number
    }
    switch flag {
    case "--list":
        for scenario in allScenarios { print("\(scenario.name)\(scenario.small ? " (small)" : ""): \(scenario.checks)") }
        exit(0)
    case "--scenario": names.append(value())
    case "--strategy": strategy = value()
    case "--seed": seed = value()
    case "--steps": steps = number()
    case "--depth": budget.depth = max(number(), 1)
    case "--budget": budget.pct = number()
    case "--exhaustive": budget.exhaustive = number()
    case "--base-seed": budget.baseSeed = UInt64(number())
    case "--keep-going": ControlledRun.keepGoing = true
    case "--bug": ControlledHooks.putBack(value())
    default: usage("unknown argument \(flag)")
    }
}
ControlledTallies.prepare()
let chosen = names.isEmpty ? allScenarios : names.map { name -> Scenario in
    guard let scenario = (allScenarios + selfTestScenarios).first(where: { $0.name == name }) else {
        usage("no scenario \(name) (see --list)")
    }
    return scenario
}
if let seed {
    guard chosen.count == 1 else { usage("--seed replays one --scenario") }
    // Without --strategy, the seed says which: a number is PCT's, "-" the
    // schedule without preemption, decision:thread pairs the enumeration's.
    let replayed = strategy != "both" ? strategy : seed == "-" ? "none" : UInt64(seed) != nil ? "pct" : "dfs"
    ControlledRun.replay(chosen[0], strategy: replayed, seed: seed, steps: steps, depth: budget.depth)
    exit(0)
}
switch strategy {
case "pct": budget.exhaustive = 0
case "dfs": budget.pct = 0
case "both": break
default: usage("--strategy is pct, dfs or both")
}
for scenario in chosen { ControlledRun.explore(scenario, budget) }
if ControlledRun.failingSchedules > 0 { exit(1) }
print("controlled: every schedule passed")
#else
#if canImport(Glibc)
import Glibc
#endif
print("""
    controlled: this build has no scheduling points. Build and run it with \
    Verification/controlled/run (-Xcc -DRACS_CONTROLLED -Xswiftc -DRACS_CONTROLLED, \
    scratch path .build/controlled).
    """)
exit(2)
#endif
