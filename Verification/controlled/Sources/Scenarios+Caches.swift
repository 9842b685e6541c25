#if RACS_CONTROLLED
import CShims

/// The C shim's two per-thread caches, over their own entry points: the
/// pending nodes' cache (CShims/include/RACNodeCache.h, its reclamation
/// argument's points 1, 2 and 4) and the live-subscription tallies
/// (CShims/include/RACLiveCounts.h, "Why the sum is exact"). Their atomics
/// are scheduling points like the serializer's; every other scenario runs
/// them too, under the serializer and the subscriptions, and checks after
/// each schedule that every home and node came back and no tally was left
/// claimed or added (Runner.swift, Tallies.swift). These check them alone,
/// with exact counts at every step.
let cacheScenarios: [Scenario] = [
    Scenario(name: "node-cache-give-back",
             checks: "node cache: each of two threads takes 3 nodes and hands each to the other, which gives it "
                 + "back to its home, also after that home's thread exited; a node is in one place at a time, a "
                 + "take makes a node only when its free list and home stack are empty, else reuses one given back; "
                 + "at every step every node a running thread's home made is in exactly one place (free list, "
                 + "home stack, handed over, being given back); every home and node freed once",
             small: true) { script in
        NodeCacheExchange(script, rounds: 3).run()
    },
    Scenario(name: "live-tallies",
             checks: "live count: A begins 2 subscriptions and ends 1, B ends A's other one and begins and ends its "
                 + "own, each on its tally, each giving it back as it exits (B may claim A's); R counts meanwhile "
                 + "(within what each thread's tally could hold while it read), B once both are done (exact); one "
                 + "writer per tally",
             small: true) { script in
        LiveTallies(script).run()
    },
]

/// Two threads, each taking nodes from its cache and handing them to the
/// other, which gives them back to their home, as a serializer's owner
/// gives back the nodes its senders filled.
final class NodeCacheExchange {
    let script: Script
    let rounds: Int
    /// The size asked for (the header and one word: a class-0 node, 64
    /// bytes, alignment 8): the element is the stamp the taker writes and
    /// the giver checks.
    static let size = Int(RACS_NODE_HEADER_SIZE) + 8
    static let names = ["A", "B"]

    /// Each thread's home, once it has one (its first take).
    private var homes: [OpaquePointer?] = [nil, nil]
    /// Every node each thread's home made (reused ones are among them).
    private var made: [Set<Int>] = [[], []]
    /// Inside a give-back call: node → its home's thread.
    private var giving: [Int: Int] = [:]
    /// Handed over, to be given back by the other thread: node → stamp.
    private var mailbox: [[Int: Int]] = [[:], [:]]
    private var posted = [0, 0]
    /// Inside `racs_node_take`: its home's count may lead its places by the
    /// node being made.
    private var taking = [false, false]
    /// Its teardown has begun: its home is no longer counted (it may be
    /// freed by the other thread).
    private var exiting = [false, false]

    init(_ script: Script, rounds: Int) {
        self.script = script
        self.rounds = rounds
    }

    func run() {
        script.cover("a take reused a node given back") { [unowned self] in reused }
        script.cover("a node given back to a home whose thread exited") { [unowned self] in toExited }
        script.cover("a home freed by the other thread") { [unowned self] in homeFreedByOther }
        script.scheduler.observers.append { [unowned self] in censusEverywhere() }
        for me in 0..<2 {
            script.thread(Self.names[me]) { [self] in
                for round in 1...rounds {
                    take(me, stamp: me * 100 + round)
                    giveBackMailbox(me)
                }
                // The other's last nodes, then the exit, with some of this
                // thread's nodes perhaps still with the other.
                script.waitUntil { posted[1 - me] == rounds }
                giveBackMailbox(me)
                exiting[me] = true
                racs_node_controlled_thread_exit()
            }
        }
        script.atEnd { [self] in
            script.expect(giving.isEmpty && mailbox.allSatisfy(\.isEmpty),
                          "nodes left over: giving \(giving.count), in the mailboxes \(mailbox.map(\.count))")
            script.expect(posted == [rounds, rounds], "posted \(posted)")
        }
    }

    /// A node in two places, or one lost: the nodes cannot be trusted any
    /// more (the run would go on to free one twice), so the run stops here,
    /// with the schedule's report and its replay line.
    private func stop(_ message: String) -> Never {
        script.scheduler.fail(message)
    }

    private var reused = false
    private var toExited = false
    private var homeFreedByOther = false

    private func take(_ me: Int, stamp: Int) {
        let before = homes[me].map { racs_node_controlled_census($0, 0).made } ?? 0
        taking[me] = true
        let node = Int(bitPattern: racs_node_take(Self.size, 8))
        taking[me] = false
        if homes[me] == nil { homes[me] = racs_node_controlled_home() }
        guard let home = homes[me] else { stop("\(Self.names[me]) has no home after a take") }
        let after = racs_node_controlled_census(home, 0).made
        let name = Self.names[me]
        if let owner = giving[node] ?? mailbox.firstIndex(where: { $0[node] != nil }).map({ 1 - $0 }) {
            stop("\(name) took a node still in flight (its home \(Self.names[owner])'s)")
        }
        // (Read plainly: `racs_node_origin` is a scheduling point, and the
        // node is in no place the census counts until it is handed over.)
        if UnsafeMutablePointer<Int>(bitPattern: node)![3] != Int(bitPattern: UnsafeRawPointer(home)) {
            stop("\(name) took a node whose origin is not its home with class 0")
        }
        if after == before + 1 {
            // Made: its free list and its home stack were empty.
            if made[me].contains(node) { stop("\(name) counted a node it had made as new") }
            made[me].insert(node)
            if after > rounds { stop("\(name) made \(after) nodes for \(rounds) takes") }
        } else if after == before {
            // Reused: one of its own, given back.
            if !made[me].contains(node) { stop("\(name) reused a node its home never made") }
            reused = true
        } else {
            stop("\(name)'s home made \(after - before) nodes in one take")
        }
        UnsafeMutablePointer<Int>(bitPattern: node)![Int(RACS_NODE_HEADER_SIZE) / 8] = stamp
        // Handed over: a step, as a serializer's push is.
        mailbox[1 - me][node] = stamp
        posted[me] += 1
        script.point()
    }

    /// Gives back, one at a time, what the other thread handed over.
    private func giveBackMailbox(_ me: Int) {
        while let (node, stamp) = mailbox[me].first {
            mailbox[me][node] = nil
            let word = UnsafeMutablePointer<Int>(bitPattern: node)![Int(RACS_NODE_HEADER_SIZE) / 8]
            if word != stamp {
                stop("\(Self.names[me]) got a node stamped \(word), not \(stamp): reused while in flight")
            }
            let owner = 1 - me
            giving[node] = owner
            if exiting[owner] { toExited = true }
            let homesBefore = racs_node_controlled_live_homes()
            let origin = racs_node_origin(node)
            racs_node_give_back_run(origin, node, node, 1)
            if racs_node_controlled_live_homes() < homesBefore { homeFreedByOther = true }
            giving[node] = nil
        }
    }

    /// At every scheduling point, each live home: one reference for its
    /// thread and one per node made, and every node it made in exactly one
    /// place (its free list, its home stack, handed over, being given
    /// back; between a take and its hand-over there is no point), none
    /// twice, none lost, no other.
    private func censusEverywhere() {
        for me in 0..<2 {
            guard let home = homes[me], !exiting[me], !taking[me] else { continue }
            let census = racs_node_controlled_census(home, 0)
            let name = Self.names[me]
            var places = Array(giving.filter { $0.value == me }.keys) + Array(mailbox[1 - me].keys)
            places += Self.walk(census.free_first, limit: census.made + 1)
            places += Self.walk(census.returned_top, limit: census.made + 1)
            if census.exited { stop("\(name)'s home stack is marked exited while \(name) runs") }
            if census.references != 1 + census.made {
                stop("\(name)'s home holds \(census.references) references, not 1 + \(census.made) made")
            }
            if places.count != census.made || Set(places) != made[me] {
                let twice = Set(places.filter { node in places.filter { $0 == node }.count > 1 }).count
                let lost = made[me].subtracting(places).count
                let foreign = Set(places).subtracting(made[me]).count
                stop("\(name)'s home made \(census.made) nodes, but its places hold \(places.count): "
                    + "\(twice) twice, \(lost) lost, \(foreign) not its own")
            }
        }
    }

    /// The nodes linked through word 1 from `first`, at most `limit`.
    private static func walk(_ first: Int, limit: Int) -> [Int] {
        var nodes: [Int] = []
        var node = first
        while node != 0 && nodes.count < limit {
            nodes.append(node)
            node = UnsafeMutablePointer<Int>(bitPattern: node)![1]
        }
        return nodes
    }
}

/// Three threads on the live count: two that begin and end subscriptions
/// (one begun on A ends on B) and give their tallies back as they exit,
/// one that counts meanwhile; B counts again once both are done.
final class LiveTallies {
    let script: Script
    static let names = ["A", "B", "R"]
    /// The count before the threads ran (the harness's and earlier
    /// schedules' leftovers: the sum is exact between schedules).
    private var base = 0
    /// Each counting thread's net: began minus ended, as it returned.
    private var net = [0, 0]
    private var tallies: [OpaquePointer?] = [nil, nil]
    private var gaveBack = [false, false]
    private var handed = false
    private var done = [false, false]
    /// While R counts: each thread's lowest and highest net.
    private var reading = false
    private var low = [0, 0]
    private var high = [0, 0]
    private var firstAdd = [false, false]
    private var changedWhileRead = false
    private var claimsOverlapped = false

    init(_ script: Script) {
        self.script = script
    }

    func run() {
        base = racs_live_subscription_count()
        script.cover("B continued the tally A gave back") { [unowned self] in
            tallies[1] != nil && tallies[1] == tallies[0]
        }
        script.cover("two claims under way at once") { [unowned self] in claimsOverlapped }
        script.cover("a tally changed while R counted") { [unowned self] in changedWhileRead }
        script.scheduler.observers.append { [unowned self] in
            if firstAdd[0] && firstAdd[1] { claimsOverlapped = true }
            guard reading else { return }
            for t in 0..<2 {
                if net[t] < low[t] || net[t] > high[t] { changedWhileRead = true }
                low[t] = min(low[t], net[t])
                high[t] = max(high[t], net[t])
            }
        }
        script.thread("A") { [self] in
            add(0, 1)
            add(0, 1)
            // The second subscription ends on B.
            handed = true
            script.point()
            add(0, -1)
            leave(0)
        }
        script.thread("B") { [self] in
            add(1, 1)
            script.waitUntil { handed }
            add(1, -1)
            add(1, -1)
            // Once A is done too (and B has synchronized with it), the sum
            // is exact. (B, not R, waits: two threads spinning at once
            // would starve a third under PCT.)
            script.waitUntil { done[0] }
            let after = racs_live_subscription_count()
            if after != base {
                script.failHere("B counted \(after) once A and B were done, not \(base): their nets \(net)")
            }
            leave(1)
        }
        script.thread("R") { [self] in
            low = net
            high = net
            reading = true
            let during = racs_live_subscription_count()
            reading = false
            let least = base + low.reduce(0, +)
            let most = base + high.reduce(0, +)
            if during < least || during > most {
                script.failHere("R counted \(during) while A and B ran, outside \(least)...\(most) "
                    + "(the base \(base) plus each thread's lowest and highest net meanwhile)")
            }
        }
        script.atEnd { [self] in
            script.expect(net == [1, -1], "nets \(net), not [1, -1]")
            let count = racs_live_subscription_count()
            script.expect(count == base, "the count is \(count) at the end, not \(base)")
        }
    }

    private func add(_ me: Int, _ delta: Int) {
        let first = tallies[me] == nil
        firstAdd[me] = first
        racs_live_subscriptions_add(delta)
        net[me] += delta
        firstAdd[me] = false
        guard first else { return }
        tallies[me] = racs_live_controlled_tally()
        let other = 1 - me
        if tallies[me] == nil {
            script.failHere("\(Self.names[me]) has no tally after its first subscription")
        } else if tallies[other] == tallies[me] && !gaveBack[other] {
            script.failHere("\(Self.names[me]) claimed the tally \(Self.names[other]) still holds")
        }
    }

    private func leave(_ me: Int) {
        done[me] = true
        racs_live_controlled_thread_exit()
        gaveBack[me] = true
    }
}
#endif
