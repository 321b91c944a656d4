import Foundation
import SnapStyleThemes

/// Where "go to definition" finds the preset's files: installed beside the binary
/// (`PREFIX/share/snapstyle/preset/`, as `make install` puts them), else a copy of the embedded preset written to
/// `$XDG_CACHE_HOME/snapstyle/preset/` (written again only when it differs).
public enum PresetFiles {
    public static func directory(environment: [String: String]) -> String? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/snapstyle/preset").path
        if FileManager.default.fileExists(atPath: installed + "/snap/theme.json") { return installed }
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/tmp") + "/.cache"
        let directory = cache + "/snapstyle/preset"
        do {
            try FileManager.default.createDirectory(
                atPath: directory + "/" + Preset.name, withIntermediateDirectories: true)
            for (path, bytes) in Preset.files {
                let target = directory + "/" + path
                if FileManager.default.contents(atPath: target).map(Array.init) != bytes {
                    try Data(bytes).write(to: URL(fileURLWithPath: target), options: .atomic)
                }
            }
            return directory
        } catch {
            return nil
        }
    }
}
