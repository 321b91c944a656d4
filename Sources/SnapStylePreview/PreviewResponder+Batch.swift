import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleVocabulary

extension PreviewResponder {
    /// At most this many calls in one batch, as in a daemon `resolve`'s `queries`.

    /// `/api/batch?calls=[{"method": M, "query": Q}]`: each call is what `/api/M?Q` would answer, with `base` (a
    /// query string) before its own query; the calls run at once on the daemon connection. The answer is
    /// `{"results": [{"result": R} or {"error": {"code", "message", "field"}}]}`, in order.
    func batch(_ query: PreviewQuery) async throws(PreviewError) -> JSONValue {
        guard let text = query["calls"] else { throw .badQuery("calls", "missing") }
        guard case .array(let calls) = try PreviewQuery.parseJSON(text, field: "calls") else {
            throw .badQuery("calls", "expected an array of {\"method\", \"query\"}")
        }
        guard calls.count <= Limits.batchEntries else {
            throw PreviewError(
                status: .badRequest, code: RPCError.limitExceededCode,
                message: "Limit exceeded: at most \(Limits.batchEntries) calls",
                field: "calls")
        }
        let base = query["base"].map { $0 + "&" } ?? ""
        let results = await withTaskGroup(of: (Int, JSONValue).self) { group in
            for (index, call) in calls.enumerated() {
                group.addTask { (index, await self.answer(call, base: base, at: index)) }
            }
            var results = [JSONValue](repeating: .null, count: calls.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        return .object(["results": .array(results)])
    }

    private func answer(_ call: JSONValue, base: String, at index: Int) async -> JSONValue {
        do throws(PreviewError) {
            guard let name = call["method"]?.stringValue, let method = Method(rawValue: name),
                method.readsThemesOnly
            else {
                throw PreviewError(
                    status: .notFound, code: RPCError.methodNotFoundCode, message: "Method not found",
                    field: "calls.\(index).method")
            }
            let query = PreviewQuery(base + (call["query"]?.stringValue ?? ""))
            try query.validate()
            return .object(["result": try await self.call(method, query)])
        } catch {
            return .object(["error": error.json["error"] ?? .null])
        }
    }
}
