import Testing

@testable import SnapStyleSystem

/// `SystemCall`: EINTR is called again, any other errno is a `SystemError` naming the call, its subject and errno;
/// the calls made through it report the same way.
@Suite struct SystemCallTests {
    @Test func aFailureIsATypedErrorWithTheCallItsSubjectAndErrno() {
        #expect(throws: SystemError(operation: "open", subject: "/nowhere/at/all", errno: .noSuchFile)) {
            try SystemCall.run("open", "/nowhere/at/all") { () -> Int32 in
                SystemCall.setErrno(.noSuchFile)
                return -1
            }
        }
        let error = SystemError(operation: "unlink", subject: "/a", errno: .permissionDenied)
        #expect(error.description == "unlink /a: Permission denied")
        #expect(
            SystemError(operation: "getrlimit", subject: "", errno: .invalidArgument).description
                == "getrlimit: Invalid argument")
    }

    @Test func anInterruptedCallIsMadeAgain() throws {
        var calls = 0
        let result = try SystemCall.run("read", "a pipe") { () -> Int in
            calls += 1
            if calls < 3 {
                SystemCall.setErrno(.interrupted)
                return -1
            }
            return 42
        }
        #expect(result == 42)
        #expect(calls == 3)
    }

    @Test func anInterruptedCallIsNotMadeAgainWhenItMustNotBe() {
        var calls = 0
        #expect(throws: SystemError(operation: "connect", subject: "s", errno: .interrupted)) {
            try SystemCall.run("connect", "s", retryingInterrupted: false) { () -> Int32 in
                calls += 1
                SystemCall.setErrno(.interrupted)
                return -1
            }
        }
        #expect(calls == 1)
    }

    @Test func aNilResultIsAFailureAndEINTRIsRetried() throws {
        var calls = 0
        let value = try SystemCall.pointer("opendir", "/d") { () -> Int? in
            calls += 1
            if calls == 1 {
                SystemCall.setErrno(.interrupted)
                return nil
            }
            return 7
        }
        #expect(value == 7 && calls == 2)
        #expect(throws: SystemError(operation: "realpath", subject: "/x", errno: .notDirectory)) {
            try SystemCall.pointer("realpath", "/x") { () -> Int? in
                SystemCall.setErrno(.notDirectory)
                return nil
            }
        }
    }

    @Test func realCallsReportThroughIt() {
        #expect(throws: SystemError(operation: "lstat", subject: "/nonexistent-snapstyle", errno: .noSuchFile)) {
            try POSIXFileSystem.linkStatus(of: "/nonexistent-snapstyle")
        }
        #expect(throws: FileSystemError(operation: "open", path: "/nonexistent-snapstyle", errno: noSuchFile)) {
            try POSIXFileSystem().read("/nonexistent-snapstyle")
        }
        #expect(throws: FileSystemError(operation: "unlink", path: "/nonexistent-snapstyle", errno: noSuchFile)) {
            try POSIXFileSystem().remove("/nonexistent-snapstyle")
        }
    }

    @Test func addressesAndMemory() {
        #expect(InternetAddress.ipv4("127.0.0.2") == [127, 0, 0, 2])
        #expect(InternetAddress.ipv4("::1") == nil)
        #expect(InternetAddress.ipv6("::1") == [UInt8](repeating: 0, count: 15) + [1])
        let bytes: [UInt8] = Array("ab\ncd\n".utf8)
        bytes.withUnsafeBytes { raw in
            let found = RawMemory.firstIndex(of: UInt8(ascii: "\n"), in: raw.baseAddress!, count: raw.count)
            #expect(found.map { raw.baseAddress!.distance(to: $0) } == 2)
            #expect(RawMemory.firstIndex(of: UInt8(ascii: "x"), in: raw.baseAddress!, count: raw.count) == nil)
            #expect(RawMemory.equal(raw.baseAddress!, raw.baseAddress! + 3, count: 0))
            #expect(!RawMemory.equal(raw.baseAddress!, raw.baseAddress! + 3, count: 2))
        }
    }

    private let noSuchFile = Errno.noSuchFile.rawValue
}
