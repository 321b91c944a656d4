// The words the engine shares with the protocol and its clients (attributes, the context's closed sets, the limits)
// live in a module of their own, which a client links without the engine; every module that uses the engine sees
// them through it.
@_exported import SnapStyleVocabulary
// So do the value primitives the engine shares with the exports (colors, DTCG values, gradient points, hints).
@_exported import SnapStyleValues
