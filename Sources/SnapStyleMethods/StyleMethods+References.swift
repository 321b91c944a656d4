import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol

extension StyleMethods {
    /// For each of `keys`, in a context of a theme: the key its own top definition reads whole, as the first step
    /// of `explain` would report it (`ref KEY`), or nil. In-process callers that need only this (`snapstyle build`
    /// with `references: var`) ask it for thousands of keys; explaining each would trace its whole chain.
    public func topReferences(theme name: String, context: JSONObject, keys: [(Attribute, String)])
        throws(RPCError) -> [String?]
    {
        let params = try Params(.object(["theme": .string(name), "context": .object(context)]), allowed: Self.common)
        let session = try session(params, try theme(named: name))
        let styleContext = try params.context()
        let prepared: PreparedContext
        do { prepared = try session.prepare(styleContext) } catch { throw .style(error) }
        return keys.map { session.topReference($0.0, $0.1, in: prepared) }
    }
}

extension StyleMethods {
    /// Each of `keys` resolved in a context of a theme, typed as a `resolve` with `queries` answers it (nil for a key
    /// without a value, or whose resolution fails), and the generation they came from. In-process callers that read
    /// every key (`snapstyle build`) skip writing each value as JSON and reading it back.
    public func resolvedValues(theme name: String, context: JSONObject, keys: [(Attribute, String)])
        throws(RPCError) -> (generation: Int, values: [StyleValue?])
    {
        let params = try Params(.object(["theme": .string(name), "context": .object(context)]), allowed: Self.common)
        let session = try session(params, try theme(named: name))
        let styleContext = try params.context()
        let prepared: PreparedContext
        do { prepared = try session.prepare(styleContext) } catch { throw .style(error) }
        let values = keys.map { key -> StyleValue? in
            guard let value = try? session.resolve(key.0, key.1, in: prepared) else { return nil }
            return value.styleValue
        }
        return (session.generation, values)
    }
}
