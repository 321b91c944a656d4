import SnapStyleJSON
import SnapStyleEngine

/// A change applied to a theme: its new generation and what may resolve differently.
public struct ThemeChange: Sendable, Hashable {
    public var theme: String
    public var generation: Int
    /// Keys whose values may differ from the previous generation, per attribute, sorted.
    public var changed: [Attribute: [String]]
    public var containers: [String]
    public var components: [String]
    /// Files (relative to their root) whose change led here.
    public var files: [String]
    /// The errors of the tokens the theme leaves out in this generation (the rest serves).
    public var tokenErrors: [ThemeError] = []
    /// The keys whose definitions changed (the other keys of `changed` read them), each with its definitions
    /// before and after: what tells in which contexts a value may differ.
    public var edits: [KeyEdit] = []

    /// Whether anything resolves differently.
    public var isEmpty: Bool { changed.isEmpty && containers.isEmpty && components.isEmpty }
}

/// A key whose definitions changed between two generations: its definition in each layer, bottom first, before and
/// after (nil where a layer does not define it).
public struct KeyEdit: Sendable, Hashable {
    public var attribute: Attribute
    public var key: String
    public var before: [Definition?]
    public var after: [Definition?]

    public init(attribute: Attribute, key: String, before: [Definition?], after: [Definition?]) {
        self.attribute = attribute
        self.key = key
        self.before = before
        self.after = after
    }
}

/// A change that could not be applied: the theme keeps serving `generation` (0: it never loaded).
public struct ThemeFailure: Sendable, Hashable {
    public var theme: String
    public var generation: Int
    public var errors: [ThemeError]
}

/// A theme in error that loads again: it serves `generation`, built from its files as they are now.
public struct ThemeRecovery: Sendable, Hashable {
    public var theme: String
    public var generation: Int
    /// The errors of the tokens the theme leaves out (the rest serves).
    public var tokenErrors: [ThemeError] = []
}

/// What a reload or a batch of file changes did.
public struct ReloadReport: Sendable {
    public var changes: [ThemeChange] = []
    public var failures: [ThemeFailure] = []
    /// Themes that serve for the first time (a theme broken on arrival is added once it loads).
    public var added: [String] = []
    public var removed: [String] = []
    /// Themes that were in error and load again.
    public var recovered: [ThemeRecovery] = []
    /// Files and directories in a root that are not loaded because their names are not theme names (absolute
    /// paths), each reported once.
    public var misnamed: [String] = []
    /// Very large themes whose changes are left to a deferred compile (`ThemeStore.takeDeferredCompile`).
    public var deferred: [String] = []

    public init() {}

    public var isEmpty: Bool {
        changes.isEmpty && failures.isEmpty && added.isEmpty && removed.isEmpty && recovered.isEmpty
    }
}

/// A theme's state as the `themes` method reports it.
public struct ThemeInfo: Sendable, Hashable {
    /// Whether the theme serves its files as they are on disk.
    public enum State: String, Sendable { case loaded, error, loading }

    public var name: String
    public var root: String
    public var origin: ThemeOrigin
    public var extends: String?
    public var state: State
    /// The generation served (0: never loaded).
    public var generation: Int
    public var files: [String]
    /// What is wrong with the files on disk now.
    public var errors: [ThemeError]
    /// Lower-precedence roots that also hold a theme of this name.
    public var shadowed: [String]
    /// What the theme's files are: native theme files only, or DTCG design tokens (with native files or not).
    public var format: ThemeFormat = .native
    /// An imported theme's modifiers, as a switcher needs them.
    public var modifiers: [ModifierInfo] = []
    /// What the token files write that the format forbids (they load all the same).
    public var warnings: [ThemeError] = []
    /// How many tokens the theme's DTCG files hold.
    public var tokens = 0
}

/// What a theme is written in.
public enum ThemeFormat: String, Sendable, Hashable { case native, dtcg }

/// A DTCG modifier as `themes` reports it: its contexts, its default, and the manifest's mapping (nil: none).
public struct ModifierInfo: Sendable, Hashable {
    public var name: String
    public var contexts: [String]
    public var defaultContext: String?
    public var mappedTo: JSONValue?
}
