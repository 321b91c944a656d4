import SnapStyleEngine

extension ThemeAuditor {
    /// For every component, container state and element type it maps (every hierarchy), the element's foreground
    /// over what it is drawn on: the element's own composition background, the container's composition background
    /// with its overlay, the `screen` container below it (when the theme has one), the canvas. Separators are
    /// decorative and not measured. Also each container's composition border over what is below the container.
    func nativeMeasurements(in context: AuditContext) -> (pairs: [AuditMeasurement], unmeasured: Int) {
        var pairs: [AuditMeasurement] = []
        var unmeasured = 0
        let canvas = Backdrop(canvas: context.canvas)
        let hasScreen = session.containers["screen"] != nil
        var screenBackdrop = canvas
        if hasScreen,
            let screen = try? session.resolveContainer(
                context: context.styleContext(stack: [.container("screen", state: .normal)]))
        {
            screenBackdrop = canvas.adding(Self.composition(screen.composition.value))
        }
        for id in session.components.keys.sorted() {
            guard let component = session.components[id] else { continue }
            let types = ElementType.allCases.filter { type in
                type != .separator
                    && (component.key(for: .font, element: type) != nil
                        || component.key(for: .composition, element: type) != nil)
            }
            let onScreen = hasScreen && component.container != "screen"
            let below = onScreen ? screenBackdrop : canvas
            let prefix: [StyleContext.StackEntry] = onScreen ? [.container("screen", state: .normal)] : []
            for state in ContainerState.allCases {
                let styleContext = context.styleContext(
                    stack: prefix + [.component(id, state: state, hierarchy: nil)])
                guard let container = try? session.resolveContainer(context: styleContext) else { continue }
                let containerComposition = Self.composition(container.composition.value)
                if let border = borderMeasurement(
                    component: id, state: state, container: container, composition: containerComposition,
                    below: below, in: context)
                {
                    pairs.append(border)
                }
                let backdrop = below.adding(containerComposition)
                for type in types {
                    var measured: [(Hierarchy, AuditMeasurement)] = []
                    for hierarchy in Hierarchy.allCases {
                        guard
                            let element = try? session.resolveElement(
                                Element(type: type, hierarchy: hierarchy), context: styleContext)
                        else { continue }
                        let elementComposition = Self.composition(element.values[.composition]?.value)
                        guard let foreground = elementComposition?.foreground ?? containerComposition?.foreground
                        else { continue }
                        let drawnOn = backdrop.adding(elementComposition)
                        guard case .color(let color)? = foreground.value, drawnOn.measurable else {
                            if foreground.value != nil { unmeasured += 1 }
                            continue
                        }
                        var font: FontFacts?
                        if case .font(let resolved)? = element.values[.font]?.value { font = FontFacts(resolved) }
                        let role: PairRole = type == .icon || type == .accessory ? .icon : .text
                        measured.append(
                            (
                                hierarchy,
                                AuditMeasurement(
                                    subject: .element(component: id, type: type, hierarchies: [], state: state),
                                    role: role, foreground: key(.surface, foreground.key, in: context),
                                    foregroundColor: color,
                                    background: backgroundKey(drawnOn, in: context), backgroundLayers: drawnOn.keys,
                                    backgrounds: drawnOn.colors, font: font,
                                    requirement: requirement(role, font: font, disabled: state == .disabled),
                                    apca: options.apca)
                            ))
                    }
                    pairs += Self.collapsed(measured, component: id, type: type, state: state)
                }
            }
        }
        return (pairs, unmeasured)
    }

    /// One measurement for an element when every hierarchy measures the same, else one per group of hierarchies
    /// that measure alike.
    static func collapsed(
        _ measured: [(Hierarchy, AuditMeasurement)], component: String, type: ElementType, state: ContainerState
    ) -> [AuditMeasurement] {
        var groups: [(hierarchies: [Hierarchy], measurement: AuditMeasurement)] = []
        for (hierarchy, measurement) in measured {
            if let index = groups.firstIndex(where: { $0.measurement == measurement }) {
                groups[index].hierarchies.append(hierarchy)
            } else {
                groups.append(([hierarchy], measurement))
            }
        }
        if groups.count == 1, groups[0].hierarchies.count == Hierarchy.allCases.count { return [groups[0].measurement] }
        return groups.map { hierarchies, measurement in
            var measurement = measurement
            measurement.subject = .element(component: component, type: type, hierarchies: hierarchies, state: state)
            return measurement
        }
    }

    /// A container's composition border, when it has a width above zero, over what is below the container.
    func borderMeasurement(
        component: String, state: ContainerState, container: ContainerResolution,
        composition: ResolvedComposition?, below: Backdrop, in context: AuditContext
    ) -> AuditMeasurement? {
        guard let border = composition?.border, case .color(let color)? = border.value, below.measurable,
            case .number(let width)? = container.border.value, width.value > 0
        else { return nil }
        return AuditMeasurement(
            subject: .border(component: component, state: state), role: .border,
            foreground: key(.surface, border.key, in: context), foregroundColor: color,
            background: backgroundKey(below, in: context),
            backgroundLayers: below.keys, backgrounds: below.colors, font: nil,
            requirement: requirement(.border, font: nil, disabled: state == .disabled), apca: options.apca)
    }

    static func composition(_ value: ResolvedValue?) -> ResolvedComposition? {
        guard case .composition(let composition)? = value else { return nil }
        return composition
    }
}
