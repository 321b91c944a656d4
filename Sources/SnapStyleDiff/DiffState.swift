import Foundation
import SnapStyleSystem
import SnapStyleThemes
import SnapStyleVocabulary

/// One side of a diff: the theme roots as they were at a git revision, or as they are in a directory.
public struct DiffState: Sendable {
    /// `HEAD~1`, `working tree`, or the directory as given.
    public var label: String
    /// The roots this side loads, absolute.
    public var roots: [String]
    /// A directory made for this side (a revision's files), removed by `discard`.
    public var temporary: String?

    public init(label: String, roots: [String], temporary: String? = nil) {
        self.label = label
        self.roots = roots
        self.temporary = temporary
    }

    /// Builds every theme of the roots (and the built-in preset) in-process, once: no store, no watcher.
    public func load() -> ThemeBuild {
        let builder = ThemeBuilder(
            roots: roots.map { ThemeRoot(path: $0, origin: .config) },
            fileSystem: POSIXFileSystem(maxFileBytes: Limits.fileBytes))
        return builder.build().build
    }

    /// Removes the files made for this side.
    public func discard() {
        if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// The two sides `diff BASE [HEAD]` names. Two directories are two roots; otherwise BASE and HEAD are
    /// revisions of the git repository holding `roots` (default: the current directory), HEAD the working tree
    /// when it is not given.
    public static func sides(base: String, head: String?, roots given: [String]) throws(DiffError)
        -> (DiffState, DiffState)
    {
        if isDirectory(base) {
            guard let head, isDirectory(head) else {
                throw DiffError(
                    code: "diff.sides", message: "BASE is a directory, so HEAD must be one too",
                    place: head ?? base)
            }
            return (
                DiffState(label: base, roots: [absolute(base)]), DiffState(label: head, roots: [absolute(head)])
            )
        }
        let roots = (given.isEmpty ? [FileManager.default.currentDirectoryPath] : given).map(absolute)
        let repository = try GitRevision.topLevel(of: roots[0])
        let baseState = try GitRevision.materialize(revision: base, roots: roots, repository: repository)
        guard let head else { return (baseState, DiffState(label: "working tree", roots: roots)) }
        do {
            return (baseState, try GitRevision.materialize(revision: head, roots: roots, repository: repository))
        } catch {
            baseState.discard()
            throw error
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    static func absolute(_ path: String) -> String { POSIXFileSystem.normalized(POSIXFileSystem.absolute(path)) }
}

/// What stops a diff before any theme is compared: a bad revision, a missing directory, git failing.
public struct DiffError: Error, Sendable, CustomStringConvertible {
    /// `diff.sides`, `diff.git`, `diff.revision`.
    public var code: String
    public var message: String
    /// The argument, path or revision it is about.
    public var place: String

    public init(code: String, message: String, place: String) {
        self.code = code
        self.message = message
        self.place = place
    }

    public var description: String { "\(place): \(message) [\(code)]" }
}
