import Foundation
import SnapStyleFuzzTargets

/// libFuzzer's entry point: one input through the daemon's request path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequests(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTargets.requestLine(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

#if FUZZING
/// SwiftPM links an executable's entry point as `fuzz_requests_main`: under libFuzzer it runs libFuzzer's driver.
@_cdecl("fuzz_requests_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzTargets.runLibFuzzer(argc, argv, fuzzRequests)
}
#else
@main enum ReplayRequests {
    static func main() {
        FuzzTargets.replayMain("the request path") { bytes in bytes.withUnsafeBytes { FuzzTargets.requestLine($0) } }
    }
}
#endif
