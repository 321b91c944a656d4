/// Token files written to hurt, shared by the store's tests and the end-to-end tests.
public enum HostileTokens {
    /// `t0` → `{t1}` → … → `t<count>` = 5 (or → `{t0}`, a cycle), one token per line from line 2, and `other` = 7.
    public static func aliasChain(_ count: Int, cycle: Bool = false) -> String {
        var lines = (0..<count).map { #"  "t\#($0)": {"$type": "number", "$value": "{t\#($0 + 1)}"},"# }
        let last = cycle ? #""{t0}""# : "5"
        lines.append(#"  "t\#(count)": {"$type": "number", "$value": \#(last)},"#)
        lines.append(#"  "other": {"$type": "number", "$value": 7}"#)
        return "{\n" + lines.joined(separator: "\n") + "\n}\n"
    }

    /// Groups `g0` … `g<count>`, each extending the next and holding one token of its own, and `other` = 7.
    public static func extendsChain(_ count: Int) -> String {
        var lines = (0..<count).map { #"  "g\#($0)": {"$extends": "{g\#($0 + 1)}", "v\#($0)": {"$value": \#($0)}},"# }
        lines.append(#"  "g\#(count)": {"$type": "number", "v\#(count)": {"$value": \#(count)}},"#)
        lines.append(#"  "other": {"$type": "number", "$value": 7}"#)
        return "{\n" + lines.joined(separator: "\n") + "\n}\n"
    }

    /// `count` oklch colors on one line (about 95 bytes each).
    public static func manyColors(_ count: Int) -> String {
        let tokens = (0..<count).map {
            #""c\#($0)": {"$type": "color", "$value": {"colorSpace": "oklch", "components": [0.5, 0.1, \#($0 % 360)]}}"#
        }
        return "{" + tokens.joined(separator: ", ") + "}\n"
    }

    /// Tokens Studio multi-value spacing tokens `s0` … `s<levels>`, each naming the one below `fanOut` times
    /// (`"{s0} {s0} {s0} {s0}"`): about 2 KB whose last token expands to `fanOut^levels` values. `ok` = #336699.
    public static func exponentialAliases(levels: Int = 30, fanOut: Int = 4) -> String {
        var lines = [#"  "s0": {"value": "8px 64px", "type": "spacing"},"#]
        for level in 1...levels {
            let value = Array(repeating: "{s\(level - 1)}", count: fanOut).joined(separator: " ")
            lines.append(#"  "s\#(level)": {"value": "\#(value)", "type": "spacing"},"#)
        }
        lines.append(##"  "ok": {"value": "#336699", "type": "color"}"##)
        return "{\n" + lines.joined(separator: "\n") + "\n}\n"
    }

    /// `count` colors `c0` … and `count` aliases `a0` … to tokens that do not exist (`{missing.color.number0}`).
    public static func aliasesToNothing(_ count: Int) -> String {
        var tokens = (0..<count).map { ##""c\##($0)": {"$type": "color", "$value": "#112233"}"## }
        tokens += (0..<count).map { #""a\#($0)": {"$type": "color", "$value": "{missing.color.number\#($0)}"}"# }
        return "{" + tokens.joined(separator: ",\n") + "}\n"
    }
}
