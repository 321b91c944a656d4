import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol

extension StyleMethods {
    /// The response line to a single-key `resolve`: the result object written around the value's cached encoding,
    /// in one buffer. nil when the request fails: `answer(.resolve, …)` gives it its error, so the two paths cannot
    /// disagree on one.
    public func resolveResponse(_ params: KeyResolveParams, id: JSONValue) -> [UInt8]? {
        var answered = false
        let line = LineWriter.line(capacity: 512) { answered = writeResolveResponse(params, id: id, into: &$0) }
        return answered ? line : nil
    }

    /// Writes the response line to a single-key `resolve` with `line`; false, having written nothing, when the
    /// request fails (see `resolveResponse`).
    public func writeResolveResponse(_ params: KeyResolveParams, id: JSONValue, into line: inout LineWriter) -> Bool {
        let name = params.theme ?? defaultTheme
        guard let theme = store.theme(named: name), KeySyntax.isValidReference(params.key) else { return false }
        let resolved: CachedValue
        do { resolved = try theme.resolveCached(params.attribute, params.key, context: params.context) } catch {
            return false
        }
        let value = encoded.bytes(resolved)
        // Theme names and keys are checked identifiers: they need no escaping.
        ResponseLine.result(id: id, into: &line) { line in
            line.append(#"{"theme":""#)
            line.append(identifier: name)
            line.append(#"","generation":"#)
            line.append(decimal: Int64(resolved.generation))
            line.append(#","attribute":""#)
            line.append(identifier: params.attribute.rawValue)
            line.append(#"","key":""#)
            line.append(identifier: params.key)
            line.append(#"","value":"#)
            line.append(value)
            line.append("}")
        }
        return true
    }
}
