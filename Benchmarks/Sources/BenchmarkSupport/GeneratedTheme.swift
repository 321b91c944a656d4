import Foundation

/// A generated theme of number keys in the shape of Style Dictionary's perf budget: `keys` keys, 60% of them
/// references, in chains of up to 30 (blocks of 50 keys: 20 values, then 30 references each naming the key
/// before it), written as `files` files of a directory theme named `big` in a fresh root.
public struct GeneratedTheme: Sendable {
    public let root: String
    public let keys: Int
    public let files: Int

    public init(keys: Int = 10_000, files: Int = 100) {
        self.keys = keys
        self.files = files
        root = NSTemporaryDirectory() + "snapstyle-bench-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: root + "/big", withIntermediateDirectories: true)
        for file in 0..<files { write(file: file, variant: 0) }
    }

    public var perFile: Int { keys / files }

    public static func isReference(_ index: Int) -> Bool { index % 50 >= 20 }

    /// The index of the key whose change reaches the longest chain (the last value before a chain of 30).
    public static let chainHead = 19

    public func path(file: Int) -> String { String(format: "%@/big/part%03d.json", root, file) }

    /// Uses an existing generated root.
    public init(root: String, keys: Int = 10_000, files: Int = 100) {
        self.root = root
        self.keys = keys
        self.files = files
    }

    /// Writes one file; `variant` changes the value of `chainHead`'s key when it is in this file.
    public func write(file: Int, variant: Int) { write(file: file, variant: variant, to: path(file: file)) }

    /// Writes one file's contents to `destination`.
    public func write(file: Int, variant: Int, to destination: String) {
        var text = "{\n  \"number\": {\n"
        let range = file * perFile..<(file + 1) * perFile
        for index in range {
            let definition: String
            if Self.isReference(index) {
                definition = "{\"ref\": \"k\(index - 1)\"}"
            } else {
                definition = "\(index % 97 + (index == Self.chainHead ? variant : 0))"
            }
            text += "    \"k\(index)\": \(definition)\(index == range.upperBound - 1 ? "" : ",")\n"
        }
        text += "  }\n}\n"
        let fd = open(destination, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.utf8CString.withUnsafeBufferPointer { Foundation.write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    public func remove() { try? FileManager.default.removeItem(atPath: root) }
}
