import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleSystem

/// Very large themes read and compiled off the store's lock (`defersLargeCompiles`): a change to one is left
/// pending by `apply` and `reloadAll` (`ReloadReport.deferred`), taken by `takeDeferredCompile`, worked on by
/// `run` while other themes' changes are applied, and put in place by `install`. The theme serves its last
/// generation meanwhile (a theme never compiled yet is `loading`).
extension ThemeStore {
    /// One very large theme's pending change, with the record it works on. A reference: `install` takes the
    /// record out, so that the theme's files and layers are uniquely held again while it is built (a copy left
    /// behind would make every in-place change of them copy them whole).
    public final class DeferredCompile: Sendable {
        public let theme: String
        let touched: TouchedFiles
        let work: Locked<(record: Record?, changed: Set<String>)>

        init(theme: String, touched: TouchedFiles, record: Record) {
            self.theme = theme
            self.touched = touched
            work = Locked((record, []))
        }
    }

    /// Whether a theme's tokens are so many (or its token files so large) that reading and compiling them would
    /// hold other themes' changes for long.
    func isLargeToCompile(_ record: Record) -> Bool {
        guard let location = record.location else { return false }
        if record.tokenCount >= Limits.largeTokenTheme { return true }
        guard record.files.isEmpty || ThemeBuilder.hasTokens(record) else { return false }
        var bytes = 0
        for path in ThemeDiscovery.files(of: location, fileSystem: fileSystem)
        where ThemeDiscovery.FileRole(path: path) == .tokens {
            bytes += fileSystem.size(of: "\(location.root.path)/\(path)") ?? 0
        }
        return bytes >= Limits.largeTokenFiles
    }

    /// Takes a pending change of a theme whose compile is not running yet; nil when there is none.
    public func takeDeferredCompile() -> DeferredCompile? {
        state.withLock { state in
            // A theme that went away since its change was noted has nothing left to compile.
            for name in state.deferred.keys where state.build.records[name] == nil { state.deferred[name] = nil }
            guard let name = state.deferred.keys.sorted().first(where: { !state.compiling.contains($0) }),
                let touched = state.deferred.removeValue(forKey: name), let record = state.build.records[name]
            else { return nil }
            state.compiling.insert(name)
            // The token memo goes with the work, so that it has one owner.
            state.build.records[name]?.tokenMemo = TokenMemo()
            return DeferredCompile(theme: name, touched: touched, record: record)
        }
    }

    /// Reads and compiles what the change touched. Holds none of the store's locks: call it off every event loop.
    public func run(_ job: DeferredCompile) {
        guard var record = job.work.withLock({ $0.record.take() }) else { return }
        let changed = builder.readAndCompile(&record, job.touched, moved: false)
        job.work.withLock { $0 = (record, changed) }
    }

    /// Puts a compiled change in place and builds the theme (and the themes extending it); what that did. A job
    /// whose theme went away or moved meanwhile is dropped (its newer change is pending already).
    public func install(_ job: DeferredCompile) -> ReloadReport {
        var (done, changed) = job.work.withLock { work in
            defer { work = (nil, []) }
            return work
        }
        return state.withLock { state in
            var report = ReloadReport()
            state.compiling.remove(job.theme)
            if done != nil, state.build.records[job.theme]?.location == done?.location {
                // Taken out of the state, and the compiled copy let go, so that the build changes them in place.
                var record = state.build.records.removeValue(forKey: job.theme)!
                record.files = done!.files
                record.fileOrder = done!.fileOrder
                record.tokenCount = done!.tokenCount
                record.tokenMemo = done!.tokenMemo
                record.referencedFiles = done!.referencedFiles
                for (path, file) in done!.memo.previous where record.memo.previous[path] == nil {
                    record.memo.previous[path] = file
                }
                done = nil
                state.build.records[job.theme] = record
                if !changed.isEmpty || record.isPending || job.touched.isEmpty {
                    install(builder.rebuild([job.theme: changed], &state.build, &report), &state)
                }
            }
            if state.deferred[job.theme] != nil { report.deferred.append(job.theme) }
            publish(state)
            return report
        }
    }
}
