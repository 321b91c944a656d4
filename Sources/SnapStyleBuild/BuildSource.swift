import SnapStyleExport
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleMethods
import SnapStyleProtocol
import SnapStyleSystem

/// Answers a method call: the in-process methods or a daemon.
public typealias BuildCall = (Method, JSONObject) async throws -> JSONValue

/// How a build reads its themes: by method calls (a daemon's, or answered in-process), and, in the process that
/// serves the themes, through the methods themselves for what no call answers cheaply (which keys are whole
/// aliases, for `references: var`). One source serves one build (or one refresh of a kept build): each question
/// is answered once, and each output's keys resolved in one context once, however many outputs ask.
public struct BuildSource {
    /// A call, answered at most once per question by this source.
    public let call: BuildCall
    /// The methods the calls go to, when they run in this process.
    public let methods: StyleMethods?
    let reads: BuildReads

    /// A source that asks `call`, and `methods` (when in-process) for whole aliases.
    public init(call: @escaping BuildCall, methods: StyleMethods? = nil) {
        let reads = BuildReads()
        self.reads = reads
        self.methods = methods
        self.call = { method, params in
            let question = BuildReads.Question(method: method.rawValue, params: params)
            if let known = reads.answers.withLock({ $0[question] }) { return known }
            let answer = try await call(method, params)
            reads.answers.withLock { $0[question] = answer }
            return answer
        }
        base = call
    }

    /// A source answered in-process by `methods`.
    public init(methods: StyleMethods) {
        self.init(
            call: { method, params in
                guard let answer = try methods.answer(method, .object(params)) else {
                    throw RPCError.methodNotFound(method.rawValue)
                }
                return answer
            }, methods: methods)
    }

    /// In-process: the values of `keys` in a context of `theme`, typed (no answer is encoded); nil when the calls
    /// go to a daemon.
    func values(_ theme: String, _ context: JSONObject, _ keys: KeysResult) throws -> (
        generation: Int, values: [StyleValue?]
    )? {
        guard let methods else { return nil }
        let asked = keys.keys.flatMap { list in list.entries.map { (list.attribute, $0.key) } }
        return try methods.resolvedValues(theme: theme, context: context, keys: asked)
    }

    private let base: BuildCall

    /// The same source with nothing remembered, for the next build or refresh.
    public func fresh() -> BuildSource { BuildSource(call: base, methods: methods) }

    /// A value this source remembers under `key`, or `make`'s, then remembered.
    func remembered<T>(_ key: String, in table: KeyPath<BuildReads, Locked<[String: T]>>, _ make: () async throws -> T)
        async rethrows -> T
    {
        if let known = reads[keyPath: table].withLock({ $0[key] }) { return known }
        let made = try await make()
        reads[keyPath: table].withLock { $0[key] = made }
        return made
    }
}

/// What one build has read.
final class BuildReads: Sendable {
    /// A method call, as its answer is remembered.
    struct Question: Hashable {
        var method: String
        var params: JSONObject
    }

    let answers = Locked<[Question: JSONValue]>([:])
    /// By selection and context: an output's keys resolved, and which of them are whole aliases.
    let blocks = Locked<[String: ResolvedTheme]>([:])
    let aliases = Locked<[String: [String: String]]>([:])
    /// By theme: its keys, typed (in-process), without their generation.
    let keys = Locked<[String: KeysResult]>([:])
    /// By theme: its `keys` answer as read (with its generation).
    let keysAnswers = Locked<[String: KeysResult]>([:])
    /// By selection (theme, include, exclude, sets): the keys an output selects, in-process.
    let selections = Locked<[String: KeysResult]>([:])
    /// By units: what the formats made, shared by the outputs in those units.
    let caches = Locked<[String: BuildCache]>([:])
}
