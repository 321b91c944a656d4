import SnapStyleEngine
import SnapStyleJSON
import SnapStyleProtocol
import SnapStyleThemes
import SnapStyleExport

/// Keeps one build's outputs fresh as its themes change (`build --watch`, the daemon's `builds`): after a change,
/// the outputs whose theme changed are computed again and each file is written (atomically) only when its content
/// differs. An output that cannot be computed leaves its files as they were; a theme in error keeps serving its last
/// good version, so its outputs keep their last good files. Owned by one task at a time.
public struct BuildKeeper: Sendable {
    /// Where one output stands.
    public enum OutputState: Sendable, Equatable {
        /// Not built yet.
        case pending
        /// Its files hold what its theme serves now.
        case current
        /// The last refresh could not compute it: its files are those of the last good build, if any.
        case failed(String)
    }

    /// What one refresh did.
    public struct Refresh: Sendable, Equatable {
        /// Absolute paths of the files written (their content changed).
        public var written: [String] = []
        /// Outputs computed again whose files were already up to date.
        public var unchanged = 0
        /// Why outputs were left as they were: an output that failed, or a theme of the build in error.
        public var problems: [String] = []
        /// `build --watch`: the config file, when this refresh follows its change (every output computed again).
        public var reloadedConfig: String?

        public init() {}
    }

    /// What an output's last computation read, so that a change to a few values resolves only those again.
    struct Memo: Sendable {
        var input: BuildInput
        /// The theme's keys without their generation, and the keys the output selected from it.
        var keys: BuildInput.KeysSeen
        var selected: KeysResult
        /// The files made from `input`.
        var files: [BuildFile]?
    }

    public let project: BuildProject
    /// Per output of the config, in order.
    public private(set) var states: [OutputState]
    /// Per output: its last good computation, if any.
    var memos: [Memo?]
    /// Per output: what its formats made (shared by the outputs in the same units).
    let caches: [BuildCache]

    public init(project: BuildProject) {
        self.project = project
        states = Array(repeating: .pending, count: project.configuration.outputs.count)
        memos = Array(repeating: nil, count: project.configuration.outputs.count)
        var byUnits: [String: BuildCache] = [:]
        caches = project.configuration.outputs.map { output in
            let units = "\(output.units?.rawValue ?? "")\u{0}\(output.remBase)"
            if let cache = byUnits[units] { return cache }
            let cache = BuildCache()
            byUnits[units] = cache
            return cache
        }
    }

    /// The themes the build's outputs read.
    public var themes: Set<String> { Set(project.configuration.outputs.map(\.theme)) }

    /// The build's themes that a change touched (changed, fixed, added or removed; a theme that extends a changed one
    /// is itself reported changed).
    public func affected(by report: ReloadReport) -> Set<String> {
        let touched = report.changes.map(\.theme) + report.recovered.map(\.theme) + report.added + report.removed
        return themes.intersection(touched)
    }

    /// Computes every output again and writes those whose files differ (start-up, or after a rescan).
    public mutating func refreshAll(call: @escaping BuildCall) async -> Refresh {
        await refreshAll(source: BuildSource(call: call))
    }

    /// `refreshAll`, reading through `source`.
    public mutating func refreshAll(source: BuildSource) async -> Refresh {
        await refresh(themes: themes, source: source)
    }

    /// After a change: the outputs of the themes it touched, and a line for each of the build's themes it left in
    /// error.
    public mutating func refresh(after report: ReloadReport, call: @escaping BuildCall) async -> Refresh {
        await refresh(after: report, source: BuildSource(call: call))
    }

    /// `refresh(after:call:)`, reading through `source`.
    public mutating func refresh(after report: ReloadReport, source: BuildSource) async -> Refresh {
        // A theme only whose values changed: its outputs resolve only the changed keys again.
        let replaced = Set(report.recovered.map(\.theme) + report.added + report.removed)
        var changed: [String: [Attribute: [String]]] = [:]
        for change in report.changes where !replaced.contains(change.theme) {
            for (attribute, keys) in change.changed {
                changed[change.theme, default: [:]][attribute, default: []] += keys
            }
        }
        var result = await refresh(themes: affected(by: report), changed: changed, source: source)
        result.problems += problems(in: report)
        return result
    }

    /// A line for each of the build's themes a change left in error: their outputs keep the last good files.
    public func problems(in report: ReloadReport) -> [String] {
        report.failures.filter { themes.contains($0.theme) }.map { failure in
            let errors = failure.errors.map(\.description).joined(separator: "; ")
            let kept = failure.generation > 0 ? "its outputs keep their last good files" : "its outputs are not written"
            return "theme '\(failure.theme)' has errors (\(kept)): \(errors)"
        }
    }

    /// Computes the outputs of `themes` and writes what changed. An output of a theme in `changed` (the keys whose
    /// values a change touched) resolves only those keys again when nothing else about the theme changed.
    public mutating func refresh(
        themes: Set<String>, changed: [String: [Attribute: [String]]] = [:], call: @escaping BuildCall
    ) async -> Refresh {
        await refresh(themes: themes, changed: changed, source: BuildSource(call: call))
    }

    /// `refresh(themes:changed:call:)`, reading through `source` (each question answered once in this refresh).
    public mutating func refresh(
        themes: Set<String>, changed: [String: [Attribute: [String]]] = [:], source: BuildSource
    ) async -> Refresh {
        let source = source.fresh()
        var result = Refresh()
        for (index, output) in project.configuration.outputs.enumerated() where themes.contains(output.theme) {
            do {
                var input: BuildInput?
                var unchanged: [BuildFile]?
                if let memo = memos[index], let keys = changed[output.theme] {
                    if let update = try await memo.input.updated(
                        changed: keys, keys: memo.keys, selected: memo.selected, source: source)
                    {
                        input = update.input
                        memos[index]?.input = update.input
                        // Nothing it writes changed: its files are those made last time.
                        if !update.differs { unchanged = memo.files }
                    }
                }
                if input == nil {
                    var resolved = try await BuildInput.resolved(
                        output, file: project.configuration.file, source: source)
                    resolved.input.cache = caches[index]
                    memos[index] = Memo(input: resolved.input, keys: resolved.keys, selected: resolved.selected)
                    input = resolved.input
                }
                guard let input else { continue }
                let files =
                    unchanged
                    ?? BuildFormat.files(input).map { BuildFile(path: project.absolute($0.path), content: $0.content) }
                memos[index]?.files = files
                let written = try BuildProject.write(files)
                result.written += written
                if written.isEmpty { result.unchanged += 1 }
                states[index] = .current
            } catch {
                memos[index] = nil
                let message = "\(project.absolute(output.file)): not rebuilt: \(Self.describe(error))"
                states[index] = .failed(message)
                result.problems.append(message)
            }
        }
        return result
    }

    /// An error's message as the CLI would print it.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as BuildError: error.description
        case let error as RPCError: error.explanation
        default: "\(error)"
        }
    }
}
