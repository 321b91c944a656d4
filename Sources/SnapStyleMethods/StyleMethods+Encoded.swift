import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol

extension StyleMethods {
    /// The response line to a single-key `resolve`: the result object written around the value's cached encoding,
    /// in one buffer. nil when the request fails: `answer(.resolve, …)` gives it its error, so the two paths cannot
    /// disagree on one.
    public func resolveResponse(_ params: KeyResolveParams, id: JSONValue) -> [UInt8]? {
        let name = params.theme ?? defaultTheme
        guard let theme = store.theme(named: name), KeySyntax.isValidReference(params.key) else { return nil }
        let session = theme.session()
        let resolved: CachedValue
        do { resolved = try session.resolveCached(params.attribute, params.key, context: params.context) } catch {
            return nil
        }
        let value = encoded.bytes(resolved)
        // Theme names and keys are checked identifiers: they need no escaping.
        // 59 bytes of literal text, up to 20 digits and the attribute's name.
        let capacity = 90 + name.utf8.count + params.key.utf8.count + value.count
        return ResponseLine.result(id: id, capacity: capacity) { line in
            line.append(#"{"theme":""#)
            line.append(identifier: name)
            line.append(#"","generation":"#)
            line.append(decimal: Int64(session.generation))
            line.append(#","attribute":""#)
            line.append(identifier: params.attribute.rawValue)
            line.append(#"","key":""#)
            line.append(identifier: params.key)
            line.append(#"","value":"#)
            line.append(value)
            line.append("}")
        }
    }
}
