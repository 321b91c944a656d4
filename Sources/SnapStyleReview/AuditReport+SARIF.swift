import SnapStyleEngine
import SnapStyleJSON

extension AuditReport {
    /// The base id of the built-in preset's files in SARIF locations.
    static let presetBase = "SNAPSTYLE_PRESET"

    /// SARIF 2.1.0: one result per failing pair, at the foreground key's definition.
    public func sarif(version: String) -> JSONValue {
        var results: [JSONValue] = []
        for theme in themes {
            for finding in theme.findings where !finding.measurement.passes {
                results.append(sarifResult(finding, theme: theme.theme))
            }
        }
        let rules: [JSONValue] = SarifRule.allCases.map { rule in
            .object([
                "id": .string(rule.rawValue), "shortDescription": .object(["text": .string(rule.description)]),
                "helpUri": .string(rule.help),
            ])
        }
        let driver: JSONObject = [
            "name": "snapstyle audit", "version": .string(version),
            "informationUri": "https://www.w3.org/TR/WCAG22/#contrast-minimum", "rules": .array(rules),
        ]
        let run: JSONObject = [
            "tool": .object(["driver": .object(driver)]),
            "originalUriBaseIds": .object([
                Self.presetBase: .object([
                    "description": .object(["text": "The built-in preset theme 'snap', embedded in snapstyle."])
                ])
            ]),
            "results": .array(results),
        ]
        return .object([
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
            "runs": .array([.object(run)]),
        ])
    }

    func sarifResult(_ finding: AuditFinding, theme: String) -> JSONValue {
        let m = finding.measurement
        var message =
            "\(theme): \(m.subject.name): \(m.foreground.name) \(m.foregroundColor.shortHex) over "
            + "\(m.background.name) \(m.backgroundColor.shortHex): \(m.measuredText(apca: options.apca)); in "
            + AuditContext.names(finding.contexts).joined(separator: ", ")
        if let fix = finding.suggestion { message += ". Suggestion: " + fix.text }
        var result: JSONObject = [
            "ruleId": .string(SarifRule(m).rawValue), "level": "error", "message": .object(["text": .string(message)]),
        ]
        if let location = m.foreground.location {
            var artifact: JSONObject = ["uri": .string(Self.uri(location.file))]
            if location.builtin { artifact["uriBaseId"] = .string(Self.presetBase) }
            result["locations"] = .array([
                .object([
                    "physicalLocation": .object([
                        "artifactLocation": .object(artifact),
                        "region": .object([
                            "startLine": .integer(Int64(max(location.line, 1))),
                            "startColumn": .integer(Int64(max(location.column, 1))),
                        ]),
                    ])
                ])
            ])
        }
        result["properties"] = .object([
            "theme": .string(theme), "ratio": .number(m.ratio),
            "required": m.requirement.ratio.map(JSONValue.number) ?? .null, "lc": .number(m.lightnessContrast),
            "contexts": .array(AuditContext.names(finding.contexts).map(JSONValue.string)),
        ])
        return .object(result)
    }

    /// A path as a URI reference: relative paths stay relative, absolute ones become `file://` URIs; characters
    /// outside the unreserved set and `/` are percent-encoded.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.append(Character(Unicode.Scalar(byte)))
            default:
                let digits = Array("0123456789ABCDEF")
                encoded += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}

/// The rules a SARIF result names.
enum SarifRule: String, CaseIterable {
    case text = "contrast-text"
    case nonText = "contrast-non-text"
    case apca = "contrast-apca"

    init(_ measurement: AuditMeasurement) {
        if let ratio = measurement.requirement.ratio, measurement.ratio < ratio {
            self = measurement.role == .text ? .text : .nonText
        } else {
            self = .apca
        }
    }

    var description: String {
        switch self {
        case .text: "Text contrast below WCAG 2.2 1.4.3 / 1.4.6"
        case .nonText: "Icon or border contrast below WCAG 2.2 1.4.11"
        case .apca: "APCA lightness contrast below the bronze level"
        }
    }

    var help: String {
        switch self {
        case .text: "https://www.w3.org/WAI/WCAG22/Understanding/contrast-minimum.html"
        case .nonText: "https://www.w3.org/WAI/WCAG22/Understanding/non-text-contrast.html"
        case .apca: "https://git.apcacontrast.com/documentation/WhyAPCA"
        }
    }
}
