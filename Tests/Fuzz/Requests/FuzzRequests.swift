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
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzRequests)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#else
/// Without libFuzzer (an ordinary build): replays the files or directories given.
@main enum ReplayRequests {
    static func main() {
        let count = FuzzTargets.replay(Array(CommandLine.arguments.dropFirst())) { bytes in
            bytes.withUnsafeBytes { FuzzTargets.requestLine($0) }
        }
        print("replayed \(count) input(s) through the request path")
    }
}
#endif
