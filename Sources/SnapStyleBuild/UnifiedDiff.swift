/// A unified diff of two texts by lines (`diff -u`'s format, three lines of context).
public enum UnifiedDiff {
    public static func text(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let edits = script(a, b)
        var result = "--- \(oldName)\n+++ \(newName)\n"
        // Group changed lines with their context into hunks.
        var index = 0
        while index < edits.count {
            guard edits[index].kind != " " else {
                index += 1
                continue
            }
            let start = max(0, index - context)
            var end = index
            var lastChange = index
            while end < edits.count, end - lastChange <= 2 * context {
                if edits[end].kind != " " { lastChange = end }
                end += 1
            }
            end = min(edits.count, lastChange + context + 1)
            let hunk = edits[start..<end]
            let oldStart = hunk.first.map { $0.oldLine } ?? 0
            let newStart = hunk.first.map { $0.newLine } ?? 0
            let oldCount = hunk.filter { $0.kind != "+" }.count
            let newCount = hunk.filter { $0.kind != "-" }.count
            result += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for edit in hunk { result += String(edit.kind) + edit.text + "\n" }
            index = end
        }
        return result
    }

    static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start - 1),0" : count == 1 ? "\(start)" : "\(start),\(count)"
    }

    static func lines(_ text: String) -> [String] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    struct Edit {
        var kind: Character
        var text: String
        /// 1-based line numbers in the old and new text where this edit stands.
        var oldLine: Int
        var newLine: Int
    }

    /// The edit script from a longest common subsequence (common prefix and suffix trimmed first).
    static func script(_ a: [String], _ b: [String]) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let x = Array(a[prefix..<(a.count - suffix)])
        let y = Array(b[prefix..<(b.count - suffix)])
        var lengths = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                lengths[i][j] = x[i] == y[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var oldLine = 1
        var newLine = 1
        func add(_ kind: Character, _ text: String) {
            edits.append(Edit(kind: kind, text: text, oldLine: oldLine, newLine: newLine))
            if kind != "+" { oldLine += 1 }
            if kind != "-" { newLine += 1 }
        }
        for line in a[..<prefix] { add(" ", line) }
        var i = 0
        var j = 0
        while i < x.count || j < y.count {
            if i < x.count, j < y.count, x[i] == y[j] {
                add(" ", x[i])
                i += 1
                j += 1
            } else if i < x.count, j == y.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                add("-", x[i])
                i += 1
            } else {
                add("+", y[j])
                j += 1
            }
        }
        for line in a[(a.count - suffix)...] { add(" ", line) }
        return edits
    }
}
