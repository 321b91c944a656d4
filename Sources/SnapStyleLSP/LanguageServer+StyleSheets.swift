import SnapStyleEngine
import SnapStyleJSON
import SnapStyleMethods
import SnapStyleSystem
import SnapStyleExport

extension LanguageServer {
    /// The language id of a style sheet or markup file by its extension, nil for any other file.
    static func styleSheetLanguage(ofPath path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "css": return "css"
        case "scss": return "scss"
        case "less": return "less"
        case "html", "htm": return "html"
        case "js", "mjs", "cjs": return "javascript"
        case "ts", "mts", "cts": return "typescript"
        case "jsx": return "javascriptreact"
        case "tsx": return "typescriptreact"
        case "vue": return "vue"
        case "svelte": return "svelte"
        default: return nil
        }
    }

    /// The style sheets on disk under the workspace folders (hidden folders and `node_modules` left out), at most
    /// `Limits.styleSheetFiles`, in path order.
    func styleSheetsOnDisk() -> [(path: String, languageID: String)] {
        let disk = POSIXFileSystem()
        var found: [(String, String)] = []
        var pending = workspaceFolders.sorted().reversed().map { $0 }
        var visited = Set<String>()
        while let directory = pending.popLast(), found.count < Limits.styleSheetFiles {
            guard visited.insert(directory).inserted, let entries = try? disk.entries(of: directory) else { continue }
            let base = directory == "/" ? "" : directory
            var directories: [String] = []
            for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
                let path = base + "/" + entry.name
                switch entry.kind {
                case .directory where entry.name != "node_modules": directories.append(path)
                case .file:
                    if let language = Self.styleSheetLanguage(ofPath: path), found.count < Limits.styleSheetFiles {
                        found.append((path, language))
                    }
                default: break
                }
            }
            pending += directories.reversed()
        }
        return found
    }

    /// The edits that rename the CSS names of a key (`--surface-brand`, `--font-title-font-size`, ...) to those of
    /// `newKey` in the open style sheets and in those on disk under the workspace folders.
    func styleSheetEdits(attribute: Attribute, key: String, newKey: String)
        -> [String: [(start: LSPPosition, end: LSPPosition, text: String)]]
    {
        guard let table = cssTable else { return [:] }
        var renamed: [String: String] = [:]
        let native = ("--" + ThemeExport.kebab(attribute.rawValue) + "-" + ThemeExport.kebab(key), true)
        let imported = ("--" + ThemeExport.kebab(key), false)
        for name in table.names {
            guard let entry = table[name], entry.attribute == attribute, entry.key == key else { continue }
            for (base, isNative) in [native, imported] where name.hasPrefix(base) {
                let newBase =
                    isNative
                    ? "--" + ThemeExport.kebab(attribute.rawValue) + "-" + ThemeExport.kebab(newKey)
                    : "--" + ThemeExport.kebab(newKey)
                renamed[name] = newBase + name.dropFirst(base.count)
                break
            }
        }
        guard !renamed.isEmpty else { return [:] }
        var edits: [String: [(LSPPosition, LSPPosition, String)]] = [:]
        func collect(_ uri: String, _ document: TextDocument, _ languageID: String) {
            let scan = StyleSheetScan(bytes: document.bytes, languageID: languageID)
            let uses = scan.uses.filter { renamed[$0.name] != nil }
            let ranges = document.ranges(uses.map { ($0.start, $0.end) })
            for (use, range) in zip(uses, ranges) {
                edits[uri, default: []].append((range.start, range.end, renamed[use.name] ?? use.name))
            }
        }
        var openPaths = Set<String>()
        for (uri, entry) in open.sorted(by: { $0.key < $1.key }) where entry.isStyleSheet {
            openPaths.insert(entry.path)
            if entry.document.bytes.count <= Limits.editorDocumentBytes {
                collect(uri, entry.document, entry.languageID)
            }
        }
        let disk = POSIXFileSystem(maxFileBytes: Limits.editorDocumentBytes)
        for (path, language) in styleSheetsOnDisk() where !openPaths.contains(path) {
            guard let bytes = try? disk.read(path) else { continue }
            collect(FileURI.uri(path), TextDocument(bytes: bytes), language)
        }
        return edits
    }
}
