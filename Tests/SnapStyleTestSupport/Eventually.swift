import Foundation
import Testing

/// Waits for something the test cannot be told about (a daemon noticing a file, a state changing): polls
/// `condition` every `interval` seconds until it holds or `timeout` seconds have passed. Returns whether it held.
/// The one way the tests wait; a sleep left in a test is part of its scenario.
public func poll(timeout: Double, interval: Double = 0.05, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: interval)
    }
}

/// `poll`, recording a failure that says what was awaited when the condition never held.
@discardableResult
public func eventually(
    _ awaited: @autoclosure () -> String, timeout: Double = 10, interval: Double = 0.05,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () throws -> Bool
) rethrows -> Bool {
    if try poll(timeout: timeout, interval: interval, condition) { return true }
    Issue.record(Comment(rawValue: "waited \(timeout) s in vain for \(awaited())"), sourceLocation: sourceLocation)
    return false
}

/// `eventually` for a condition that awaits (an event loop to run, an actor to answer).
@discardableResult
public func eventually(
    _ awaited: @autoclosure () -> String, timeout: Double = 10, interval: Duration = .milliseconds(10),
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
    while true {
        if try await condition() { return true }
        if ContinuousClock.now >= deadline { break }
        try? await Task.sleep(for: interval)
    }
    Issue.record(Comment(rawValue: "waited \(timeout) s in vain for \(awaited())"), sourceLocation: sourceLocation)
    return false
}
