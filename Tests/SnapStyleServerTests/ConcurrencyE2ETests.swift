import Foundation
import SnapStyleJSON
import SnapStyleJansson
import SnapStyleTestSupport
import Testing

/// Many clients resolving while files change: no response mixes generations, none is lost.
@Suite(.serialized) struct ConcurrencyE2ETests {
    @Test func manyClientsWhileFilesChange() async throws {
        let daemon = try DaemonProcess()
        // Both keys always hold the same number, in two files: a response mixing generations would differ.
        daemon.write("live/a.json", "{\"number\": {\"a\": 0}}")
        daemon.write("live/b.json", "{\"number\": {\"b\": {\"calc\": \"{a}\"}}}")
        try daemon.waitForTheme("live", generation: 1)
        let clients = 8, requestsPerClient = 300
        let request =
            "{\"jsonrpc\":\"2.0\",\"id\":ID,\"method\":\"resolve\",\"params\":{\"theme\":\"live\","
            + "\"queries\":[{\"attribute\":\"number\",\"key\":\"a\"},{\"attribute\":\"number\",\"key\":\"b\"}]}}\n"
        let writer = Task.detached {
            for value in 1...40 {
                daemon.write("live/a.json", "{\"number\": {\"a\": \(value)}}")
                // The writer's pace, part of the scenario: clients resolve between its saves.
                try? await Task.sleep(for: .milliseconds(15))
            }
        }
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<clients {
                group.addTask {
                    let socket = try LineSocket(daemon.socket)
                    var answered = 0, mixed = 0
                    var lastGeneration = 0
                    for id in 0..<requestsPerClient {
                        socket.send(request.replacingOccurrences(of: "ID", with: "\(id)"))
                        let line = socket.readLine(timeout: 10)
                        guard let line, let response = try? Jansson.parse(line),
                            response["id"]?.intValue == id, let result = response["result"],
                            let results = result["results"]?.arrayValue
                        else { continue }
                        answered += 1
                        let generation = result["generation"]?.intValue ?? 0
                        if results[0]["value"]?["base"] != results[1]["value"]?["base"] || generation < lastGeneration {
                            mixed += 1
                        }
                        lastGeneration = generation
                    }
                    return (answered, mixed)
                }
            }
            for try await (answered, mixed) in group {
                #expect(answered == requestsPerClient)
                #expect(mixed == 0)
            }
        }
        await writer.value
        #expect(daemon.stop() == 0)
    }
}
