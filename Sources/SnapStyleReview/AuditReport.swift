import SnapStyleEngine

/// A pair as the report shows it: one measurement and every context where it measured exactly so.
public struct AuditFinding: Sendable, Hashable {
    public var measurement: AuditMeasurement
    public var contexts: [AuditContext]
    /// For a failing pair: the nearest color for its foreground that passes wherever that key shows that color.
    public var suggestion: ColorFix?
}

/// A replacement for a foreground color: same OKLCH hue and chroma, the nearest lightness that passes every
/// pair (in every context) where the key resolves to `from`; `to` is nil when no lightness does.
public struct ColorFix: Sendable, Hashable {
    public var key: AuditKey
    public var from: RGBA
    public var to: RGBA?
    /// How many measured pairs (pair × context) the fix was checked against.
    public var checked: Int
}

/// The audit of one theme.
public struct ThemeAuditResult: Sendable {
    public var theme: String
    /// The generation of the theme measured.
    public var generation: Int
    public var contexts: [AuditContext]
    /// Pair × context measurements.
    public var measured: Int
    /// Findings failing, and (when asked for) the others.
    public var findings: [AuditFinding]
    public var failing: Int
    public var exempt: Int
    public var unmeasured: Int
}

/// What `snapstyle audit` reports.
public struct AuditReport: Sendable {
    public var options: AuditOptions
    public var themes: [ThemeAuditResult]
    /// Themes that could not be audited and declared pairs that could not be read.
    public var problems: [String]

    public init(options: AuditOptions, themes: [ThemeAuditResult], problems: [String]) {
        self.options = options
        self.themes = themes
        self.problems = problems
    }

    /// Whether any pair fails.
    public var failed: Bool { themes.contains { $0.failing > 0 } }

    /// `WCAG 2.2 AA` or `WCAG 2.2 AA and APCA bronze`.
    public var standard: String { "WCAG 2.2 \(options.level.rawValue)" + (options.apca ? " and APCA bronze" : "") }

    /// Said wherever APCA figures are shown (`--apca`): the terms its author licenses it under.
    public static let apcaNotice =
        "APCA (base algorithm 0.0.98G-4g) is licensed by its author for predicting the contrast of web content "
        + "in support of WCAG only; other uses need a license from Myndex Research (docs/review.md, \"APCA's license\")."
}

extension ThemeAuditor {
    /// Measures every pair in every context, groups equal measurements across contexts, and suggests a color for
    /// each failing foreground. `all`: keep the passing and exempt pairs among the findings too. `only`: measure in
    /// these contexts instead of the theme's whole context space (suggestions then pass there only).
    /// `memo` keeps suggestions from one run to the next (a language server's audit after each edit).
    public func run(all: Bool = false, only: [AuditContext]? = nil, memo: SuggestionMemo? = nil) -> ThemeAuditResult {
        let named = namedPairs()
        let measured = (only ?? contexts).map { context in
            let (pairs, unmeasured) = measurements(in: context, named: named)
            return ContextMeasurements(context: context, pairs: pairs, unmeasured: unmeasured)
        }
        return result(of: measured, all: all, memo: memo)
    }

    /// The pairs measured in one context, and how many could not be.
    struct ContextMeasurements {
        var context: AuditContext
        var pairs: [AuditMeasurement]
        var unmeasured: Int
    }

    /// The result of an audit from its measurements: equal ones grouped across contexts, a suggestion for each
    /// failing foreground.
    func result(of measurements: [ContextMeasurements], all: Bool, memo: SuggestionMemo?) -> ThemeAuditResult {
        let contexts = measurements.map(\.context)
        var groups = FindingGroups()
        var measured = 0, unmeasured = 0
        // Every measurement of a foreground key's color, for the suggestion that must pass them all.
        var uses: [FixKey: [AuditMeasurement]] = [:]
        for entry in measurements {
            let (context, pairs, missed) = (entry.context, entry.pairs, entry.unmeasured)
            unmeasured += missed
            measured += pairs.count
            for pair in pairs {
                uses[FixKey(pair), default: []].append(pair)
                groups.add(pair, in: context)
            }
        }
        var findings = groups.findings
        var fixes: [FixKey: ColorFix] = [:]
        for index in findings.indices where !findings[index].measurement.passes {
            let fixKey = FixKey(findings[index].measurement)
            if fixes[fixKey] == nil {
                fixes[fixKey] = fix(
                    fixKey, key: findings[index].measurement.foreground, uses: uses[fixKey] ?? [], memo: memo)
            }
            findings[index].suggestion = fixes[fixKey]
        }
        let failing = findings.filter { !$0.measurement.passes }.count
        let exempt = findings.filter { $0.measurement.requirement.ratio == nil }.count
        return ThemeAuditResult(
            theme: theme, generation: session.generation, contexts: contexts, measured: measured,
            findings: all ? findings : findings.filter { !$0.measurement.passes }, failing: failing, exempt: exempt,
            unmeasured: unmeasured)
    }
}

extension ThemeAuditor {
    /// The nearest color for a failing foreground color that passes every one of its `uses`.
    func fix(_ fixKey: FixKey, key: AuditKey, uses: [AuditMeasurement], memo: SuggestionMemo?) -> ColorFix {
        // A color passes a use by its backgrounds and requirement alone: each distinct one is checked once.
        let distinct = SuggestionMemo.Uses(color: fixKey.color, apca: options.apca, uses: uses)
        let to: RGBA?
        if let known = memo?.fixes[distinct] {
            to = known
        } else {
            to = ColorSuggestion.nearest(to: fixKey.color) { candidate in
                distinct.uses.allSatisfy { $0.passes(with: candidate, apca: options.apca) }
            }
            memo?.fixes[distinct] = to
        }
        return ColorFix(key: key, from: fixKey.color, to: to, checked: uses.count)
    }
}

/// A foreground key with one of the colors it resolves to.
struct FixKey: Hashable {
    var attribute: Attribute
    var key: String
    var member: String?
    var color: RGBA

    init(_ measurement: AuditMeasurement) {
        attribute = measurement.foreground.attribute
        key = measurement.foreground.key
        member = measurement.foreground.member
        color = measurement.foregroundColor
    }
}

/// Suggestions already searched, by the color and the distinct uses they must pass: a run that finds the same
/// failing color used the same way reuses them. Used from one thread at a time.
public final class SuggestionMemo: @unchecked Sendable {
    /// A foreground color, and the distinct backgrounds and requirements it must pass, in a stable order.
    struct Uses: Hashable {
        var color: RGBA
        var apca: Bool
        var uses: [Use]

        init(color: RGBA, apca: Bool, uses measurements: [AuditMeasurement]) {
            self.color = color
            self.apca = apca
            var seen = Set<Use>()
            uses = []
            for measurement in measurements {
                let use = Use(backgrounds: measurement.backgrounds, requirement: measurement.requirement)
                if seen.insert(use).inserted { uses.append(use) }
            }
        }
    }

    /// What a candidate color must pass: every background it may be drawn on, against one requirement.
    struct Use: Hashable {
        var backgrounds: [RGBA]
        var requirement: ContrastRequirement

        func passes(with color: RGBA, apca: Bool) -> Bool {
            backgrounds.allSatisfy { background in
                let drawn = color.composited(over: background)
                return requirement.isMet(
                    ratio: WCAGContrast.ratio(drawn, background),
                    lightnessContrast: APCAContrast.lightnessContrast(text: drawn, background: background), apca: apca)
            }
        }
    }

    var fixes: [Uses: RGBA?] = [:]

    public init() {}

    /// How many suggestions it holds.
    public var count: Int { fixes.count }
}
