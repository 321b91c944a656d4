import Foundation

/// Writing the generated themes' files as an editor saves them: to a temporary name, then renamed over the file.
enum GeneratedFiles {
    static func write(_ text: String, to path: String) {
        let temporary = path + ".writing"
        try! text.write(toFile: temporary, atomically: false, encoding: .utf8)
        rename(temporary, path)
    }
}
