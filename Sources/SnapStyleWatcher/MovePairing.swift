/// Pairs a directory's `IN_MOVED_FROM` with the `IN_MOVED_TO` of the same cookie, which the kernel queues right
/// after it. A pure state machine: the watcher's thread feeds it every event and acts on what it returns.
///
/// A watch keeps its directory when the directory moves, and libinotifytools keeps the old path for it: a rename
/// inside the roots must give the watches under it their new paths, and a directory moved out of the roots must
/// lose its paths there, or later events would be reported under paths that no longer hold them.
struct MovePairing: Equatable {
    /// What a directory move means for the watches.
    enum Action: Equatable {
        /// Renamed inside the watched tree: the watches under `from` now watch paths under `to`.
        case renamed(from: String, to: String)
        /// Moved out of the watched tree (no `IN_MOVED_TO` followed).
        case movedOut(String)
        /// Moved in from outside (no `IN_MOVED_FROM` came before): watch it like a new directory.
        case movedIn(String)
    }

    /// A directory's `IN_MOVED_FROM` waiting for its `IN_MOVED_TO`.
    private(set) var pending: (cookie: UInt32, path: String)?

    static func == (a: MovePairing, b: MovePairing) -> Bool {
        a.pending?.cookie == b.pending?.cookie && a.pending?.path == b.pending?.path
    }

    /// Feeds one event of a directory (`isDirectory`) or not; returns what to do, in order.
    mutating func event(movedFrom: Bool, movedTo: Bool, isDirectory: Bool, cookie: UInt32, path: String)
        -> [Action]
    {
        var actions: [Action] = []
        if let waiting = pending {
            pending = nil
            if movedTo, isDirectory, cookie == waiting.cookie { return [.renamed(from: waiting.path, to: path)] }
            actions.append(.movedOut(waiting.path))
        }
        guard isDirectory else { return actions }
        if movedFrom {
            pending = (cookie, path)
        } else if movedTo {
            actions.append(.movedIn(path))
        }
        return actions
    }

    /// No event came for a while: a directory still waiting was moved out.
    mutating func timeout() -> [Action] {
        guard let waiting = pending else { return [] }
        pending = nil
        return [.movedOut(waiting.path)]
    }
}
