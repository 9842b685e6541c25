#if RACS_CONTROLLED
/// Every scenario, in the order a run takes them.
let allScenarios: [Scenario] = subjectScenarios + disposalScenarios + boundScenarios + replayScenarios
#endif
