import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleReview
import SnapStyleSystem
import SnapStyleThemes

extension StyleMethods {
    /// `audit` (`theme` or `themes`, `level`, `apca`, `all`, `context`): what `snapstyle audit --format json`
    /// reports, from the themes served now. Without `theme` and `themes`: every theme of the roots, else the preset.
    /// With `context`: measured in that one context (its color scheme, contrast, Dynamic Type size and `vars`)
    /// instead of every context.
    func audit(_ value: JSONValue?) throws(RPCError) -> JSONValue {
        let params = try Params(value, allowed: ["theme", "themes", "level", "apca", "all", "context"])
        var names: [String] = []
        if let name = try params.string("theme") { names.append(name) }
        if let list = try params.array("themes") {
            guard names.isEmpty else { throw .invalidParams("themes", "give either theme or themes") }
            // A theme named twice is audited once.
            var seen = Set<String>()
            for (index, entry) in list.enumerated() {
                guard let name = entry.stringValue else { throw .invalidParams("themes.\(index)", "expected a name") }
                if seen.insert(name).inserted { names.append(name) }
            }
        }
        if names.isEmpty { names = ThemeAudit.defaultThemes(of: store) }
        // An unknown theme or one that never loaded is the error other methods give.
        for name in names { _ = try theme(named: name) }
        var options = AuditOptions()
        if let level = try params.string("level") {
            guard let parsed = WCAGLevel(rawValue: level) else {
                throw .invalidParams("level", "'\(Quoted.excerpt(level))' is not a level (expected AA or AAA)")
            }
            options.level = parsed
        }
        options.apca = try params.bool("apca") ?? false
        let all = try params.bool("all") ?? false
        var only: [AuditContext]?
        if params["context"] != nil {
            let context = try params.context()
            guard context.vars.count <= Limits.auditContextVariables else {
                throw .limitExceeded(
                    "auditContextVariables", limit: Limits.auditContextVariables,
                    reason: "the context has \(context.vars.count) variables; an audit's answer repeats its context")
            }
            only = [
                AuditContext(
                    colorScheme: context.colorScheme, contrast: context.contrast, dynamicType: context.dynamicType,
                    variables: context.vars.sorted { $0.key < $1.key }.map {
                        AuditContext.Variable(name: $0.key, value: $0.value.description)
                    })
            ]
        }
        // Declared pairs are read from the files as saved, as the store reads them.
        let fileSystem = POSIXFileSystem(maxFileBytes: Limits.fileBytes)
        let report = ThemeAudit.run(
            store: store, themes: names, options: options, all: all, only: only, displayPath: { $0 },
            readFile: { try? fileSystem.read($0) })
        return report.json
    }
}

extension Params {
    /// An optional boolean member.
    public func bool(_ name: String) throws(RPCError) -> Bool? {
        guard let value = self[name] else { return nil }
        guard let flag = value.boolValue else { throw .invalidParams(field(name), "expected true or false") }
        return flag
    }
}
