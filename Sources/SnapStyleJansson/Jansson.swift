import CJansson
import SnapStyleJSON

/// JSON text ⇄ `JSONValue` through jansson. Every `json_t` it creates is released before it returns.
public enum Jansson {
    /// Parses one JSON text (any value at the top level). Duplicate object keys are an error.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses UTF-8 bytes; invalid UTF-8 is a parse error.
    public static func parse(bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        // Signed and unsigned bytes may alias each other: no rebinding needed.
        let chars = bytes.baseAddress.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) }
        return try load(chars ?? emptyString, bytes.count)
    }

    /// Parses UTF-8 bytes; invalid UTF-8 is a parse error.
    public static func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in try parse(bytes: raw) }
        }
        return try result.get()
    }

    /// Every valid JSON text loads, `\u0000` escapes in strings included. An integer beyond 64 bits, which
    /// jansson refuses, loads as a double (integral doubles of the same text stay integers). Limits that stay:
    /// nesting deeper than jansson's 2048 levels, a number beyond the range of a double, and NUL in an object key.
    static func load(_ chars: UnsafePointer<CChar>, _ count: Int) throws(JSONParseError) -> JSONValue {
        var error = json_error_t()
        if let root = json_loadb(chars, count, snapjson_decode_flags(), &error) {
            defer { snapjson_decref(root) }
            return convert(root, integralRealsAreIntegers: false)
        }
        let first = JSONParseError(error)
        guard first.code == .numberOutOfRange, first.message.contains("integer") else { throw first }
        guard let root = json_loadb(chars, count, snapjson_decode_flags_int_as_real(), &error) else {
            throw JSONParseError(error)
        }
        defer { snapjson_decref(root) }
        return convert(root, integralRealsAreIntegers: true)
    }

    /// Parses bytes and records where each part of the text stands.
    public static func parseLocated(bytes: [UInt8]) throws(JSONParseError) -> LocatedJSON {
        let value = try parseInPieces(bytes: bytes)
        var scanner = SourceScanner(bytes: bytes)
        return LocatedJSON(value: value, node: scanner.scan())
    }

    nonisolated(unsafe) private static let emptyString: UnsafePointer<CChar> = {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        pointer.pointee = 0
        return UnsafePointer(pointer)
    }()

    /// Parses a text and records where each part of it stands.
    public static func parseLocated(_ text: String) throws(JSONParseError) -> LocatedJSON {
        try parseLocated(bytes: Array(text.utf8))
    }

    /// Encodes a value as compact JSON text on one line (object members in their order).
    public static func encode(_ value: JSONValue) -> String { encode(value, pretty: false) }

    /// Encodes a value; `pretty`: indented by two spaces, a member per line.
    public static func encode(_ value: JSONValue, pretty: Bool) -> String {
        guard let json = makeJSON(value) else { return "null" }
        defer { snapjson_decref(json) }
        let flags = pretty ? snapjson_encode_pretty_flags() : snapjson_encode_flags()
        guard let dumped = json_dumps(json, flags) else { return "null" }
        defer { snapjson_free_dump(dumped) }
        return String(cString: dumped)
    }

    /// Encodes into UTF-8 bytes, appended to `buffer`.
    public static func encode(_ value: JSONValue, into buffer: inout [UInt8]) {
        guard let json = makeJSON(value) else {
            buffer.append(contentsOf: "null".utf8)
            return
        }
        defer { snapjson_decref(json) }
        guard let dumped = json_dumps(json, snapjson_encode_flags()) else { return }
        defer { snapjson_free_dump(dumped) }
        let length = snapjson_dump_length(dumped)
        dumped.withMemoryRebound(to: UInt8.self, capacity: length) {
            buffer.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
    }

    private static func convert(_ json: UnsafeMutablePointer<json_t>, integralRealsAreIntegers: Bool) -> JSONValue {
        switch json_type(rawValue: UInt32(snapjson_typeof(json))) {
        case JSON_OBJECT:
            var object = JSONObject()
            object.members.reserveCapacity(json_object_size(json))
            var iterator = json_object_iter(json)
            while let it = iterator {
                let keyPointer = json_object_iter_key(it)!
                let length = json_object_iter_key_len(it)
                let key = keyPointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
                object.members.append(
                    .init(
                        key: key,
                        value: convert(json_object_iter_value(it)!, integralRealsAreIntegers: integralRealsAreIntegers))
                )
                iterator = json_object_iter_next(json, it)
            }
            return .object(object)
        case JSON_ARRAY:
            let count = json_array_size(json)
            var array: [JSONValue] = []
            array.reserveCapacity(count)
            for index in 0..<count {
                array.append(convert(json_array_get(json, index)!, integralRealsAreIntegers: integralRealsAreIntegers))
            }
            return .array(array)
        case JSON_STRING:
            let length = json_string_length(json)
            let pointer = json_string_value(json)!
            return .string(
                pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                })
        case JSON_INTEGER:
            return .integer(json_integer_value(json))
        case JSON_REAL:
            let real = json_real_value(json)
            if integralRealsAreIntegers, real.rounded() == real, let integer = Int64(exactly: real) {
                return .integer(integer)
            }
            return .double(real)
        case JSON_TRUE:
            return .bool(true)
        case JSON_FALSE:
            return .bool(false)
        default:
            return .null
        }
    }

    private static func makeJSON(_ value: JSONValue) -> UnsafeMutablePointer<json_t>? {
        switch value {
        case .null: return json_null()
        case .bool(let b): return b ? json_true() : json_false()
        case .integer(let i): return json_integer(i)
        case .double(let d): return d.isFinite ? json_real(d) : json_null()
        case .string(let s):
            var s = s
            return s.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    json_stringn_nocheck($0.baseAddress ?? emptyString, $0.count)
                }
            }
        case .array(let elements):
            let array = json_array()
            for element in elements {
                if let child = makeJSON(element) { json_array_append_new(array, child) }
            }
            return array
        case .object(let object):
            let json = json_object()
            for member in object.members {
                guard let child = makeJSON(member.value) else { continue }
                var key = member.key
                key.withUTF8 { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        _ = json_object_setn_new_nocheck(json, $0.baseAddress ?? emptyString, $0.count, child)
                    }
                }
            }
            return json
        }
    }
}

extension JSONParseError {
    init(_ error: json_error_t) {
        var error = error
        let message = withUnsafeBytes(of: &error.text) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        let code: Code
        switch json_error_code(rawValue: UInt32(snapjson_error_code(&error))) {
        case json_error_invalid_utf8: code = .invalidUTF8
        case json_error_duplicate_key: code = .duplicateKey
        case json_error_stack_overflow: code = .tooDeep
        case json_error_numeric_overflow: code = .numberOutOfRange
        case json_error_invalid_syntax, json_error_premature_end_of_input, json_error_end_of_input_expected,
            json_error_invalid_format, json_error_wrong_type, json_error_null_character, json_error_null_value,
            json_error_null_byte_in_key:
            code = .syntax
        default: code = .other
        }
        self.init(
            code: code, message: message,
            position: SourcePosition(line: max(Int(error.line), 1), column: max(Int(error.column), 1)))
    }
}
