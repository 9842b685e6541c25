import Foundation

/// Where and when a run happened, for the JSON records.
struct RunInfo {
    let gitCommit: String
    let date: String
    let toolchain: String

    static func current() -> RunInfo {
        RunInfo(
            gitCommit: firstLine(of: ["git", "rev-parse", "--short", "HEAD"]) ?? "unknown",
            date: ISO8601DateFormatter().string(from: Date()),
            toolchain: firstLine(of: ["swift", "--version"]) ?? "unknown")
    }

    /// The first line a command prints, or nil if it cannot run or fails.
    private static func firstLine(of command: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
            .split(separator: "\n").first.map(String.init)
    }
}
