import Glibc

/// `--filter PATTERN`: which cases a run measures.
///
/// Without a wildcard the pattern names a workload id or a case id exactly
/// (ignoring case): `W1` is W1's rows and not W10's to W14's, and
/// `raw fan-out N=1` is that row and not N=10's. With `*` (or `?`) it is a
/// shell-style pattern over case ids: `W1*` is every workload whose id
/// starts with W1, `*deliverOn*` every case that mentions deliverOn.
struct CaseFilter {
    let pattern: String

    /// Whether `pattern` has a wildcard, so it is matched as a glob.
    var isGlob: Bool { pattern.contains("*") || pattern.contains("?") }

    func selects(_ c: Case) -> Bool {
        let wanted = pattern.lowercased()
        guard isGlob else { return c.workload.lowercased() == wanted || c.id.lowercased() == wanted }
        // fnmatch's case folding is a GNU extension Swift's Glibc does not
        // declare: fold both sides instead.
        return fnmatch(wanted, c.id.lowercased(), 0) == 0
    }
}
