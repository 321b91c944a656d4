import SnapStyleClient

// What an app that links only the client library does: resolve a font and a color from a daemon and print them.
// The tests run it against a real daemon, and check with nm and ldd that it carries neither the engine nor jansson.
let arguments = CommandLine.arguments
guard arguments.count == 2 else { fatalError("usage: snapstyle-client-probe SOCKET") }
let connection = try await SnapStyleConnection.connect(socket: arguments[1])
let font = try await connection.perform(FontRequest(key: "title", context: ["colorScheme": "dark"]))
let color = try await connection.perform(ColorRequest(key: "contentBackground", context: ["colorScheme": "dark"]))
print("font title: \(font.value.map { "\($0.size)pt \($0.weight)" } ?? "none") (generation \(font.generation))")
print("surface contentBackground: \(color.value?.hex ?? "none")")
await connection.close()
