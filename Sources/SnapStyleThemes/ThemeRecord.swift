import SnapStyleDTCG
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleSystem

/// One theme in a build: where its files are, what they hold, what it serves, and what its next build reuses.
struct ThemeRecord: Sendable {
    var name: String
    /// nil for the built-in preset.
    var location: ThemeDiscovery.Location?
    var files: [String: ThemeFile] = [:]
    var fileOrder: [String] = []
    /// Errors of the files on disk now (empty when the last change applied).
    var errors: [ThemeError] = []
    /// The last good build (nil while the theme never built without errors).
    var served: ThemeSnapshot?
    var shadowed: [String] = []
    var memo = BuildMemo()
    /// How many tokens the theme's DTCG files hold.
    var tokenCount = 0
    /// What the last compile of the tokens leaves for the next.
    var tokenMemo = TokenMemo()
    /// The token files the resolver names, while its parsed JSON is the same.
    var referencedFiles: (resolver: SourceNode, files: [String])?

    /// The files whose contributions make the theme's own layer: its files, then its compiled tokens.
    var contributions: [ThemeFile] {
        fileOrder.compactMap { files[$0] } + (files[ThemeBuilder.tokensUnit].map { [$0] } ?? [])
    }
    /// Errors of the tokens left out of the theme's compiled tokens (the rest serves).
    var tokenErrors: [ThemeError] { files[ThemeBuilder.tokensUnit]?.tokenErrors ?? [] }
    /// The token errors of the build the theme serves: a build that changes them is announced even when no
    /// value changes.
    var servedTokenErrors: [ThemeError] = []
    /// Warnings about the theme's files (its token files, compiled, last).
    var warnings: [ThemeError] {
        unlisted + fileOrder.flatMap { files[$0]?.warnings ?? [] } + (files[ThemeBuilder.tokensUnit]?.warnings ?? [])
    }
    /// Directories below the theme that could not be listed, said as warnings.
    var unlisted: [ThemeError] = []

    init(name: String) { self.name = name }

    var origin: ThemeOrigin { location?.root.origin ?? .builtin }
    var rootPath: String { location?.root.path ?? "(builtin)" }
    var manifest: ThemeManifest? { fileOrder.lazy.compactMap { self.files[$0]?.manifest }.first }
    var extends: String? {
        if location == nil { return nil }
        guard let manifest else { return Preset.name }
        return manifest.extends
    }
    /// A `snap` in a root that extends `snap`: it is layered on the built-in preset it shadows.
    var extendsBuiltinPreset: Bool { location != nil && name == Preset.name && extends == Preset.name }
    /// The theme of the store this one is layered on (none for the built-in preset underneath).
    var parent: String? { extendsBuiltinPreset ? nil : extends }
    /// Never built: neither served nor failed.
    var isPending: Bool { served == nil && errors.isEmpty }

    /// The theme's files are now those at `location` (or the preset's): nothing read before is reused.
    mutating func move(to location: ThemeDiscovery.Location?) {
        self.location = location
        files = [:]
        fileOrder = []
        memo = BuildMemo()
        tokenCount = 0
        if location == nil {
            for file in Preset.parsedFiles() { files[file.path] = file }
            fileOrder = Preset.files.map(\.path)
        }
    }
}

extension ThemeRecord {
    /// What an incremental build reuses from the last successful one. It belongs to one location of a theme's
    /// files: a theme that moves (another root, a file replaced by a directory, the built-in preset standing in
    /// again) or fails to build starts over with an empty memo, so its next build is a full one.
    struct BuildMemo: Sendable {
        /// Files as they were when the memo was taken, for those that changed since.
        var previous: [String: ThemeFile] = [:]
        /// The own layer of the last merge of the files, when it had no errors.
        var mergedLayer: ThemeLayer?
        /// The own layer and parent last applied.
        var goodLayer: ThemeLayer?
        var goodExtends: String?
        var graph = ReferenceGraph()
    }
}
