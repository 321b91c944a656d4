/// The daemon's notifications the event stream relays, by their protocol names.
public enum RelayedEvent: String, CaseIterable, Sendable {
    case themeChanged, themeError, themeRecovered, themeAdded, themeRemoved
    /// Sent by the preview itself when the client must refetch (events were lost).
    case missed
}
