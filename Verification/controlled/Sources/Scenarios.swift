#if RACS_CONTROLLED
/// Every scenario, in the order a run takes them.
let allScenarios: [Scenario] = subjectScenarios + disposalScenarios + boundScenarios + replayScenarios
    + deliveryScenarios + lendingScenarios + cacheScenarios + hotScenarios
#endif

#if RACS_CONTROLLED
/// Scenarios that must fail: they check the scheduler itself
/// (`Verification/controlled/run --known-bugs` runs them), not listed.
let selfTestScenarios: [Scenario] = [
    Scenario(name: "self-test-deadlock",
             checks: "the scheduler reports a deadlock: two threads each waiting, in timed sleeps, for the other",
             small: true) { script in
        var ready = [false, false]
        for (me, name) in ["A", "B"].enumerated() {
            script.thread(name) {
                script.point()
                while !ready[1 - me] { script.sleep(seconds: 0.5) }
                ready[me] = true
            }
        }
    },
]
#endif
