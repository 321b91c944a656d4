#if canImport(Glibc)
import Glibc
#endif

/// A real as the C library prints it: what jansson writes a real with (`JSON_REAL_PRECISION`), so that JSON
/// written in Swift (`JSONText`'s jansson layout) reads byte for byte as the daemon's.
public enum RealFormat {
    /// `%.DIGITSg`: at most `digits` significant digits, trailing zeros dropped, an exponent below 1e-4 and from
    /// 1e`digits` on (`1e-05`, `1e+20`).
    public static func significant(_ value: Double, digits: Int) -> String {
        if let text = fromShortest(value, digits: digits) { return text }
        return printed(value, digits: digits)
    }

    /// `significant` as the C library's `vsnprintf` writes it.
    public static func printed(_ value: Double, digits: Int) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
            let count = withVaList([Int32(digits), value]) { arguments in
                vsnprintf(buffer.baseAddress, buffer.count, "%.*g", arguments)
            }
            let length = min(Int(max(count, 0)), buffer.count - 1)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length), as: UTF8.self)
        }
    }

    /// `%.DIGITSg` from Swift's shortest round-trip digits, without `vsnprintf` (a build writes thousands of reals);
    /// nil when those digits cannot decide it. Up to 15 digits, two decimals of that many digits are further apart
    /// than two neighbouring doubles, so the shortest digits, when no longer, are the correctly rounded ones; when
    /// longer, rounding them rounds the double the same way unless they end exactly half way (then nil).
    static func fromShortest(_ value: Double, digits: Int) -> String? {
        // A subnormal has fewer digits of precision than the argument needs.
        guard value.isNormal, (1...15).contains(digits) else { return nil }
        // The shortest digits (leading zeros dropped) and the power of ten of the first one.
        var mantissa: [UInt8] = []
        mantissa.reserveCapacity(20)
        var pointAt: Int?
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        var leading = 0
        for byte in value.description.utf8 {
            switch byte {
            case UInt8(ascii: "-") where inExponent: exponentSign = -1
            case UInt8(ascii: "-"), UInt8(ascii: "+"): continue
            case UInt8(ascii: "."): pointAt = mantissa.count + leading
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else if mantissa.isEmpty && byte == UInt8(ascii: "0") {
                    leading += 1
                } else {
                    mantissa.append(byte - UInt8(ascii: "0"))
                }
            default: return nil
            }
        }
        guard !mantissa.isEmpty, exponent < 1000 else { return nil }
        // value = 0.M × 10^(point - leading) × 10^exponent, with M the digits after the leading zeros.
        var power = (pointAt ?? (mantissa.count + leading)) - leading - 1 + exponentSign * exponent
        while mantissa.last == 0 { mantissa.removeLast() }
        if mantissa.count > digits {
            let next = mantissa[digits]
            // Exactly half way: the double itself decides, which only the C library knows here.
            if next == 5 && mantissa.count == digits + 1 { return nil }
            mantissa.removeLast(mantissa.count - digits)
            if next >= 5 {
                var index = digits - 1
                while index >= 0 {
                    if mantissa[index] == 9 {
                        mantissa[index] = 0
                        index -= 1
                    } else {
                        mantissa[index] += 1
                        break
                    }
                }
                if index < 0 {
                    mantissa.insert(1, at: 0)
                    mantissa.removeLast()
                    power += 1
                }
            }
            while mantissa.last == 0 { mantissa.removeLast() }
        }
        var text: [UInt8] = []
        text.reserveCapacity(32)
        if value < 0 { text.append(UInt8(ascii: "-")) }
        func digit(_ index: Int) -> UInt8 { UInt8(ascii: "0") + (index < mantissa.count ? mantissa[index] : 0) }
        if power < -4 || power >= digits {
            text.append(digit(0))
            if mantissa.count > 1 {
                text.append(UInt8(ascii: "."))
                for index in 1..<mantissa.count { text.append(digit(index)) }
            }
            text.append(UInt8(ascii: "e"))
            text.append(power < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            let magnitude = abs(power)
            if magnitude < 10 { text.append(UInt8(ascii: "0")) }
            text.append(contentsOf: String(magnitude).utf8)
        } else if power >= 0 {
            for index in 0...power { text.append(digit(index)) }
            if mantissa.count > power + 1 {
                text.append(UInt8(ascii: "."))
                for index in (power + 1)..<mantissa.count { text.append(digit(index)) }
            }
        } else {
            text.append(contentsOf: "0.".utf8)
            for _ in 0..<(-power - 1) { text.append(UInt8(ascii: "0")) }
            for index in mantissa.indices { text.append(digit(index)) }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
