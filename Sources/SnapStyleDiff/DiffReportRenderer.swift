import SnapStyleEngine

/// What one format writes for each part of a diff report. `DiffReport.render(_:)` walks the report once, in the
/// same order for every format: the summary, then per theme its errors, definitions, values, blast radius and
/// contrast; a renderer only says how each part looks.
protocol DiffReportRenderer {
    /// The text written so far.
    var output: String { get }
    /// Whether a theme gets a section of its own (a pull-request comment leaves out unchanged themes).
    func includes(_ theme: ThemeDiff) -> Bool
    mutating func start(_ report: DiffReport)
    mutating func startTheme(_ theme: ThemeDiff)
    mutating func errors(_ errors: [SideError])
    mutating func keys(_ changes: [KeyChange])
    mutating func startValues()
    /// One group of contexts of a changed value; `index` 0 is the value's first row.
    mutating func value(_ value: ValueChange, group: ChangeGroup, index: Int, contexts: String)
    mutating func blastRadius(components: [ElementImpact], containers: [ContainerImpact], cssVariables: [String])
    mutating func startContrast()
    mutating func contrast(_ regression: ContrastRegression, contexts: String)
    /// Closes the table or list the last `start…` opened.
    mutating func endPart()
    mutating func endTheme(_ theme: ThemeDiff)
    mutating func end()
}

extension DiffReport {
    /// The report as `renderer` writes it.
    func render<Renderer: DiffReportRenderer>(_ renderer: Renderer) -> String {
        var renderer = renderer
        renderer.start(self)
        for theme in themes where renderer.includes(theme) {
            renderer.startTheme(theme)
            if !theme.errors.isEmpty { renderer.errors(theme.errors) }
            if !theme.keys.isEmpty { renderer.keys(theme.keys) }
            if !theme.values.isEmpty {
                renderer.startValues()
                for value in theme.values {
                    let compared = theme.contexts(for: value.attribute)
                    for (index, group) in value.groups.enumerated() {
                        renderer.value(
                            value, group: group, index: index,
                            contexts: DiffValue.contexts(group.contexts, of: compared))
                    }
                }
                renderer.endPart()
            }
            if !theme.components.isEmpty || !theme.containers.isEmpty || !theme.cssVariables.isEmpty {
                renderer.blastRadius(
                    components: theme.components, containers: theme.containers, cssVariables: theme.cssVariables)
            }
            if !theme.contrast.isEmpty {
                renderer.startContrast()
                for regression in theme.contrast {
                    renderer.contrast(regression, contexts: DiffValue.contexts(regression.contexts, of: theme.contexts))
                }
                renderer.endPart()
            }
            renderer.endTheme(theme)
        }
        renderer.end()
        return renderer.output
    }

    /// Why a value changed: `its definition`, then each upstream key, with `code` around keys.
    static func reasons(_ value: ValueChange, code: (String) -> String) -> String {
        ((value.ownDefinition ? ["its definition"] : []) + value.upstream.map { code(DiffValue.node($0)) })
            .joined(separator: ", ")
    }

    /// `component element (attributes): states` of the blast radius, with `code` around names.
    static func impactLine(_ impact: ElementImpact, code: (String) -> String) -> String {
        "component \(code(impact.component)) \(code(DiffValue.element(impact))) "
            + "(\(impact.attributes.map(\.rawValue).joined(separator: ", "))): "
            + impact.states.map(\.rawValue).joined(separator: ", ")
    }

    /// `container name: states` of the blast radius.
    static func impactLine(_ impact: ContainerImpact, code: (String) -> String) -> String {
        "container \(code(impact.container)): " + impact.states.map(\.rawValue).joined(separator: ", ")
    }
}
