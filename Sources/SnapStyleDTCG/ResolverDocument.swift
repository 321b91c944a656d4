import SnapStyleEngine
import SnapStyleJSON

/// A source of tokens in a resolver: a file (or a part of one, by JSON Pointer), or tokens written inline.
enum TokenSource: Sendable {
    /// A path relative to the theme root, and the pointer's segments inside the file.
    case file(path: String, pointer: [String], location: SourceLocation)
    case inline(LocatedJSON, location: SourceLocation)

    /// What names a file source (`path#pointer`) among the compiles; nil for tokens written inline.
    var fileKey: String? {
        guard case .file(let path, let pointer, _) = self else { return nil }
        return path + "#" + pointer.joined(separator: "/")
    }
}

/// One modifier: its contexts in order, each a list of sources, and its default.
struct Modifier: Sendable {
    var name: String
    var contexts: [(name: String, sources: [TokenSource])]
    var defaultContext: String?
    var location: SourceLocation
}

/// One entry of `resolutionOrder`.
enum OrderItem: Sendable {
    case set(name: String, sources: [TokenSource])
    case modifier(Modifier)
}

/// A DTCG resolver document (Resolver module 2025.10): its resolution order with every `$ref` followed, paths
/// made relative to the theme root.
public struct ResolverDocument: Sendable {
    var order: [OrderItem] = []
    /// Every file the sources name, relative to the theme root, in order of first mention.
    public private(set) var files: [String] = []

    /// Reads a resolver at `path` (relative to the theme root); errors and warnings go to `diagnostics`.
    init(_ json: LocatedJSON, path: String, diagnostics d: inout Diagnostics) {
        let top = Self.location(path, json)
        guard case .object(let object) = json.value else {
            d.error(top, "a resolver must be an object, not \(json.value.typeName)")
            return
        }
        if let version = object["version"]?.stringValue {
            if version != "2025.10" { d.warning(top, "resolver version '\(version)' read as 2025.10") }
        } else {
            d.warning(top, "a resolver needs \"version\": \"2025.10\"")
        }
        let directory = path.split(separator: "/").dropLast().joined(separator: "/")
        var reader = Reader(path: path, directory: directory)
        var sets: [String: [TokenSource]] = [:]
        for (name, set) in json["sets"]?.members ?? [] {
            sets[name] = reader.sources(set["sources"], owner: "set '\(name)'", at: Self.location(path, set), &d)
        }
        reader.sets = sets
        var modifiers: [String: Modifier] = [:]
        for (name, modifier) in json["modifiers"]?.members ?? [] {
            modifiers[name] = reader.modifier(modifier, name: name, &d)
        }
        guard let order = json["resolutionOrder"], case .array = order.value else {
            d.error(top, "a resolver needs a resolutionOrder array")
            return
        }
        var usedSets = Set<String>()
        var names = Set<String>()
        for element in order.elements {
            let location = Self.location(path, element)
            if let ref = element["$ref"]?.value.stringValue {
                if ref.hasPrefix("#/sets/"), let sources = sets[String(ref.dropFirst(7))] {
                    let name = String(ref.dropFirst(7))
                    usedSets.insert(name)
                    guard names.insert(name).inserted else {
                        d.error(location, "'\(name)' appears twice in resolutionOrder")
                        continue
                    }
                    self.order.append(.set(name: name, sources: sources))
                } else if ref.hasPrefix("#/modifiers/"), let modifier = modifiers[String(ref.dropFirst(12))] {
                    guard names.insert(modifier.name).inserted else {
                        d.error(location, "'\(modifier.name)' appears twice in resolutionOrder")
                        continue
                    }
                    self.order.append(.modifier(modifier))
                } else {
                    d.error(location, "resolutionOrder: '\(ref)' names no set or modifier of this resolver")
                }
                continue
            }
            let name = element["name"]?.value.stringValue ?? ""
            guard !name.isEmpty, names.insert(name).inserted else {
                d.error(location, "resolutionOrder: an inline set or modifier needs a name of its own")
                continue
            }
            switch element["type"]?.value.stringValue {
            case "set":
                self.order.append(
                    .set(
                        name: name,
                        sources: reader.sources(element["sources"], owner: "set '\(name)'", at: location, &d)))
            case "modifier":
                if let modifier = reader.modifier(element, name: name, &d) { self.order.append(.modifier(modifier)) }
            default:
                d.error(location, "resolutionOrder: an entry is {\"$ref\"} or an inline set or modifier with a type")
            }
        }
        // A set no entry names is applied first, below everything the order names, so aliases into it resolve.
        for (name, set) in json["sets"]?.members ?? [] where !usedSets.contains(name) && !reader.spliced.contains(name)
        {
            d.warning(Self.location(path, set), "set '\(name)' is not in resolutionOrder: applied first")
            self.order.insert(.set(name: name, sources: sets[name] ?? []), at: 0)
        }
        files = reader.files
    }

    static func location(_ file: String, _ json: LocatedJSON) -> SourceLocation {
        SourceLocation(file: file, line: json.node.memberPosition.line, column: json.node.memberPosition.column)
    }

    /// Follows `$ref`s of sources, relative to the resolver's directory and confined to the theme root.
    struct Reader {
        let path: String
        let directory: String
        var sets: [String: [TokenSource]] = [:]
        var spliced = Set<String>()
        var files: [String] = []

        init(path: String, directory: String) {
            self.path = path
            self.directory = directory
        }

        mutating func modifier(_ json: LocatedJSON, name: String, _ d: inout Diagnostics) -> Modifier? {
            let location = ResolverDocument.location(path, json)
            guard let contextsJSON = json["contexts"], case .object = contextsJSON.value, !contextsJSON.members.isEmpty
            else {
                d.error(location, "modifier '\(name)' needs contexts")
                return nil
            }
            var contexts: [(String, [TokenSource])] = []
            for (context, sources) in contextsJSON.members {
                contexts.append(
                    (context, self.sources(sources, owner: "context '\(name).\(context)'", at: location, &d)))
            }
            var defaultContext: String?
            if let value = json["default"] {
                guard let text = value.value.stringValue, contexts.contains(where: { $0.0 == text }) else {
                    d.error(
                        ResolverDocument.location(path, value),
                        "modifier '\(name)': default must name one of its contexts (\(contexts.map(\.0).joined(separator: ", ")))"
                    )
                    return nil
                }
                defaultContext = text
            }
            return Modifier(name: name, contexts: contexts, defaultContext: defaultContext, location: location)
        }

        mutating func sources(_ json: LocatedJSON?, owner: String, at location: SourceLocation, _ d: inout Diagnostics)
            -> [TokenSource]
        {
            guard let json, case .array = json.value else {
                d.error(location, "\(owner): sources must be an array")
                return []
            }
            var result: [TokenSource] = []
            for element in json.elements {
                let at = ResolverDocument.location(path, element)
                guard case .object(let object) = element.value else {
                    d.error(at, "\(owner): a source is {\"$ref\": PATH} or an object of tokens")
                    continue
                }
                guard let ref = object["$ref"] else {
                    result.append(.inline(element, location: at))
                    continue
                }
                guard let text = ref.stringValue else {
                    d.error(at, "\(owner): $ref must be a string")
                    continue
                }
                if text.hasPrefix("#/sets/") {
                    let name = String(text.dropFirst(7))
                    guard let set = sets[name] else {
                        d.error(at, "\(owner): '\(text)' names no set")
                        continue
                    }
                    spliced.insert(name)
                    result += set
                    continue
                }
                if text.hasPrefix("#") {
                    d.error(at, "\(owner): '\(text)': a source may name a set (#/sets/NAME) or a file")
                    continue
                }
                let (file, fragment) = Self.splitFragment(text)
                guard let resolved = resolve(file) else {
                    d.error(at, "\(owner): '\(text)' leaves the theme root (a path relative to the resolver is needed)")
                    continue
                }
                if !files.contains(resolved) { files.append(resolved) }
                let pointer = fragment.map { TokenDocument.pointerSegments(String($0.drop { $0 == "/" })) } ?? []
                result.append(.file(path: resolved, pointer: pointer.filter { !$0.isEmpty }, location: at))
            }
            return result
        }

        static func splitFragment(_ text: String) -> (String, Substring?) {
            guard let hash = text.firstIndex(of: "#") else { return (text, nil) }
            return (String(text[..<hash]), text[text.index(after: hash)...])
        }

        /// A reference made relative to the root; nil for an absolute path, a URL, or one that leaves the root.
        func resolve(_ reference: String) -> String? {
            guard !reference.isEmpty, !reference.hasPrefix("/"), !reference.contains("://") else { return nil }
            var parts = directory.split(separator: "/").map(String.init)
            for part in reference.split(separator: "/") {
                switch part {
                case ".": continue
                case "..":
                    guard !parts.isEmpty else { return nil }
                    parts.removeLast()
                default: parts.append(String(part))
                }
            }
            return parts.isEmpty ? nil : parts.joined(separator: "/")
        }
    }
}
