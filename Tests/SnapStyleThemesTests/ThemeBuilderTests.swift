import Foundation
import Glibc
import SnapStyleEngine
import SnapStyleSystem
import Testing

@testable import SnapStyleThemes

/// The theme builder on its own: files held in memory and the previous build in, the next build and a report out,
/// with no store, watcher or daemon.
@Suite struct ThemeBuilderTests {
    /// A theme root held in memory that remembers which files were read.
    final class MemoryFiles: ThemeFileSystem {
        static let root = "/themes"
        let files: Locked<[String: [UInt8]]>
        let reads = Locked<[String]>([])
        /// How many directories were listed.
        let listings = Locked(0)

        init(_ files: [String: String]) { self.files = Locked(files.mapValues { Array($0.utf8) }) }

        /// Writes a file, by its path relative to the root; its absolute path.
        @discardableResult
        func write(_ path: String, _ text: String) -> String {
            files.withLock { $0[path] = Array(text.utf8) }
            return "\(Self.root)/\(path)"
        }

        /// The paths read since the last call, relative to the root.
        func takeReads() -> [String] {
            reads.withLock { reads in
                defer { reads = [] }
                return reads.map { String($0.dropFirst(Self.root.count + 1)) }.sorted()
            }
        }

        func relative(_ path: String) -> String? {
            if path == Self.root { return "" }
            guard path.hasPrefix(Self.root + "/") else { return nil }
            return String(path.dropFirst(Self.root.count + 1))
        }

        func entries(of directory: String) throws(FileSystemError) -> [(name: String, kind: FileKind)] {
            guard let relative = relative(directory), kind(of: directory) == .directory else {
                throw FileSystemError(operation: "opendir", path: directory, errno: ENOENT)
            }
            listings.withLock { $0 += 1 }
            let prefix = relative.isEmpty ? "" : relative + "/"
            var kinds: [String: FileKind] = [:]
            for path in files.withLock({ Array($0.keys) }) where path.hasPrefix(prefix) {
                let rest = path.dropFirst(prefix.count)
                guard let name = rest.split(separator: "/").first else { continue }
                kinds[String(name)] = rest.contains("/") ? .directory : .file
            }
            return kinds.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }

        func kind(of path: String) -> FileKind? {
            guard let relative = relative(path) else { return nil }
            return files.withLock { files in
                if files[relative] != nil { return .file }
                if relative.isEmpty || files.keys.contains(where: { $0.hasPrefix(relative + "/") }) {
                    return .directory
                }
                return nil
            }
        }

        func size(of path: String) -> Int? { relative(path).flatMap { path in files.withLock { $0[path]?.count } } }

        func read(_ path: String, within root: String?) throws(FileSystemError) -> [UInt8] {
            guard let relative = relative(path), let bytes = files.withLock({ $0[relative] }) else {
                throw FileSystemError(operation: "open", path: path, errno: ENOENT)
            }
            reads.withLock { $0.append(path) }
            return bytes
        }

        func createDirectory(_ path: String, mode: UInt32) throws(FileSystemError) {
            throw FileSystemError(operation: "mkdir", path: path, errno: EROFS)
        }
    }

    static func builder(_ files: MemoryFiles) -> ThemeBuilder {
        ThemeBuilder(roots: [ThemeRoot(path: MemoryFiles.root, origin: .config)], fileSystem: files)
    }

    /// The `#RRGGBBAA` a surface key resolves to in a build's snapshot of a theme.
    static func hex(_ build: ThemeBuild, _ theme: String, _ key: String) throws -> String? {
        let served = try #require(build.theme(named: theme), "\(theme) has no good snapshot")
        return try served.session().resolve(.surface, key)?.json["hex"]?.stringValue
    }

    static func info(_ build: ThemeBuild, _ name: String) throws -> ThemeInfo {
        try #require(build.infos.first { $0.name == name }, "no theme \(name)")
    }

    /// What the rebuilt theme's cache drops: the nodes of a next generation's installation.
    static func dropped(_ output: ThemeBuilder.Output, _ theme: String) throws -> Set<NodeRef> {
        guard case .next(_, let changed) = try #require(output.installed[theme]) else {
            Issue.record("\(theme) was installed as a first generation")
            return []
        }
        return changed
    }

    static let colors = ##"""
        {"surface": {
          "probeBrand": "#0A6CFF",
          "probeAccent": {"ref": "probeBrand"},
          "probeOther": "#00AA00"
        }}
        """##

    static func ocean() -> MemoryFiles {
        MemoryFiles([
            "ocean/theme.json": ##"{"theme": {"extends": "snap", "description": "Ocean"}}"##,
            "ocean/colors.json": colors,
            "ocean/sizes.json": ##"{"number": {"probeGap": 8}}"##,
        ])
    }

    @Test func aFirstBuildReadsEveryFileAndServesEveryTheme() throws {
        let files = Self.ocean()
        let output = Self.builder(files).build()
        #expect(files.takeReads() == ["ocean/colors.json", "ocean/sizes.json", "ocean/theme.json"])
        #expect(output.report.added == ["ocean"])
        #expect(output.report.failures.isEmpty)
        let ocean = try Self.info(output.build, "ocean")
        #expect(ocean.state == .loaded)
        #expect(ocean.generation == 1)
        #expect(ocean.files == ["ocean/colors.json", "ocean/sizes.json", "ocean/theme.json"])
        #expect(output.build.servedNames == ["ocean", "snap"])
        #expect(try Self.hex(output.build, "ocean", "probeAccent") == "#0A6CFFFF")
        // Layered on the built-in preset.
        #expect(try Self.hex(output.build, "ocean", "snapWhite") == "#FFFFFFFF")
        guard case .first(let snapshot) = try #require(output.installed["ocean"]) else {
            Issue.record("a first build installs a first generation")
            return
        }
        #expect(snapshot.generation == 1)
    }

    @Test func aRebuildFromThePreviousBuildReadsOnlyTheChangedFile() throws {
        let files = Self.ocean()
        let builder = Self.builder(files)
        let first = builder.build()
        _ = files.takeReads()
        let path = files.write("ocean/colors.json", Self.colors.replacingOccurrences(of: "#0A6CFF", with: "#112233"))
        let next = builder.build(from: first.build, changedPaths: [path])
        #expect(files.takeReads() == ["ocean/colors.json"])
        let change = try #require(next.report.changes.first { $0.theme == "ocean" })
        #expect(change.generation == 2)
        #expect(change.changed == [.surface: ["probeAccent", "probeBrand"]])
        #expect(change.files == ["ocean/colors.json"])
        // The cache drops the edited key and its reader, nothing else.
        #expect(try Self.dropped(next, "ocean") == [.key(.surface, "probeAccent"), .key(.surface, "probeBrand")])
        #expect(try Self.hex(next.build, "ocean", "probeAccent") == "#112233FF")
        #expect(try Self.hex(next.build, "ocean", "probeOther") == "#00AA00FF")
        // The previous build is a value: it still serves what it served.
        #expect(try Self.hex(first.build, "ocean", "probeAccent") == "#0A6CFFFF")
        // Nothing touched: nothing read, nothing rebuilt.
        let idle = builder.build(from: next.build, changedPaths: [])
        #expect(files.takeReads() == [])
        #expect(idle.installed.isEmpty)
        #expect(try Self.info(idle.build, "ocean").generation == 2)
    }

    @Test func aBrokenFileKeepsThePreviousGoodSnapshotWithItsPlace() throws {
        let files = Self.ocean()
        let builder = Self.builder(files)
        let first = builder.build()
        let broken = "{\"surface\": {\n  \"probeBrand\": \"#0A6CFF\",\n  \"probeOther\": 12\n}}"
        let path = files.write("ocean/colors.json", broken)
        let failed = builder.build(from: first.build, changedPaths: [path])
        let failure = try #require(failed.report.failures.first { $0.theme == "ocean" })
        #expect(failure.generation == 1)
        let error = try #require(failure.errors.first)
        // Where the number stands in the file, counted from 1.
        let line = broken.split(separator: "\n", omittingEmptySubsequences: false)[2]
        let column = line.distance(from: line.startIndex, to: try #require(line.range(of: "12")).lowerBound) + 1
        #expect((error.file, error.line, error.column) == ("ocean/colors.json", 3, column))
        #expect(failed.installed["ocean"] == nil)
        let info = try Self.info(failed.build, "ocean")
        #expect(info.state == .error)
        #expect(info.errors.map(\.file) == ["ocean/colors.json"])
        // The last good snapshot still serves.
        #expect(failed.build.snapshot(named: "ocean")?.generation == 1)
        #expect(try Self.hex(failed.build, "ocean", "probeAccent") == "#0A6CFFFF")
        // Fixed again: the theme recovers with a new generation.
        files.write("ocean/colors.json", Self.colors.replacingOccurrences(of: "#00AA00", with: "#00BB00"))
        let fixed = builder.build(from: failed.build, changedPaths: [path])
        #expect(fixed.report.recovered.map(\.theme) == ["ocean"])
        #expect(try Self.info(fixed.build, "ocean").state == .loaded)
        #expect(try Self.hex(fixed.build, "ocean", "probeOther") == "#00BB00FF")
    }

    /// A DTCG theme of `count` colors, `color.c0` … and `color.alias` naming `color.c0`, with `color.c0` set to
    /// `first`.
    static func tokens(first: String, count: Int = 12) -> String {
        var members = [##""c0": {"$value": "\##(first)"}"##, ##""alias": {"$value": "{color.c0}"}"##]
        for index in 1..<count {
            members.append(##""c\##(index)": {"$value": "#0000\##(String(format: "%02X", index))"}"##)
        }
        return ##"{"color": {"$type": "color", \##(members.joined(separator: ", "))}}"##
    }

    @Test func aTokenEditRecompilesAndInvalidatesOnlyWhatChanged() throws {
        let files = MemoryFiles(["brand/colors.tokens.json": Self.tokens(first: "#FF0000")])
        let builder = Self.builder(files)
        let first = builder.build()
        #expect(try Self.info(first.build, "brand").tokens == 13)
        #expect(try Self.hex(first.build, "brand", "color.alias") == "#FF0000FF")
        let path = files.write("brand/colors.tokens.json", Self.tokens(first: "#00FF00"))
        let next = builder.build(from: first.build, changedPaths: [path])
        // The compiler recompiled the edited token only, and the build took in what that changed.
        let compiled = try #require(next.build.records["brand"]?.files[ThemeBuilder.tokensUnit])
        #expect(compiled.recompiled == ["color.c0"])
        let change = try #require(next.report.changes.first { $0.theme == "brand" })
        #expect(change.changed == [.surface: ["color.alias", "color.c0"]])
        #expect(try Self.dropped(next, "brand") == [.key(.surface, "color.alias"), .key(.surface, "color.c0")])
        #expect(try Self.hex(next.build, "brand", "color.alias") == "#00FF00FF")
        #expect(try Self.hex(next.build, "brand", "color.c5") == "#000005FF")
    }

    /// A save through a temporary file renamed over the theme file: the watcher reports both paths, and the
    /// temporary one is gone by the time the change is applied. Nothing new can have appeared: the edited file is
    /// read, and no directory is listed again.
    @Test func aSaveThroughATemporaryFileReadsTheFileAndListsNothing() throws {
        let files = MemoryFiles([
            "brand/colors.tokens.json": Self.tokens(first: "#FF0000"),
            "brand/more/sizes.tokens.json": ##"{"size": {"$type": "dimension", "s1": {"$value": "4px"}}}"##,
        ])
        let builder = Self.builder(files)
        let first = builder.build()
        _ = files.takeReads()
        files.listings.withLock { $0 = 0 }
        let path = files.write("brand/colors.tokens.json", Self.tokens(first: "#00FF00"))
        let next = builder.build(from: first.build, changedPaths: [path, path + ".tmp.wrXr4k2T"])
        #expect(files.takeReads() == ["brand/colors.tokens.json"])
        #expect(files.listings.withLock { $0 } == 0)
        #expect(try Self.hex(next.build, "brand", "color.alias") == "#00FF00FF")
        #expect(
            try Self.info(next.build, "brand").files == ["brand/colors.tokens.json", "brand/more/sizes.tokens.json"])
        // A file that appeared is found by listing the theme again.
        let added = files.write(
            "brand/more/extra.tokens.json", ##"{"extra": {"$type": "number", "n": {"$value": 2}}}"##)
        let grown = builder.build(from: next.build, changedPaths: [added])
        #expect(files.listings.withLock { $0 } > 0)
        #expect(try Self.info(grown.build, "brand").tokens == 15)
    }
}
