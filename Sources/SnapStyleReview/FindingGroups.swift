/// Measurements grouped across contexts as an audit reports them: equal ones (the font aside, which only decided the
/// requirement) are one finding that lists every context it was measured in, in the order they were first measured.
struct FindingGroups {
    private(set) var findings: [AuditFinding] = []
    private var positions: [AuditMeasurement: Int] = [:]

    /// Adds a measurement made in `context`; true when it starts a finding of its own.
    @discardableResult
    mutating func add(_ pair: AuditMeasurement, in context: AuditContext) -> Bool {
        var shown = pair
        shown.font = nil
        if let found = positions[shown] {
            findings[found].contexts.append(context)
            return false
        }
        positions[shown] = findings.count
        findings.append(AuditFinding(measurement: pair, contexts: [context]))
        return true
    }
}
