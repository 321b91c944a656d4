import Foundation
import SnapStyleFuzzTargets

/// libFuzzer's entry point: one input as a DTCG resolver beside fixed token files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResolvers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = FuzzTargets.resolverFile(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if FUZZING
/// SwiftPM links an executable's entry point as `fuzz_resolvers_main`: under libFuzzer it runs libFuzzer's driver.
@_cdecl("fuzz_resolvers_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzTargets.runLibFuzzer(argc, argv, fuzzResolvers)
}
#else
@main enum ReplayResolvers {
    static func main() {
        FuzzTargets.replayMain("the DTCG resolver loader") { bytes in _ = FuzzTargets.resolverFile(bytes) }
    }
}
#endif
