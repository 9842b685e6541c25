// Fails unless every public symbol in the symbol graphs of a directory has
// a doc comment. `swift docs/doc-coverage.swift DIR` (docs/build-docs.sh
// runs it). Symbols the compiler synthesizes from other modules' protocol
// extensions (`::SYNTHESIZED::`) are not ours to document.
import Foundation

let directory = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? ".")
let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
    .filter { $0.pathExtension == "json" }
var total = 0
var undocumented: [String] = []
for file in files {
    let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
    for symbol in graph["symbols"] as! [[String: Any]] {
        let access = symbol["accessLevel"] as? String
        let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
        guard access == "public" || access == "open", !id.contains("::SYNTHESIZED::") else { continue }
        total += 1
        if symbol["docComment"] == nil {
            let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
            undocumented.append("\(path) (\(file.lastPathComponent))")
        }
    }
}
print("public symbols: \(total), documented: \(total - undocumented.count)")
for name in undocumented.sorted() { print("  undocumented: \(name)") }
exit(undocumented.isEmpty && total > 0 ? 0 : 1)
