import SnapStyleJSON
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleVocabulary

extension RequestDispatcher {
    /// Answers a deferred request: a `reload` waits for a rescan, anything else runs on NIO's thread pool; a
    /// batch's entries in order, each in the same way.
    public func answer(_ deferred: DeferredRequest) async -> [UInt8]? {
        let batch: [JSONValue]
        let idTexts: [[UInt8]?]
        switch deferred.message {
        case .request(let request, let idText):
            return await answer(request, caller: deferred.caller).map {
                RequestIDText.splice($0, id: request.responseID, text: idText)
            }
        case .batch(let entries, let texts):
            batch = entries
            idTexts = texts
        }
        guard !batch.isEmpty else { return ResponseLine.error(id: .null, .invalidRequest("an empty batch")) }
        guard batch.count <= Limits.batchEntries else {
            return ResponseLine.error(id: .null, .limitExceeded("batch entries", limit: Limits.batchEntries))
        }
        var responses: [[UInt8]] = []
        for (index, entry) in batch.enumerated() {
            let idText = index < idTexts.count ? idTexts[index] : nil
            switch RequestEnvelope.read(entry) {
            case .failure(let failure):
                if failure.answered {
                    let line = ResponseLine.error(id: failure.id, failure.error)
                    responses.append(RequestIDText.splice(line, id: failure.id, text: idText))
                }
            case .success(let request):
                if let response = await answer(request, caller: deferred.caller) {
                    responses.append(RequestIDText.splice(response, id: request.responseID, text: idText))
                }
            }
        }
        return ResponseLine.batch(responses)
    }

    /// Answers a line as a connection would have it answered, in place or later: for tests and fuzzing.
    public func answer(line bytes: [UInt8], caller: Caller) async -> [UInt8]? {
        switch bytes.withUnsafeBytes({ reply(to: $0, caller: caller) }) {
        case .none: nil
        case .line(let line): line
        case .written: preconditionFailure("reply(to:caller:) gives no space to write into")
        case .deferred(let request): await answer(request)
        }
    }

    private func answer(_ request: RequestEnvelope, caller: Caller) async -> [UInt8]? {
        guard request.method == .reload else {
            return await BlockingWork.run { [self] in answerInPlace(request, caller: caller) }
        }
        do {
            _ = try Params(request.params, allowed: [])
        } catch {
            return request.isNotification ? nil : ResponseLine.error(id: request.responseID, error)
        }
        let report = await rescans.rescan()
        guard !request.isNotification else { return nil }
        return ResponseLine.result(id: request.responseID, encoded: ResponseLine.encode(report.reloadResult.json))
    }
}
