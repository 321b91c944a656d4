import Foundation
import SnapStyleEngine
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleProtocol
import SnapStyleMethods
import SnapStyleTestSupport
import SnapStyleThemes

extension TemporaryDirectory {
    /// The directory as a theme root of the user's configuration.
    var root: ThemeRoot { ThemeRoot(path: path, origin: .config) }
}

extension JSONValue {
    /// Whether every member `expected` gives is in `self` with the same value (objects recursively, numbers
    /// within 0.001, arrays element by element).
    func contains(_ expected: JSONValue, tolerance: Double = 0.001) -> Bool {
        switch (self, expected) {
        case (.object(let a), .object(let b)):
            return b.allSatisfy { member in
                a[member.key].map { $0.contains(member.value, tolerance: tolerance) } ?? false
            }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.contains($1, tolerance: tolerance) }
        default:
            if let x = doubleValue, let y = expected.doubleValue { return abs(x - y) <= tolerance }
            return self == expected
        }
    }
}

func json(_ text: String) -> JSONValue { try! Jansson.parse(text) }

/// A store with the preset and the given roots, loaded.
func loadedStore(_ roots: [ThemeRoot] = []) -> ThemeStore {
    let store = ThemeStore(roots: roots)
    store.reloadAll()
    return store
}

extension StyleMethods {
    /// Answers a method given by its protocol name, as the fixtures and the tests write it (nil: not a method that
    /// reads themes only).
    func handle(_ name: String, _ params: JSONValue?) throws(RPCError) -> JSONValue? {
        guard let method = Method(rawValue: name) else { return nil }
        return try answer(method, params)
    }
}
