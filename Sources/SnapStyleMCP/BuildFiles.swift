/// The files a build config's outputs write, made from the daemon's themes at each read: served as the resources
/// `snapstyle://build/FILE` by `snapstyle mcp --build CONFIG`. The CLI gives the build's own (`BuildOutputFiles`),
/// so that this target needs no build code.
public protocol BuildFiles: Sendable {
    /// Every file the outputs write, by its path as the config names it, and the theme it is made from.
    func list() async throws -> [(path: String, theme: String)]
    /// A file's text; nil when no output writes it.
    func read(_ path: String) async throws -> String?
}
