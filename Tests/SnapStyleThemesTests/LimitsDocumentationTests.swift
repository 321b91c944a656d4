import Foundation
import SnapStyleEngine
import Testing

/// `Limits` is the one place for every bound, and docs/daemon.md's table lists exactly its members, each with the
/// default the code has.
@Suite struct LimitsDocumentationTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every bound, by name. A new member of `Limits` fails the first test until it is named here, and so in the
    /// docs.
    static let values: [String: Int] = [
        "referenceDepth": Limits.referenceDepth, "extendsDepth": Limits.extendsDepth, "calcDepth": Limits.calcDepth,
        "fileBytes": Limits.fileBytes, "largeTokenTheme": Limits.largeTokenTheme,
        "largeTokenFiles": Limits.largeTokenFiles, "eventStreams": Limits.eventStreams,
        "shutdownSeconds": Limits.shutdownSeconds, "objectMembers": Limits.objectMembers,
        "overrideDefinitions": Limits.overrideDefinitions, "responseBytes": Limits.responseBytes,
        "suggestionCandidates": Limits.suggestionCandidates, "suggestionQueries": Limits.suggestionQueries,
        "valueParts": Limits.valueParts, "messageCharacters": Limits.messageCharacters,
        "quotedCharacters": Limits.quotedCharacters, "listedErrors": Limits.listedErrors,
        "mcpSubscriptions": Limits.mcpSubscriptions, "mcpSearchQueryBytes": Limits.mcpSearchQueryBytes,
        "previewHeadSeconds": Limits.previewHeadSeconds, "previewIdleSeconds": Limits.previewIdleSeconds,
        "previewConnectionsPerAddress": Limits.previewConnectionsPerAddress, "batchEntries": Limits.batchEntries,
        "auditContextVariables": Limits.auditContextVariables,
        "subscriptionsPerConnection": Limits.subscriptionsPerConnection,
        "queriesPerConnection": Limits.queriesPerConnection, "lineBytes": Limits.lineBytes,
        "connections": Limits.connections, "queuedBytes": Limits.queuedBytes, "cacheBytes": Limits.cacheBytes,
        "cachedOverrides": Limits.cachedOverrides, "jsonDepth": Limits.jsonDepth, "whenNesting": Limits.whenNesting,
        "meshSide": Limits.meshSide, "mcpLineBytes": Limits.mcpLineBytes,
        "editorDocumentBytes": Limits.editorDocumentBytes, "documentColors": Limits.documentColors,
        "styleSheetWarnings": Limits.styleSheetWarnings, "styleSheetSuggestions": Limits.styleSheetSuggestions,
        "styleSheetFiles": Limits.styleSheetFiles, "completionItems": Limits.completionItems,
        "scanDepth": Limits.scanDepth, "referenceNesting": Limits.referenceNesting,
    ]

    /// The names `Limits` declares, read from its source.
    static func declared() throws -> Set<String> {
        let source = try String(
            contentsOf: checkout.appendingPathComponent("Sources/SnapStyleVocabulary/Limits.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"public static let (\w+)"#)
        let range = NSRange(source.startIndex..., in: source)
        return Set(
            pattern.matches(in: source, range: range).map { String(source[Range($0.range(at: 1), in: source)!]) })
    }

    /// docs/daemon.md's table: each row's `Limits.` name and its default.
    static func documented() throws -> [String: String] {
        let text = try String(contentsOf: checkout.appendingPathComponent("docs/daemon.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Limits, in one place").dropFirst().first)
        var rows: [String: String] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[2].hasPrefix("`"), cells[2] != "`Limits.`" else { continue }
            rows[cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[3]
        }
        return rows
    }

    /// How a default may be written: `10,000`, `128`, `64 MiB`, `4 s`.
    static func writings(_ value: Int) -> Set<String> {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        formatter.usesGroupingSeparator = true
        var result: Set = [String(value), formatter.string(from: NSNumber(value: value))!, "\(value) s"]
        if value % (1 << 20) == 0 { result.insert("\(value >> 20) MiB") }
        return result
    }

    @Test func everyMemberOfLimitsIsNamedHere() throws {
        #expect(try Self.declared() == Set(Self.values.keys))
    }

    @Test func theDocsTableListsExactlyTheLimitsWithTheirDefaults() throws {
        let rows = try Self.documented()
        #expect(Set(rows.keys) == Set(Self.values.keys), "\(Set(rows.keys).symmetricDifference(Self.values.keys))")
        for (name, value) in Self.values {
            guard let written = rows[name] else { continue }
            #expect(Self.writings(value).contains(written), "\(name): the docs say \(written), the code \(value)")
        }
    }
}
