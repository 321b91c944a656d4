import SnapStyleJSON

/// Diagnostics as a SARIF 2.1.0 log (OASIS' Static Analysis Results Interchange Format), the file GitHub code
/// scanning and other viewers read: one run of one tool, a rule per kind of problem, a result per diagnostic at its
/// file (a URI relative to the working directory, `SRCROOT`, when the file is below it), line and column.
public struct SARIFLog: Sendable {
    /// The tool's name and version (`tool.driver`).
    public var toolName: String
    public var toolVersion: String
    /// The absolute directory that relative files are relative to.
    public var workingDirectory: String
    public var diagnostics: [Diagnostic]

    /// The schema the log names (`$schema`).
    public static let schema =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// The base id relative artifact locations name; the run maps it to the working directory.
    public static let sourceRoot = "SRCROOT"

    public init(toolName: String, toolVersion: String, workingDirectory: String, diagnostics: [Diagnostic]) {
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.workingDirectory = workingDirectory
        self.diagnostics = diagnostics
    }

    /// The log as a JSON value.
    public var json: JSONValue {
        var rules: [DiagnosticRule] = []
        var ruleIndex: [String: Int] = [:]
        var levels: [Diagnostic.Severity] = []
        for diagnostic in diagnostics where ruleIndex[diagnostic.rule.id] == nil {
            ruleIndex[diagnostic.rule.id] = rules.count
            rules.append(diagnostic.rule)
            levels.append(diagnostic.severity)
        }
        let ruleObjects: [JSONValue] = zip(rules, levels).map { rule, level in
            [
                "id": .string(rule.id), "shortDescription": ["text": .string(rule.text)],
                "defaultConfiguration": ["level": .string(level.rawValue)],
            ]
        }
        let results: [JSONValue] = diagnostics.map { diagnostic in
            let result: JSONValue = [
                "ruleId": .string(diagnostic.rule.id),
                "ruleIndex": .integer(Int64(ruleIndex[diagnostic.rule.id] ?? 0)),
                "level": .string(diagnostic.severity.rawValue),
                "message": ["text": .string(diagnostic.message)],
                "locations": [["physicalLocation": physicalLocation(diagnostic)]],
            ]
            return result
        }
        let driver: JSONValue = [
            "name": .string(toolName), "version": .string(toolVersion), "rules": .array(ruleObjects),
        ]
        let run: JSONValue = [
            "tool": ["driver": driver],
            "originalUriBaseIds": [Self.sourceRoot: ["uri": .string(Self.fileURI(directory: workingDirectory))]],
            "columnKind": "unicodeCodePoints",
            "results": .array(results),
        ]
        return ["$schema": .string(Self.schema), "version": "2.1.0", "runs": [run]]
    }

    func physicalLocation(_ diagnostic: Diagnostic) -> JSONValue {
        var artifact: JSONObject
        if diagnostic.file.hasPrefix("/") {
            artifact = ["uri": .string("file://" + Self.encoded(diagnostic.file))]
        } else {
            artifact = ["uri": .string(Self.encoded(diagnostic.file)), "uriBaseId": .string(Self.sourceRoot)]
        }
        var location: JSONObject = ["artifactLocation": .object(artifact)]
        if let line = diagnostic.line {
            var region: JSONObject = ["startLine": .integer(Int64(line))]
            if let column = diagnostic.column { region.append("startColumn", .integer(Int64(column))) }
            location.append("region", .object(region))
        }
        return .object(location)
    }

    /// `file:///DIRECTORY/` (a base URI ends with a slash).
    static func fileURI(directory: String) -> String {
        "file://" + encoded(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// A path as a URI path: every byte but RFC 3986's unreserved characters and `/` percent-encoded (a `:` too, so
    /// that a relative path's first segment never reads as a scheme).
    static func encoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF")
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
            }
        }
        return result
    }
}
