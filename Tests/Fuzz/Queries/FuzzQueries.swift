import Foundation
import SnapStyleFuzzTargets

/// libFuzzer's entry point: one input as a preview request's query string.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueries(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzTargets.previewQuery(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if FUZZING
/// SwiftPM links an executable's entry point as `fuzz_queries_main`: under libFuzzer it runs libFuzzer's driver.
@_cdecl("fuzz_queries_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzTargets.runLibFuzzer(argc, argv, fuzzQueries)
}
#else
@main enum ReplayQueries {
    static func main() {
        FuzzTargets.replayMain("the preview's query parser") { bytes in _ = FuzzTargets.previewQuery(bytes) }
    }
}
#endif
