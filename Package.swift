// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "RACSwift",
    products: [
        .library(name: "RACSwift", targets: ["RACSwift"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    targets: [
        // C11 <stdatomic.h> shims (the replacement for OSAtomic*) and the
        // schedulers' thread-local state.
        .target(name: "CShims", path: "CShims"),
        .target(name: "RACSwift", dependencies: ["CShims"]),
        // The benchmark imports RACSwift as any user's module would, with no
        // special compiler flags: hot paths rely on @inlinable.
        .executableTarget(name: "bench", dependencies: ["RACSwift"], path: "Benchmarks/bench"),
        .testTarget(name: "RACSwiftTests", dependencies: ["RACSwift"]),
        .testTarget(name: "RACSwiftStressTests", dependencies: ["RACSwift"]),
    ]
)
