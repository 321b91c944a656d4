import SnapStyleVocabulary
import SnapStyleJSON

/// The result of `status`.
public struct DaemonStatus: Sendable, Hashable {
    /// Rescans and applied changes.
    public struct Reloads: Sendable, Hashable {
        public var count = 0
        public var lastMillis = 0.0
        /// ISO 8601, nil before the first.
        public var lastAt: String?

        public init() {}
    }

    public var version = SnapStyleVersion.current
    /// Changes every time the daemon starts.
    public var instance = ""
    public var pid = 0
    public var uptimeSeconds = 0
    public var socket = ""
    public var roots: [String] = []
    public var themes = 0
    public var connections = 0
    public var subscriptions = 0
    /// The resolution caches of every theme together.
    public var cache = CacheStatistics()
    /// What the caches may hold together (`maxCacheBytes`).
    public var cacheMaxBytes = 0
    public var reloads = Reloads()
    /// The watcher's inotify watches.
    public var watches = 0

    public init() {}

    public var json: JSONValue {
        .object([
            "version": .string(version), "instance": .string(instance), "pid": .integer(Int64(pid)),
            "uptimeSeconds": .integer(Int64(uptimeSeconds)), "socket": .string(socket),
            "roots": .array(roots.map(JSONValue.string)), "themes": .integer(Int64(themes)),
            "connections": .integer(Int64(connections)), "subscriptions": .integer(Int64(subscriptions)),
            "cache": .object([
                "entries": .integer(Int64(cache.entries)), "hits": .integer(Int64(cache.hits)),
                "misses": .integer(Int64(cache.misses)), "invalidations": .integer(Int64(cache.invalidations)),
                "evictions": .integer(Int64(cache.evictions)), "bytes": .integer(Int64(cache.bytes)),
                "maxBytes": .integer(Int64(cacheMaxBytes)),
            ]),
            "reloads": .object([
                "count": .integer(Int64(reloads.count)), "lastMillis": .number(reloads.lastMillis),
                "lastAt": reloads.lastAt.map(JSONValue.string) ?? .null,
            ]),
            "watches": .integer(Int64(watches)),
        ])
    }

    public init?(json: JSONValue) {
        guard let instance = json["instance"]?.stringValue else { return nil }
        func int(_ value: JSONValue?) -> Int { value?.intValue ?? 0 }
        self.instance = instance
        version = json["version"]?.stringValue ?? ""
        pid = int(json["pid"])
        uptimeSeconds = int(json["uptimeSeconds"])
        socket = json["socket"]?.stringValue ?? ""
        roots = json["roots"]?.arrayValue?.compactMap(\.stringValue) ?? []
        themes = int(json["themes"])
        connections = int(json["connections"])
        subscriptions = int(json["subscriptions"])
        let cache = json["cache"]
        self.cache.entries = int(cache?["entries"])
        self.cache.hits = int(cache?["hits"])
        self.cache.misses = int(cache?["misses"])
        self.cache.invalidations = int(cache?["invalidations"])
        self.cache.evictions = int(cache?["evictions"])
        self.cache.bytes = int(cache?["bytes"])
        cacheMaxBytes = int(cache?["maxBytes"])
        reloads.count = int(json["reloads"]?["count"])
        reloads.lastMillis = json["reloads"]?["lastMillis"]?.doubleValue ?? 0
        reloads.lastAt = json["reloads"]?["lastAt"]?.stringValue
        watches = int(json["watches"])
    }
}
