import SnapStyleValues
import SnapStyleVocabulary
import SnapStyleJSON
import SnapStyleProtocol

/// One key's value as an export writes it.
public struct ExportedValue: Sendable {
    public var key: String
    /// The value `resolve` answers, typed (its `json` is the answer member for member).
    public var value: StyleValue
    /// For an imported design token: its DTCG type, description and deprecation (as `keys` reports them).
    public var type: String?
    public var description: String?
    public var deprecated: JSONValue?

    public init(
        key: String, value: StyleValue, type: String? = nil, description: String? = nil,
        deprecated: JSONValue? = nil
    ) {
        self.key = key
        self.value = value
        self.type = type
        self.description = description
        self.deprecated = deprecated
    }

    /// Whether the key came from a design token file.
    public var isImported: Bool { type != nil }
}

/// A theme's resolved values in one context, as `keys` and `resolve` give them: attribute → key → value.
public struct ResolvedTheme: Sendable {
    /// The context the values were resolved in (a context object; empty: the defaults).
    public var context: JSONObject
    /// A CSS selector for the context's block (`:root` by default).
    public var selector: String
    /// Attribute name → values in key order.
    public var values: [(attribute: String, entries: [ExportedValue])]
    /// The generation every value came from, when they all came from one.
    public var generation: Int?

    public init(context: JSONObject, selector: String, values: [(attribute: String, entries: [ExportedValue])]) {
        self.context = context
        self.selector = selector
        self.values = values
    }
}

/// Writes resolved themes out: as JSON (`{ATTRIBUTE: {KEY: value}}`), as CSS custom properties, or as a DTCG
/// token document (`ThemeExport+DTCG.swift`).
public enum ThemeExport {
    /// The formats, as `export --format` names them.
    public enum Format: String, CaseIterable, Sendable {
        case dtcg, css, json
    }

    /// `{ATTRIBUTE: {KEY: value}}` for one context; for several, `{"contexts": [{"context", "selector",
    /// "values"}]}`.
    public static func json(_ themes: [ResolvedTheme]) -> String {
        func values(_ theme: ResolvedTheme) -> JSONValue {
            var object = JSONObject()
            for (attribute, entries) in theme.values {
                var keys = JSONObject()
                // Appended while unique: assigning by subscript searches every member (quadratic at 3,000 keys).
                var seen = Set<String>()
                for entry in entries {
                    if seen.insert(entry.key).inserted {
                        keys.append(entry.key, entry.value.json)
                    } else {
                        keys[entry.key] = entry.value.json
                    }
                }
                object[attribute] = .object(keys)
            }
            return .object(object)
        }
        guard themes.count != 1 else { return JSONText.encode(values(themes[0]), layout: .jansson) }
        return JSONText.encode(
            .object([
                "contexts": .array(
                    themes.map {
                        .object([
                            "context": .object($0.context), "selector": .string($0.selector), "values": values($0),
                        ])
                    })
            ]), layout: .jansson)
    }

    /// Every key a `keys` answer lists, resolved in `context` through `call` (a method name and its params: the
    /// daemon's or the in-process methods), a thousand keys per `resolve` request. `params` names the theme. The
    /// result's `generation` is set when the keys and every answer came from one generation.
    public static func resolve(
        keys: KeysResult, params: JSONObject, context: JSONObject, selector: String = ":root",
        call: (Method, JSONObject) async throws -> JSONValue
    ) async throws -> ResolvedTheme {
        let listed = keys.keys.flatMap { list in list.entries.map { (list.attribute, $0) } }
        var generations: Set<Int> = [keys.generation]
        var entries: [Attribute: [ExportedValue]] = [:]
        for start in stride(from: 0, to: listed.count, by: 1000) {
            let batch = listed[start..<min(start + 1000, listed.count)]
            var request = params
            request["context"] = .object(context)
            request["queries"] = .array(
                batch.map { .object(["attribute": .string($0.0.rawValue), "key": .string($0.1.key)]) })
            guard let result = ResolveQueriesResult(json: try await call(.resolve, request)) else {
                throw RPCError.internalError("the answer to resolve with queries is not its result")
            }
            generations.insert(result.generation)
            for (entry, (attribute, info)) in zip(result.results, batch) {
                guard let json = entry.value, let value = StyleValue(json: json, attribute: attribute) else { continue }
                entries[attribute, default: []].append(
                    ExportedValue(
                        key: entry.key, value: value, type: info.token?.type, description: info.token?.description,
                        deprecated: info.token?.deprecated))
            }
        }
        var theme = ResolvedTheme(
            context: context, selector: selector,
            values: keys.keys.map { ($0.attribute.rawValue, entries[$0.attribute] ?? []) })
        theme.generation = generations.count == 1 ? generations.first : nil
        return theme
    }

    /// `resolve` from values already typed (in-process, without a call): `values` has one per key `keys` lists, in
    /// its order (nil: the key has no value), all from `generation`.
    public static func resolved(
        keys: KeysResult, context: JSONObject, selector: String = ":root", generation: Int, values: [StyleValue?]
    ) -> ResolvedTheme {
        var next = values.makeIterator()
        var theme = ResolvedTheme(
            context: context, selector: selector,
            values: keys.keys.map { list in
                (
                    list.attribute.rawValue,
                    list.entries.compactMap { info in
                        guard let value = next.next() ?? nil else { return nil }
                        return ExportedValue(
                            key: info.key, value: value, type: info.token?.type, description: info.token?.description,
                            deprecated: info.token?.deprecated)
                    }
                )
            })
        theme.generation = generation == keys.generation ? generation : nil
        return theme
    }

    /// `resolve` from a `keys` answer as it came.
    public static func resolve(
        keys: JSONValue, params: JSONObject, context: JSONObject, selector: String = ":root",
        call: (Method, JSONObject) async throws -> JSONValue
    ) async throws -> ResolvedTheme {
        guard let keys = KeysResult(json: keys) else { throw RPCError.internalError("not a keys result") }
        return try await resolve(keys: keys, params: params, context: context, selector: selector, call: call)
    }

    /// A `keys` answer for an export: an imported theme's own keys (its tokens, and what its own native files
    /// define), unless `inherited` asks for the keys it inherits too; a native theme's every key.
    public static func exportedKeys(_ keys: KeysResult, inherited: Bool) -> KeysResult {
        guard !inherited, keys.keys.contains(where: { $0.entries.contains { $0.token != nil } }) else { return keys }
        // A theme's files are NAME.* or below NAME/ in its root; inherited keys are written in its parents' files.
        let theme = keys.theme
        func isOwn(_ entry: KeysResult.Entry) -> Bool {
            if let token = entry.token { return !token.isSource }
            return entry.file.hasPrefix(theme + "/") || entry.file.hasPrefix(theme + ".")
        }
        var own = keys
        own.keys = keys.keys.map { (attribute: $0.attribute, entries: $0.entries.filter(isOwn)) }
        return own
    }

    /// `exportedKeys` of a `keys` answer as it came (unchanged when it is not one).
    public static func exportedKeys(_ keys: JSONValue, inherited: Bool) -> JSONValue {
        KeysResult(json: keys).map { exportedKeys($0, inherited: inherited).json } ?? keys
    }

    /// `fooBar.baz` → `foo-bar-baz`.
    public static func kebab(_ text: String) -> String {
        // ASCII by bytes (every export names every key; Character case tests are slow), the same rules.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count + 4)
            var previous: UInt8?
            for byte in text.utf8 {
                if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ") {
                    bytes.append(UInt8(ascii: "-"))
                } else if (0x41...0x5A).contains(byte) {
                    if let previous, (0x61...0x7A).contains(previous) || (0x30...0x39).contains(previous) {
                        bytes.append(UInt8(ascii: "-"))
                    }
                    bytes.append(byte + 0x20)
                } else {
                    bytes.append(byte)
                }
                previous = byte
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var result = ""
        var previous: Character?
        for character in text {
            if character == "." || character == "_" || character == " " {
                result += "-"
            } else if character.isUppercase, let previous, previous.isLowercase || previous.isNumber {
                result += "-" + character.lowercased()
            } else {
                result += character.lowercased()
            }
            previous = character
        }
        return result
    }
}
