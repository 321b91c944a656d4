extension ThemeAuditor {
    /// Every pair measured in each of `contexts` (passing or not), as `diff` compares two versions of a theme.
    /// `native`: the components', borders' and accents' pairs; the declared and conventionally named pairs always.
    public func measurements(in contexts: [AuditContext], native: Bool = true)
        -> [(context: AuditContext, pairs: [AuditMeasurement])]
    {
        let named = namedPairs()
        return contexts.map { context in
            guard native else { return (context, namedMeasurements(in: context, named: named).pairs) }
            return (context, measurements(in: context, named: named).pairs)
        }
    }
}
