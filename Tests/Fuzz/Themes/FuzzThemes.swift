import Foundation
import SnapStyleFuzzTargets

/// libFuzzer's entry point: one input as a theme file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThemes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTargets.themeFile(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if FUZZING
/// SwiftPM links an executable's entry point as `fuzz_themes_main`: under libFuzzer it runs libFuzzer's driver.
@_cdecl("fuzz_themes_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzTargets.runLibFuzzer(argc, argv, fuzzThemes)
}
#else
@main enum ReplayThemes {
    static func main() { FuzzTargets.replayMain("the theme parser") { bytes in FuzzTargets.themeFile(bytes) } }
}
#endif
