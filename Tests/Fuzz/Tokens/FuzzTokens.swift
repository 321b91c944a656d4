import Foundation
import SnapStyleFuzzTargets

/// libFuzzer's entry point: one input as a DTCG token file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokens(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzTargets.tokensFile(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if FUZZING
/// SwiftPM links an executable's entry point as `fuzz_tokens_main`: under libFuzzer it runs libFuzzer's driver.
@_cdecl("fuzz_tokens_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzTargets.runLibFuzzer(argc, argv, fuzzTokens)
}
#else
@main enum ReplayTokens {
    static func main() {
        FuzzTargets.replayMain("the DTCG token loader") { bytes in _ = FuzzTargets.tokensFile(bytes) }
    }
}
#endif
