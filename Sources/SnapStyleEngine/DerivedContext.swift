/// What the stack of a context means in a theme: the current component and container, levels, the accent in
/// effect. Derived once per context and theme generation.
struct DerivedContext: Sendable {
    var component: Component?
    var componentHierarchy: Hierarchy?
    var container: String?
    var containerState: ContainerState = .normal
    var containerParent: String?
    var level = 1
    var levelOverall = -1
    /// The accent in effect at the top of the stack.
    var accent: String
    /// The accent in effect around the current container (from the stack below it).
    var accentAroundContainer: String
    /// The components and containers the derivation read.
    var dependencies: [NodeRef] = []

    /// Derives the stack's meaning; an id the theme does not define is an invalid-context error.
    init(_ context: StyleContext, containers: [String: Container], components: [String: Component])
        throws(ContextError)
    {
        accent = context.accent
        accentAroundContainer = context.accent
        var pushed: [(id: String, state: ContainerState)] = []
        var lastComponent: (Component, Hierarchy?)?
        for (index, entry) in context.stack.enumerated() {
            switch entry {
            case .component(let id, let state, let hierarchy):
                guard let component = components[id] else {
                    throw ContextError(
                        field: "stack.\(index).component", reason: "unknown component '\(id)'",
                        allowed: components.keys.sorted())
                }
                dependencies.append(.component(id))
                lastComponent = (component, hierarchy)
                if let container = component.container {
                    guard containers[container] != nil else { continue }
                    pushed.append((container, state))
                }
            case .container(let id, let state):
                guard containers[id] != nil else {
                    throw ContextError(
                        field: "stack.\(index).container", reason: "unknown container '\(id)'",
                        allowed: containers.keys.sorted())
                }
                pushed.append((id, state))
            }
        }
        if let (component, hierarchy) = lastComponent {
            self.component = component
            componentHierarchy = context.componentHierarchy ?? hierarchy ?? component.hierarchy
        } else if let base = components["base"] {
            dependencies.append(.component("base"))
            component = base
            componentHierarchy = context.componentHierarchy ?? base.hierarchy
        } else {
            componentHierarchy = context.componentHierarchy
        }
        for (id, _) in pushed { dependencies.append(.container(id)) }
        if let top = pushed.last {
            container = top.id
            containerState = top.state
            containerParent = pushed.count >= 2 ? pushed[pushed.count - 2].id : nil
            level = pushed.reversed().prefix(while: { $0.id == top.id }).count
            levelOverall = pushed.count - 1
        } else if containers["base"] != nil {
            dependencies.append(.container("base"))
            container = "base"
        }
        let secondary = "secondary"
        let requires = pushed.map { containers[$0.id]?.requiresSecondaryAccent ?? false }
        if requires.contains(true) { accent = secondary }
        if requires.dropLast().contains(true) { accentAroundContainer = secondary }
        if pushed.isEmpty, let base = container.flatMap({ containers[$0] }), base.requiresSecondaryAccent {
            accent = secondary
        }
    }
}
