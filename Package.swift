// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "RACSwift",
    products: [
        .library(name: "RACSwift", targets: ["RACSwift"]),
        .executable(name: "bench", targets: ["bench"]),
        .executable(name: "soak", targets: ["soak"]),
    ],
    targets: [
        // C11 <stdatomic.h> shims (the replacement for OSAtomic*) and the
        // schedulers' thread-local state.
        .target(name: "CShims", path: "CShims"),
        .target(name: "RACSwift", dependencies: ["CShims"]),
        // The benchmark imports RACSwift as any user's module would, with no
        // special compiler flags: hot paths rely on @inlinable.
        .executableTarget(name: "bench", dependencies: ["RACSwift"], path: "Benchmarks/bench"),
        // Every contract point under load at once, streams checked (and the
        // floods of points 9 and 10): `swift run -c release soak`.
        .executableTarget(name: "soak", dependencies: ["RACSwift"], path: "Benchmarks/soak"),
        .testTarget(name: "RACSwiftTests", dependencies: ["RACSwift"]),
        .testTarget(name: "RACSwiftStressTests", dependencies: ["RACSwift"]),
    ]
)
