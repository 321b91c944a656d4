import SnapStyleEngine

extension IncrementalAudit {
    /// The units whose measurements can group together: equal measurements have equal subjects, and a subject
    /// belongs to one component, one accent or one named pair's kind (`declared(i)`, `convention(rule)`).
    enum Group: Hashable {
        case component(String)
        case accent(String)
        case named(AuditSubject)
    }

    /// Where a finding was first measured: its context, its unit and its place among that unit's pairs there. A
    /// whole audit lists findings in this order.
    struct Order: Comparable {
        var context: Int
        var unit: Int
        var pair: Int

        static func < (lhs: Order, rhs: Order) -> Bool {
            (lhs.context, lhs.unit, lhs.pair) < (rhs.context, rhs.unit, rhs.pair)
        }
    }

    /// One group's measurements, grouped across contexts.
    struct Part {
        /// The group's first unit (in `Structure.units`), which orders the groups' uses of a foreground.
        var first: Int
        /// The failing findings, each with where it was first measured.
        var failing: [(order: Order, finding: AuditFinding)]
        var exempt: Int
        var measured: Int
        var unmeasured: Int
        /// Every measurement of a foreground key's color.
        var uses: [FixKey: [AuditMeasurement]]
    }

    /// Each group's units (positions in `structure.units`), in order.
    static func groups(of structure: Structure) -> [Group: [Int]] {
        var groups: [Group: [Int]] = [:]
        for (index, unit) in structure.units.enumerated() {
            groups[group(of: unit, structure), default: []].append(index)
        }
        return groups
    }

    static func group(of unit: Unit, _ structure: Structure) -> Group {
        switch unit {
        case .component(let id): .component(id)
        case .accent(let accent): .accent(accent)
        case .named(let position): .named(structure.named[position].subject)
        }
    }

    /// A group's part: its units' measurements in every context, equal ones grouped as a whole audit groups them.
    static func part(units: [Int], _ structure: Structure, _ measured: [[Unit: Measured]]) -> Part {
        var part = Part(first: units.first ?? 0, failing: [], exempt: 0, measured: 0, unmeasured: 0, uses: [:])
        var groups = FindingGroups()
        var orders: [Order] = []
        for (index, context) in structure.contexts.enumerated() {
            for unit in units {
                guard let result = measured[index][structure.units[unit]] else { continue }
                part.unmeasured += result.unmeasured
                part.measured += result.pairs.count
                for (position, pair) in result.pairs.enumerated() {
                    part.uses[FixKey(pair), default: []].append(pair)
                    if groups.add(pair, in: context) {
                        orders.append(Order(context: index, unit: unit, pair: position))
                    }
                }
            }
        }
        let findings = groups.findings
        part.exempt = findings.filter { $0.measurement.requirement.ratio == nil }.count
        part.failing = zip(orders, findings).filter { !$0.1.measurement.passes }.map { ($0, $1) }
        return part
    }
}

extension ThemeAuditor {
    /// The result of an audit (passing pairs left out) from its groups' parts: what `result(of:all:memo:)` gives
    /// for the same measurements. `holders`: the groups measuring each foreground key's color.
    func result(
        of parts: [IncrementalAudit.Group: IncrementalAudit.Part],
        holders: [FixKey: Set<IncrementalAudit.Group>], contexts: [AuditContext], memo: SuggestionMemo?
    ) -> ThemeAuditResult {
        var failing: [(order: IncrementalAudit.Order, finding: AuditFinding)] = []
        var measured = 0, unmeasured = 0, exempt = 0
        for part in parts.values {
            failing += part.failing
            measured += part.measured
            unmeasured += part.unmeasured
            exempt += part.exempt
        }
        failing.sort { $0.order < $1.order }
        var findings = failing.map(\.finding)
        var fixes: [FixKey: ColorFix] = [:]
        for index in findings.indices {
            let fixKey = FixKey(findings[index].measurement)
            if fixes[fixKey] == nil {
                let uses = (holders[fixKey] ?? []).compactMap { parts[$0] }.sorted { $0.first < $1.first }
                    .flatMap { $0.uses[fixKey] ?? [] }
                fixes[fixKey] = fix(fixKey, key: findings[index].measurement.foreground, uses: uses, memo: memo)
            }
            findings[index].suggestion = fixes[fixKey]
        }
        return ThemeAuditResult(
            theme: theme, generation: session.generation, contexts: contexts, measured: measured,
            findings: findings, failing: findings.count, exempt: exempt, unmeasured: unmeasured)
    }
}
