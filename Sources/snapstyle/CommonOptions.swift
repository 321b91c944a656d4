import ArgumentParser
import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson

/// For commands only the daemon answers (`status`, `watch`): its socket, and raw output.
struct DaemonOptions: ParsableArguments {
    @Option(name: .long, help: "The daemon's socket (default: $XDG_RUNTIME_DIR/snapstyle/snapstyled.sock).")
    var socket: String?

    @Flag(name: .long, help: "Print the raw JSON result.")
    var json = false

    /// `--socket`, else the config file's `socket`, else nil (the default path).
    var socketPath: String? { socket ?? DaemonSettings.socket }
}

/// Where answers come from: the daemon's socket, or the themes resolved in-process.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: "The daemon's socket (default: $XDG_RUNTIME_DIR/snapstyle/snapstyled.sock).")
    var socket: String?

    @Flag(name: .long, help: "Resolve in-process from the theme roots instead of asking the daemon.")
    var offline = false

    @Option(name: .long, help: "A theme root (repeatable; with --offline).")
    var themes: [String] = []

    @Flag(name: .long, help: "Print the raw JSON result.")
    var json = false
}

/// The options every resolve command takes: theme, context and its shortcuts, overrides.
struct ContextOptions: ParsableArguments {
    @Option(name: .long, help: "The theme (default: the daemon's default theme).")
    var theme: String?

    @Option(name: .long, help: "A whole context object (JSON).")
    var context: String?

    @Flag(name: .long, help: "colorScheme dark.")
    var dark = false

    @Option(
        name: .customLong("dynamic-type"),
        help: ArgumentHelp("A Dynamic Type category.", valueName: "category"))
    var dynamicType: DynamicTypeArgument?

    @Option(name: .long, help: "The scale factor.")
    var scale: Double?

    @Option(name: .long, help: "The element, TYPE[.HIERARCHY].")
    var element: String?

    @Option(name: .long, help: "Push a component, ID[:STATE] (repeatable, in order).")
    var component: [String] = []

    @Option(name: .long, help: "Push a container, ID[:STATE] (repeatable, in order).")
    var container: [String] = []

    @Option(name: .customLong("var"), help: "A context variable, NAME=VALUE (repeatable).")
    var variables: [String] = []

    @Option(name: .long, help: "Overrides for this request (JSON, the sections of a theme file).")
    var overrides: String?

    /// The stack entries in the order the flags were given on the command line.
    func stackEntries(arguments: [String]) -> [(kind: String, value: String)] {
        var entries: [(String, String)] = []
        var components = component[...], containers = container[...]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            for kind in ["component", "container"] {
                let flag = "--\(kind)"
                var value: String?
                if argument == flag, index + 1 < arguments.count {
                    value = arguments[index + 1]
                    index += 1
                } else if argument.hasPrefix(flag + "=") {
                    value = String(argument.dropFirst(flag.count + 1))
                }
                guard value != nil else { continue }
                if kind == "component", let next = components.popFirst() { entries.append((kind, next)) }
                if kind == "container", let next = containers.popFirst() { entries.append((kind, next)) }
            }
            index += 1
        }
        entries += components.map { ("component", $0) } + containers.map { ("container", $0) }
        return entries
    }

    /// The params of a single-key method (`resolve`, `explain`).
    func params(attribute: AttributeArgument, key: String) throws -> JSONObject {
        var params = try params()
        params["attribute"] = .string(attribute.rawValue)
        params["key"] = .string(key)
        return params
    }

    /// Malformed values (`--var`, `--context`, `--overrides`) are usage errors, reported with the
    /// subcommand's usage while the command line is parsed.
    func validate() throws { _ = try params() }

    /// The params every resolve method takes, with the shortcuts merged over `--context`.
    func params() throws -> JSONObject {
        var params = JSONObject()
        if let theme { params["theme"] = .string(theme) }
        var context = JSONObject()
        if let text = self.context {
            guard case .object(let object) = try parseJSON(text, option: "--context") else {
                throw ValidationError("--context must be a JSON object")
            }
            context = object
        }
        if dark { context["colorScheme"] = "dark" }
        if let dynamicType { context["dynamicType"] = .string(dynamicType.rawValue) }
        if let scale { context["scaleFactor"] = .number(scale) }
        if let element { context["element"] = .string(element) }
        let entries = stackEntries(arguments: CommandLine.arguments)
        if !entries.isEmpty {
            var stack = context["stack"]?.arrayValue ?? []
            for (kind, value) in entries {
                let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
                var entry: JSONObject = [kind: .string(parts[0])]
                if parts.count == 2 { entry["state"] = .string(parts[1]) }
                stack.append(.object(entry))
            }
            context["stack"] = .array(stack)
        }
        if !variables.isEmpty {
            var vars = context["vars"]?.objectValue ?? JSONObject()
            for assignment in variables {
                let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw ValidationError("--var takes NAME=VALUE, got '\(assignment)'") }
                vars[parts[0]] = Double(parts[1]).map(JSONValue.number) ?? .string(parts[1])
            }
            context["vars"] = .object(vars)
        }
        if !context.isEmpty { params["context"] = .object(context) }
        if let overrides { params["overrides"] = try parseJSON(overrides, option: "--overrides") }
        return params
    }
}

/// An attribute, as a command's argument: anything else is a usage error that lists the allowed values.
enum AttributeArgument: String, CaseIterable, ExpressibleByArgument {
    case surface, number, font, padding, shape, icon, composition, accent, token
}

/// A Dynamic Type category, as `--dynamic-type` takes it.
enum DynamicTypeArgument: String, CaseIterable, ExpressibleByArgument {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

func parseJSON(_ text: String, option: String) throws -> JSONValue {
    do {
        return try Jansson.parse(text)
    } catch {
        throw ValidationError("\(option) is not valid JSON: \(error)")
    }
}
