#if canImport(Glibc)
import Glibc
#endif

/// A real as the C library prints it: what jansson writes a real with (`JSON_REAL_PRECISION`), so that JSON
/// written in Swift (`JSONText`'s jansson layout) reads byte for byte as the daemon's.
public enum RealFormat {
    /// `%.DIGITSg`: at most `digits` significant digits, trailing zeros dropped, an exponent below 1e-4 and from
    /// 1e`digits` on (`1e-05`, `1e+20`).
    public static func significant(_ value: Double, digits: Int) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
            let count = withVaList([Int32(digits), value]) { arguments in
                vsnprintf(buffer.baseAddress, buffer.count, "%.*g", arguments)
            }
            let length = min(Int(max(count, 0)), buffer.count - 1)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
        }
    }
}
