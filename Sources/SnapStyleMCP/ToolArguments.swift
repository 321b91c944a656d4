import SnapStyleJSON

/// A tool's arguments as the client sent them, read member by member; a wrong one is a `ToolFailure` naming it.
struct ToolArguments {
    let values: JSONObject

    init(_ values: JSONValue?, allowed: Set<String>) throws(ToolFailure) {
        switch values {
        case nil, .null?: self.values = [:]
        case .object(let object)?: self.values = object
        default: throw ToolFailure("the arguments must be an object")
        }
        for name in self.values.keys where !allowed.contains(name) {
            throw ToolFailure(
                "unknown argument '\(name)' (this tool takes: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    /// A string argument; nil when absent (or null).
    func string(_ name: String) throws(ToolFailure) -> String? {
        switch values[name] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw ToolFailure("argument '\(name)' must be a string")
        }
    }

    /// A string argument that must be there.
    func required(_ name: String) throws(ToolFailure) -> String {
        guard let text = try string(name) else { throw ToolFailure("argument '\(name)' is required") }
        return text
    }

    /// An integer argument within `range`; nil when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(ToolFailure) -> Int? {
        let number: Int
        switch values[name] {
        case nil, .null?: return nil
        case let value? where value.intValue != nil: number = value.intValue!
        default: throw ToolFailure("argument '\(name)' must be an integer")
        }
        guard range.contains(number) else {
            throw ToolFailure("argument '\(name)' must be \(range.lowerBound)...\(range.upperBound), not \(number)")
        }
        return number
    }

    /// A boolean argument; nil when absent.
    func bool(_ name: String) throws(ToolFailure) -> Bool? {
        switch values[name] {
        case nil, .null?: return nil
        case .bool(let flag)?: return flag
        default: throw ToolFailure("argument '\(name)' must be true or false")
        }
    }

    /// An array of strings; nil when absent.
    func strings(_ name: String) throws(ToolFailure) -> [String]? {
        switch values[name] {
        case nil, .null?: return nil
        case .array(let list)? where list.allSatisfy({ $0.stringValue != nil }): return list.compactMap(\.stringValue)
        default: throw ToolFailure("argument '\(name)' must be an array of strings")
        }
    }

    /// The `context` argument: a context object (the daemon checks its members); empty when absent.
    func context() throws(ToolFailure) -> JSONObject {
        switch values["context"] {
        case nil, .null?: return [:]
        case .object(let object)?: return object
        default: throw ToolFailure("argument 'context' must be an object, e.g. {\"colorScheme\": \"dark\"}")
        }
    }
}

/// A tool call that fails before or after the daemon: its message is the tool's error result.
struct ToolFailure: Error {
    let message: String

    init(_ message: String) { self.message = message }
}
