import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// The preset's audit against an independent computation: the WCAG formula, written again here, over the
/// compositions and accents the real daemon resolves, pair for pair in every context of the audit's JSON.
@Suite(.serialized) struct PresetContrastTests {
    /// WCAG 2.2 relative luminance and ratio, and source-over, on `[r, g, b, a]` as the wire's `rgba` gives them.
    static func luminance(_ c: [Double]) -> Double {
        let linear = c.prefix(3).map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func ratio(_ a: [Double], _ b: [Double]) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    static func over(_ top: [Double], _ below: [Double]) -> [Double] {
        let alpha: Double = top[3]
        let out: Double = alpha + below[3] * (1 - alpha)
        var result: [Double] = []
        for channel in 0..<3 {
            let mixed: Double = top[channel] * alpha + below[channel] * below[3] * (1 - alpha)
            result.append(mixed / out)
        }
        return result + [out]
    }

    /// A daemon connection that remembers answers (the same screen composition is asked for often).
    final class Daemon {
        let socket: LineSocket
        var answers: [String: JSONValue] = [:]
        var id = 0

        init(_ path: String) throws { socket = try LineSocket(path) }

        func call(_ method: String, _ params: JSONValue) throws -> JSONValue {
            let text = Jansson.encode(params)
            if let known = answers[method + text] { return known }
            id += 1
            socket.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(text)}"# + "\n")
            let line = try #require(socket.readLine(timeout: 30), "no answer to \(method) \(text)")
            let parsed = try Jansson.parse(line)
            let answer = try #require(parsed["result"], "an error for \(method) \(text): \(line)")
            answers[method + text] = answer
            return answer
        }
    }

    static func rgba(_ layer: JSONValue?) -> [Double]? {
        guard let value = layer?["value"], value["kind"]?.stringValue == "color" else { return nil }
        return value["rgba"]?.arrayValue?.compactMap(\.doubleValue)
    }

    @Test func everyRatioOfThePresetEqualsTheWCAGFormulaOverTheDaemonsValues() throws {
        let run = try CLIRun(["audit", "--theme", "snap", "--format", "json", "--all"])
        #expect(run.status == 1, "the preset has failing pairs (white on system blue is 4.02:1): \(run.stderr)")
        let report = try Jansson.parse(run.stdout)
        let theme = try #require(report["themes"]?.arrayValue?.first)
        let pairs = try #require(theme["pairs"]?.arrayValue)
        let contexts = try #require(theme["contexts"]?.arrayValue)
        #expect(contexts.count == 12, "light/dark × standard/high contrast × 3 Dynamic Type sizes")
        let measured = pairs.map { $0["contexts"]?.arrayValue?.count ?? 0 }.reduce(0, +)
        #expect(theme["measured"]?.intValue == measured, "--all lists every measurement, grouped by context")
        #expect(pairs.count > 300)

        let daemon = try DaemonProcess()
        defer { _ = daemon.stop() }
        let client = try Daemon(daemon.socket)
        var compared = 0
        var kinds = Set<String>()
        for pair in pairs {
            let subject = try #require(pair["subject"])
            let kind = try #require(subject["kind"]?.stringValue)
            kinds.insert(kind)
            for context in pair["contexts"]?.arrayValue ?? [] {
                let canvas: [Double] = context["colorScheme"] == "dark" ? [0, 0, 0, 1] : [1, 1, 1, 1]
                var foreground: JSONValue?
                var layers: [JSONValue?] = []
                switch kind {
                case "accent":
                    let accent = try client.call(
                        "resolve",
                        ["attribute": "accent", "key": subject["accent"]!, "context": context])["value"]
                    let base = try #require(Self.rgba(["value": accent?["base"] ?? .null]))
                    let on = try #require(Self.rgba(["value": accent?["onAccent"] ?? .null]))
                    let below = Self.over(base, canvas)
                    #expect(abs(Self.ratio(Self.over(on, below), below) - pair["ratio"]!.doubleValue!) < 0.002)
                    compared += 1
                    continue
                case "element", "border":
                    let component = try #require(subject["component"])
                    let state = try #require(subject["state"])
                    let own: JSONValue = ["component": component, "state": state]
                    var alone = context
                    alone = Self.with(alone, "stack", [own])
                    let container = try client.call("resolveContainer", ["context": alone])
                    var stack: [JSONValue] = [own]
                    if container["container"] != "screen" {
                        let screen = try client.call(
                            "resolveContainer", ["context": Self.with(context, "stack", [["container": "screen"]])])
                        layers += [
                            screen["composition"]?["value"]?["background"],
                            screen["composition"]?["value"]?["backgroundOverlay"],
                        ]
                        stack = [["container": "screen"], own]
                    }
                    let placed = try client.call(
                        "resolveContainer", ["context": Self.with(context, "stack", .array(stack))])
                    let composition = placed["composition"]?["value"]
                    if kind == "border" {
                        foreground = composition?["border"]
                        #expect(placed["border"]?["value"]?["value"]?.doubleValue ?? 0 > 0)
                    } else {
                        layers += [composition?["background"], composition?["backgroundOverlay"]]
                        for hierarchy in subject["hierarchies"]?.arrayValue ?? [] {
                            var request = Self.with(context, "stack", .array(stack))
                            request = Self.with(
                                request, "element", ["type": subject["element"]!, "hierarchy": hierarchy])
                            let element = try client.call("resolveElement", ["context": request])
                            let own = element["composition"]?["value"]
                            let layer = own?["foreground"]?.nonNull ?? composition?["foreground"]
                            if let found = foreground { #expect(found == layer, "hierarchies grouped alike differ") }
                            foreground = layer
                            if hierarchy == subject["hierarchies"]?.arrayValue?.last {
                                layers += [own?["background"], own?["backgroundOverlay"]]
                            }
                        }
                    }
                default:
                    Issue.record("the preset has no \(kind) pairs")
                    continue
                }
                let fg = try #require(Self.rgba(foreground), "\(pair["name"]!) has a plain color foreground")
                var below = canvas
                var top = "(canvas)"
                for layer in layers {
                    guard let layer, let color = Self.rgba(layer) else { continue }
                    below = Self.over(color, below)
                    top = layer["key"]?.stringValue ?? top
                }
                let ratio = Self.ratio(Self.over(fg, below), below)
                let reported = try #require(pair["ratio"]?.doubleValue)
                #expect(abs(ratio - reported) < 0.002, "\(pair["name"]!) in \(context): \(ratio) vs \(reported)")
                #expect(pair["foreground"]?["key"] == foreground?["key"])
                #expect(pair["background"]?["key"]?.stringValue == top)
                compared += 1
            }
        }
        #expect(compared == measured)
        #expect(kinds == ["element", "border", "accent"])
    }

    static func with(_ object: JSONValue, _ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        members[key] = value
        return .object(members)
    }
}
