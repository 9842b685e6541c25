// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RACSwift",
    // On Apple platforms: operators over tuples of any size (`reduceEach`)
    // use parameter packs, whose runtime support arrived in these releases.
    // (Some tests and the soak also use the Synchronization module,
    // macOS 15 and its peers; they say so with @available.)
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "RACSwift", targets: ["RACSwift"]),
        .executable(name: "bench", targets: ["bench"]),
        .executable(name: "soak", targets: ["soak"]),
        .executable(name: "example", targets: ["example"]),
    ],
    targets: [
        // C11 <stdatomic.h> shims (the replacement for OSAtomic*) and the
        // schedulers' thread-local state.
        .target(name: "CShims", path: "CShims"),
        // Built in Swift 6 language mode: its data-race checks are errors.
        .target(name: "RACSwift", dependencies: ["CShims"], swiftSettings: [.swiftLanguageMode(.v6)]),
        // The benchmark imports RACSwift as any user's module would, with no
        // special compiler flags: hot paths rely on @inlinable.
        .executableTarget(name: "bench", dependencies: ["RACSwift"], path: "Benchmarks/bench"),
        // Every contract point under load at once, streams checked (and the
        // floods of points 9 and 10): `swift run -c release soak`.
        .executableTarget(name: "soak", dependencies: ["RACSwift", "RACSwiftTestSupport"], path: "Benchmarks/soak"),
        // A RAC 2.5 search screen ported to a command line: `swift run example`.
        .executableTarget(name: "example", dependencies: ["RACSwift"], path: "Examples/SearchScreen"),
        // The main thread scheduler in programs that run the main queue with
        // dispatchMain() and with an async main (and in one that does not):
        // child processes that CI runs and checks.
        .executableTarget(name: "mainqueue-dispatch", dependencies: ["RACSwift"],
                          path: "Checks/MainQueueDispatchMain"),
        .executableTarget(name: "mainqueue-async", dependencies: ["RACSwift"],
                          path: "Checks/MainQueueAsyncMain"),
        // Top-level code with `await`, in Swift 6 mode: the async reads and a
        // main-actor subscriber (docs/Porting.md, "Swift 6").
        .executableTarget(name: "mainactor-toplevel", dependencies: ["RACSwift"],
                          path: "Checks/TopLevelAsyncMain", swiftSettings: [.swiftLanguageMode(.v6)]),
        // A blocking read misused in a release build, which must stop with
        // its message on the standard error: a child process CI checks.
        .executableTarget(name: "misuse-stop", dependencies: ["RACSwift"], path: "Checks/MisuseStop"),
        // The controlled scheduler over the real code (Verification/controlled):
        // meaningful only in the build Verification/controlled/run makes
        // (-DRACS_CONTROLLED, its own scratch path); otherwise it says so.
        .executableTarget(name: "controlled", dependencies: ["RACSwift", "CShims"],
                          path: "Verification/controlled/Sources"),
        // What the Swift 5 test targets and the soak share.
        .target(name: "RACSwiftTestSupport", path: "Tests/RACSwiftTestSupport"),
        .testTarget(name: "RACSwiftTests", dependencies: ["RACSwift", "RACSwiftTestSupport"]),
        .testTarget(name: "RACSwiftStressTests", dependencies: ["RACSwift", "RACSwiftTestSupport"]),
        // The patterns a Swift 6 user writes, in Swift 6 language mode.
        .testTarget(name: "RACSwiftSwift6Tests", dependencies: ["RACSwift"],
                    swiftSettings: [.swiftLanguageMode(.v6)]),
    ],
    // Targets are Swift 5 language mode unless they say otherwise: the tests
    // above are what a Swift 5 user porting RAC code writes.
    swiftLanguageModes: [.v5]
)
