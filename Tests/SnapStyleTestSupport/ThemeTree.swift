import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One random change applied to theme roots on disk, and the paths a file watcher would report for it.
public struct ThemeTreeStep: Sendable {
    public var description: String
    /// Absolute paths of every file and directory created, written, moved or deleted.
    public var paths: Set<String>
}

/// Applies random operations to real theme roots: files created, rewritten (in place or by an editor's atomic
/// save), renamed and deleted; theme directories renamed and deleted; a root deleted and recreated at once; a
/// root `snap.json` appearing and disappearing; a single-file theme replaced by a directory theme; files broken
/// and fixed. The same seed gives the same sequence.
public final class ThemeTree {
    public let roots: [String]
    var rng: SeededRandom
    let content = ThemeContentGenerator()
    var counter = 0

    public init(roots: [String], seed: UInt64) {
        self.roots = roots
        rng = SeededRandom(seed: seed)
        for root in roots { try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }
    }

    /// Applies one random operation.
    public func step() -> ThemeTreeStep {
        let root = rng.pick(roots)
        let name = rng.pick(ThemeContentGenerator.themeNames)
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<35: return writeDirectoryFile(root, name)
        case 35..<43: return writeSingleFile(root, name)
        case 43..<55: return deleteFile()
        case 55..<63: return renameFile()
        case 63..<69: return renameThemeDirectory(root)
        case 69..<74: return deleteThemeDirectory(root)
        case 74..<77: return recreateRoot(root)
        case 77..<80: return moveOutOrBackIn(root)
        case 80..<92: return toggleRootSnap(root)
        default: return replaceSingleFileByDirectory(root, name)
        }
    }

    // MARK: Operations

    func writeDirectoryFile(_ root: String, _ name: String) -> ThemeTreeStep {
        let file = rng.pick(["a.json", "b.json", "sub/c.json", "theme.json"])
        let tag = String(file.split(separator: "/").last!.prefix(1))
        let path = "\(root)/\(name)/\(file)"
        let text = content.text(tag: tag, manifest: file == "theme.json", using: &rng)
        var created = makeDirectories(for: path)
        created.insert(path)
        let how = write(path, text)
        return ThemeTreeStep(description: "\(how) \(path)", paths: created)
    }

    func writeSingleFile(_ root: String, _ name: String) -> ThemeTreeStep {
        let path = "\(root)/\(name).json"
        let how = write(path, content.text(tag: "s", manifest: false, using: &rng))
        return ThemeTreeStep(description: "\(how) \(path)", paths: [path])
    }

    func deleteFile() -> ThemeTreeStep {
        guard let path = allFiles().randomElement(using: &rng) else { return noop() }
        unlink(path)
        return ThemeTreeStep(description: "delete \(path)", paths: [path])
    }

    func renameFile() -> ThemeTreeStep {
        guard let path = allFiles().randomElement(using: &rng) else { return noop() }
        let directory = (path as NSString).deletingLastPathComponent
        let target = "\(directory)/\(rng.pick(["a.json", "b.json", "moved.json", "theme.json"]))"
        guard target != path else { return noop() }
        Glibc.rename(path, target)
        return ThemeTreeStep(description: "rename \(path) → \(target)", paths: [path, target])
    }

    func renameThemeDirectory(_ root: String) -> ThemeTreeStep {
        guard let from = themeDirectories(root).randomElement(using: &rng) else { return noop() }
        let to = "\(root)/\(rng.pick(ThemeContentGenerator.themeNames))"
        guard !exists(to) else { return noop() }
        Glibc.rename(from, to)
        return ThemeTreeStep(description: "mv \(from) \(to)", paths: filesBelow(to).union([from, to]))
    }

    func deleteThemeDirectory(_ root: String) -> ThemeTreeStep {
        guard let directory = themeDirectories(root).randomElement(using: &rng) else { return noop() }
        let paths = filesBelow(directory).union([directory])
        try? FileManager.default.removeItem(atPath: directory)
        return ThemeTreeStep(description: "rm -r \(directory)", paths: paths)
    }

    func recreateRoot(_ root: String) -> ThemeTreeStep {
        var paths = filesBelow(root).union([root])
        try? FileManager.default.removeItem(atPath: root)
        mkdir(root, 0o755)
        var description = "rm -r \(root); mkdir \(root)"
        if rng.chance(0.5) {
            let step = writeDirectoryFile(root, rng.pick(ThemeContentGenerator.themeNames))
            paths.formUnion(step.paths)
            description += "; \(step.description)"
        }
        return ThemeTreeStep(description: description, paths: paths)
    }

    /// A directory beside the roots, which themes leave to and come back from (the trash, a backup).
    var outside: String { (roots[0] as NSString).deletingLastPathComponent + "/outside" }

    /// A theme directory moved out of the roots, edited there, or one moved back in under a free name.
    func moveOutOrBackIn(_ root: String) -> ThemeTreeStep {
        try? FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let away = themeDirectories(outside)
        if let back = away.randomElement(using: &rng), rng.chance(0.6) {
            let target = "\(root)/\(rng.pick(ThemeContentGenerator.themeNames))"
            guard !exists(target) else { return noop() }
            Glibc.rename(back, target)
            return ThemeTreeStep(description: "mv \(back) \(target)", paths: filesBelow(target).union([target]))
        }
        guard let leaving = themeDirectories(root).randomElement(using: &rng) else { return noop() }
        counter += 1
        let target = "\(outside)/t\(counter)"
        Glibc.rename(leaving, target)
        // Edited while away: nothing the roots hold changes.
        if let file = filesBelow(target).filter({ $0.hasSuffix(".json") }).sorted().first {
            _ = write(file, content.text(tag: "a", manifest: false, using: &rng))
        }
        return ThemeTreeStep(description: "mv \(leaving) \(target)", paths: [leaving])
    }

    func toggleRootSnap(_ root: String) -> ThemeTreeStep {
        let path = "\(root)/snap.json"
        if exists(path) {
            unlink(path)
            return ThemeTreeStep(description: "delete \(path)", paths: [path])
        }
        let text =
            rng.chance(0.5)
            ? ##"{"font": {"title": {"size": 30, "weight": "bold"}}, "surface": {"onlyHere": "#123456"}}"##
            : content.text(tag: "s", manifest: false, using: &rng)
        let how = write(path, text)
        return ThemeTreeStep(description: "\(how) \(path)", paths: [path])
    }

    func replaceSingleFileByDirectory(_ root: String, _ name: String) -> ThemeTreeStep {
        let single = "\(root)/\(name).json"
        guard exists(single), !exists("\(root)/\(name)") else { return writeSingleFile(root, name) }
        unlink(single)
        let step = writeDirectoryFile(root, name)
        return ThemeTreeStep(
            description: "delete \(single); \(step.description)", paths: step.paths.union([single]))
    }

    func noop() -> ThemeTreeStep { ThemeTreeStep(description: "nothing", paths: []) }

    // MARK: Files

    /// Writes in place with open/write, or as an editor's atomic save (a hidden temporary file renamed over).
    func write(_ path: String, _ text: String) -> String {
        counter += 1
        let atomic = rng.chance(0.4)
        let directory = (path as NSString).deletingLastPathComponent
        let target = atomic ? "\(directory)/.\((path as NSString).lastPathComponent).\(counter)~" : path
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return "could not write" }
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
        if atomic { Glibc.rename(target, path) }
        return atomic ? "save" : "write"
    }

    func makeDirectories(for path: String) -> Set<String> {
        var created = Set<String>()
        var directory = (path as NSString).deletingLastPathComponent
        var missing: [String] = []
        while !exists(directory) {
            missing.append(directory)
            directory = (directory as NSString).deletingLastPathComponent
        }
        for directory in missing.reversed() {
            mkdir(directory, 0o755)
            created.insert(directory)
        }
        return created
    }

    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    func themeDirectories(_ root: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.sorted().map { "\(root)/\($0)" }.filter { isDirectory($0) }
    }

    func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    func filesBelow(_ directory: String) -> Set<String> {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        return Set(enumerator.compactMap { ($0 as? String).map { "\(directory)/\($0)" } })
    }

    func allFiles() -> [String] {
        roots.flatMap { filesBelow($0) }.filter { $0.hasSuffix(".json") && !isDirectory($0) }.sorted()
    }
}
