extension ThemeAuditor {
    /// Every pair measured in each of `contexts` (passing or not), as `diff` compares two versions of a theme.
    public func measurements(in contexts: [AuditContext]) -> [(context: AuditContext, pairs: [AuditMeasurement])] {
        let named = namedPairs()
        return contexts.map { ($0, measurements(in: $0, named: named).pairs) }
    }
}
