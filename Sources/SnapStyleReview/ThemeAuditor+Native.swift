import SnapStyleEngine

extension ThemeAuditor {
    /// For every component, container state and element type it maps (every hierarchy), the element's foreground
    /// over what it is drawn on: the element's own composition background, the container's composition background
    /// with its overlay, the `screen` container below it (when the theme has one), the canvas. Separators are
    /// decorative and not measured. Also each container's composition border over what is below the container.
    func nativeMeasurements(in context: AuditContext) -> (pairs: [AuditMeasurement], unmeasured: Int) {
        var pairs: [AuditMeasurement] = []
        var unmeasured = 0
        let screen = screenBackdrop(in: context)
        for id in session.components.keys.sorted() {
            let measured = componentMeasurements(id, in: context, screen: screen)
            pairs += measured.pairs
            unmeasured += measured.unmeasured
        }
        return (pairs, unmeasured)
    }

    /// What a component on the `screen` container is drawn over: the canvas with the screen's composition; nil when
    /// the theme has no `screen` container.
    func screenBackdrop(in context: AuditContext) -> Backdrop? {
        guard session.containers["screen"] != nil else { return nil }
        let canvas = Backdrop(canvas: context.canvas)
        guard
            let screen = try? session.resolveContainer(
                context: context.styleContext(stack: [.container("screen", state: .normal)]))
        else { return canvas }
        return canvas.adding(Self.composition(screen.composition.value))
    }

    /// One component's pairs in one context: for every container state and element type it maps (every
    /// hierarchy), the element's foreground over what it is drawn on, and its container's border. `screen`: what
    /// `screenBackdrop(in:)` gave for this context.
    func componentMeasurements(_ id: String, in context: AuditContext, screen: Backdrop?) -> (
        pairs: [AuditMeasurement], unmeasured: Int
    ) {
        var pairs: [AuditMeasurement] = []
        var unmeasured = 0
        guard let component = session.components[id] else { return ([], 0) }
        let types = ElementType.allCases.filter { type in
            type != .separator
                && (component.key(for: .font, element: type) != nil
                    || component.key(for: .composition, element: type) != nil)
        }
        let onScreen = screen != nil && component.container != "screen"
        let below = onScreen ? (screen ?? Backdrop(canvas: context.canvas)) : Backdrop(canvas: context.canvas)
        let prefix: [StyleContext.StackEntry] = onScreen ? [.container("screen", state: .normal)] : []
        for state in ContainerState.allCases {
            let styleContext = context.styleContext(stack: prefix + [.component(id, state: state, hierarchy: nil)])
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
        return (pairs, unmeasured)
    }

    /// The keys a component's pairs read directly: what it maps its elements to, its container's keys, and the
    /// `screen` container's when it is drawn on one. What reads these keys, transitively, is a change's business
    /// (`ThemeChange.changed` lists every key that may resolve differently).
    func dependencies(ofComponent id: String) -> Set<NodeRef> {
        guard let component = session.components[id] else { return [] }
        var keys = Set<NodeRef>()
        for (attribute, mapping) in component.mappings {
            for case let key? in mapping.values { keys.insert(.key(attribute.attribute, key)) }
        }
        func add(container id: String?) {
            guard let id, let container = session.containers[id] else { return }
            for case let (attribute, key?) in [
                (Attribute.surface, container.surface), (.composition, container.composition),
                (.shape, container.shape), (.padding, container.padding), (.number, container.border),
            ] {
                keys.insert(.key(attribute, key))
            }
        }
        add(container: component.container)
        if component.container != "screen" { add(container: "screen") }
        return keys
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
