import Foundation

/// Theme roots as a git revision has them, written out with `git archive` into a temporary directory.
enum GitRevision {
    /// The top directory of the work tree holding `path`.
    static func topLevel(of path: String) throws(DiffError) -> String {
        let (status, output, error) = run(["git", "-C", path, "rev-parse", "--show-toplevel"])
        guard status == 0 else {
            throw DiffError(code: "diff.git", message: "not in a git repository: \(error)", place: path)
        }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The roots at `revision`: each root's files below a new temporary directory, at the same path relative to
    /// the repository (a root the revision does not have is an empty directory).
    static func materialize(revision: String, roots: [String], repository: String) throws(DiffError) -> DiffState {
        let (status, _, error) = run([
            "git", "-C", repository, "rev-parse", "--verify", "--quiet", revision + "^{commit}",
        ])
        guard status == 0 else {
            throw DiffError(
                code: "diff.revision", message: "neither a directory nor a git revision \(error)", place: revision)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "snapstyle-diff-\(UUID().uuidString)"
        ).path
        let state = DiffState(label: revision, roots: [], temporary: directory)
        var result = state
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let archive = directory + "/.archive.tar"
            for root in roots {
                let relative = relativePath(root, to: repository)
                let target = relative.map { directory + "/" + $0 } ?? root
                result.roots.append(target)
                guard let relative else { continue }
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
                var arguments = ["git", "-C", repository, "archive", "--format=tar", "-o", archive, revision]
                if !relative.isEmpty { arguments += ["--", relative] }
                // A path the revision does not have: the root is empty there.
                guard run(arguments).status == 0 else { continue }
                let (status, _, error) = run(["tar", "-x", "-f", archive, "-C", directory])
                guard status == 0 else {
                    throw DiffError(code: "diff.git", message: "cannot unpack the archive: \(error)", place: revision)
                }
                try? FileManager.default.removeItem(atPath: archive)
            }
        } catch let error as DiffError {
            state.discard()
            throw error
        } catch {
            state.discard()
            throw DiffError(code: "diff.git", message: "\(error)", place: directory)
        }
        return result
    }

    /// `root` relative to the repository (empty: the repository itself), nil when it is outside (then both sides
    /// read it as it is).
    static func relativePath(_ root: String, to repository: String) -> String? {
        let repository = URL(fileURLWithPath: repository).resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        if root == repository { return "" }
        return root.hasPrefix(repository + "/") ? String(root.dropFirst(repository.count + 1)) : nil
    }

    /// Runs a program found on PATH: its status, standard output and standard error (trimmed).
    static func run(_ arguments: [String]) -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (127, Data(), "\(error)") }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, out,
            String(decoding: err, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        )
    }
}
