// simdjson's DOM parser behind the C interface of include/snapstyle_simdjson.h. Only simdjson's error-code API is
// used and memory is managed with malloc, so no C++ exception can be thrown here (the file also builds with
// -fno-exceptions).
#include "snapstyle_simdjson.h"

#include <simdjson.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <system_error>

namespace {
// An array or object of the document whose children are being appended to the tape.
struct Frame {
    size_t node;  // its index in the tape
    uint32_t count;
    bool isObject;
    simdjson::dom::array::iterator element, elementEnd;
    simdjson::dom::object::iterator member, memberEnd;
};
}  // namespace

struct snapjson_parser {
    // simdjson's default maximum depth, which its parse enforces.
    static constexpr size_t maxDepth = simdjson::DEFAULT_MAX_DEPTH;
    simdjson::dom::parser dom;
    Frame frames[maxDepth];
    // The input's copy, followed by SIMDJSON_PADDING bytes that simdjson may read.
    char *buffer = nullptr;
    size_t bufferCapacity = 0;  // not counting the padding
    snapjson_node *nodes = nullptr;
    size_t nodeCount = 0;
    size_t nodeCapacity = 0;
    // The last text was longer than SNAPJSON_RETAINED_BYTES: the next short one releases the buffers first.
    bool oversized = false;
};

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

// How a walk of the document ended.
struct WalkResult {
    int code;             // SNAPJSON_OK or an error
    const char *message;  // for an error
};

constexpr WalkResult walkOK{SNAPJSON_OK, nullptr};

void writeMessage(char *message, size_t capacity, const char *text) {
    if (message && capacity > 0) std::snprintf(message, capacity, "%s", text);
}

bool growNodes(snapjson_parser *parser) {
    size_t capacity = parser->nodeCapacity ? parser->nodeCapacity * 2 : 64;
    void *grown = std::realloc(parser->nodes, capacity * sizeof(snapjson_node));
    if (!grown) return false;
    parser->nodes = static_cast<snapjson_node *>(grown);
    parser->nodeCapacity = capacity;
    return true;
}

// Appends the tape of `root`: an iteration, not a recursion, so that nesting 1024 levels deep needs no deep stack
// (not even in an unoptimised build).
WalkResult walk(snapjson_parser *parser, element root) {
    constexpr WalkResult outOfMemory{SNAPJSON_ERROR_MEMORY, "out of memory"};
    constexpr WalkResult tooDeep{SNAPJSON_ERROR_DEPTH, "maximum nesting depth (1024) exceeded"};
    size_t depth = 0;  // open containers, frames[0..<depth]
    element value = root;
    const char *key = nullptr;
    uint32_t keyLength = 0;
    for (;;) {
        // Append `value`; a container opens a frame for its children.
        if (parser->nodeCount == parser->nodeCapacity && !growNodes(parser)) return outOfMemory;
        size_t index = parser->nodeCount++;
        snapjson_node node{nullptr, key, 0, 0.0, 0, keyLength, SNAPJSON_NULL};
        switch (value.type()) {
        case element_type::ARRAY:
        case element_type::OBJECT: {
            if (depth == snapjson_parser::maxDepth) return tooDeep;  // simdjson's parse has refused it already
            Frame &frame = parser->frames[depth++];
            frame.node = index;
            frame.count = 0;
            frame.isObject = value.type() == element_type::OBJECT;
            if (frame.isObject) {
                simdjson::dom::object object = value.get_object().value_unsafe();
                frame.member = object.begin();
                frame.memberEnd = object.end();
                node.kind = SNAPJSON_OBJECT;
            } else {
                simdjson::dom::array array = value.get_array().value_unsafe();
                frame.element = array.begin();
                frame.elementEnd = array.end();
                node.kind = SNAPJSON_ARRAY;
            }
            break;  // `count` is set once the children are appended
        }
        case element_type::INT64:
            node.kind = SNAPJSON_INTEGER;
            node.integer = value.get_int64().value_unsafe();
            break;
        case element_type::UINT64:  // above INT64_MAX: refused, as jansson does
            return {SNAPJSON_ERROR_RANGE, "integer too big"};
        case element_type::DOUBLE:
            node.kind = SNAPJSON_DOUBLE;
            node.number = value.get_double().value_unsafe();
            break;
        case element_type::STRING: {
            std::string_view string = value.get_string().value_unsafe();
            node.kind = SNAPJSON_STRING;
            node.string = string.data();  // in simdjson's string buffer, NUL-terminated
            node.count = static_cast<uint32_t>(string.size());
            break;
        }
        case element_type::BOOL:
            node.kind = value.get_bool().value_unsafe() ? SNAPJSON_TRUE : SNAPJSON_FALSE;
            break;
        case element_type::NULL_VALUE:
            break;
        }
        parser->nodes[index] = node;

        // The next value: the next child of the innermost open container that has one left, closing the others.
        for (;;) {
            if (depth == 0) return walkOK;
            Frame &frame = parser->frames[depth - 1];
            if (frame.isObject && frame.member != frame.memberEnd) {
                key = frame.member.key_c_str();
                keyLength = frame.member.key_length();
                value = frame.member.value();
                ++frame.member;
                frame.count++;
                break;
            }
            if (!frame.isObject && frame.element != frame.elementEnd) {
                key = nullptr;
                keyLength = 0;
                value = *frame.element;
                ++frame.element;
                frame.count++;
                break;
            }
            parser->nodes[frame.node].count = frame.count;
            depth--;
        }
    }
}

bool isDelimiter(char c) {
    switch (c) {
    case ' ': case '\t': case '\n': case '\r': case ',': case ':': case '[': case ']': case '{': case '}': case '"':
        return true;
    default:
        return false;
    }
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// What is wrong with one number token: nullptr when it is a valid JSON number within range.
const char *numberProblem(const char *token, size_t length) {
    const char *p = token, *end = token + length;
    bool negative = p < end && *p == '-';
    if (negative) p++;
    const char *digits = p;
    if (p == end || !isDigit(*p)) return "invalid number";
    if (*p == '0') {
        p++;
    } else {
        while (p < end && isDigit(*p)) p++;
    }
    size_t integerDigits = size_t(p - digits);
    bool isReal = false;
    long leadingFractionZeros = 0;  // when the integer part is 0
    bool fractionNonZero = false;
    if (p < end && *p == '.') {
        isReal = true;
        p++;
        if (p == end || !isDigit(*p)) return "invalid number";
        for (; p < end && isDigit(*p); p++) {
            if (*p != '0') fractionNonZero = true;
            if (!fractionNonZero) leadingFractionZeros++;
        }
    }
    long exponent = 0;
    if (p < end && (*p == 'e' || *p == 'E')) {
        isReal = true;
        p++;
        bool negativeExponent = false;
        if (p < end && (*p == '+' || *p == '-')) negativeExponent = *p++ == '-';
        if (p == end || !isDigit(*p)) return "invalid number";
        for (; p < end && isDigit(*p); p++) {
            if (exponent < 1000000000L) exponent = exponent * 10 + (*p - '0');
        }
        if (negativeExponent) exponent = -exponent;
    }
    if (p != end) return "invalid number";
    if (!isReal) {
        // No leading zeros here, so longer means bigger; equal lengths compare as text.
        const char *limit = negative ? "9223372036854775808" : "9223372036854775807";
        if (integerDigits > 19 || (integerDigits == 19 && std::memcmp(digits, limit, 19) > 0)) return "integer too big";
        return nullptr;
    }
    double value;
    std::from_chars_result parsed = std::from_chars(token, end, value);
    if (parsed.ec != std::errc::result_out_of_range) return nullptr;
    // Out of range either way; only overflow is an error (simdjson rounds underflow to zero): tell them apart by the
    // decimal magnitude, which is far from 0 for both.
    bool zeroIntegerPart = *digits == '0';
    long magnitude = (zeroIntegerPart ? -leadingFractionZeros : long(integerDigits)) + exponent;
    return magnitude > 0 ? "real number overflow" : nullptr;
}

// simdjson says NUMBER_ERROR without saying which number: find the first number token of the text that is malformed
// or out of range (the parse stopped at the first one). Strings are skipped, escapes included.
WalkResult numberError(const char *text, size_t length) {
    size_t i = 0;
    while (i < length) {
        char c = text[i];
        if (c == '"') {
            for (i++; i < length && text[i] != '"'; i++) {
                if (text[i] == '\\') i++;
            }
            i++;
        } else if (isDelimiter(c)) {
            i++;
        } else {
            size_t start = i;
            while (i < length && !isDelimiter(text[i])) i++;
            if (c == '-' || isDigit(c)) {
                if (const char *problem = numberProblem(text + start, i - start)) {
                    return {std::strcmp(problem, "invalid number") == 0 ? SNAPJSON_ERROR_SYNTAX : SNAPJSON_ERROR_RANGE,
                            problem};
                }
            }
        }
    }
    return {SNAPJSON_ERROR_SYNTAX, "invalid number"};
}

// simdjson says TAPE_ERROR for any structural mistake: replay the text's structure token by token to tell a text
// that was cut short, or one with content after its value, from one with a misplaced token.
WalkResult structureError(const char *text, size_t length) {
    constexpr WalkResult invalid{SNAPJSON_ERROR_SYNTAX, "invalid syntax"};
    constexpr WalkResult truncated{SNAPJSON_ERROR_SYNTAX, "unexpected end of input"};
    constexpr WalkResult trailing{SNAPJSON_ERROR_SYNTAX, "content after the JSON value"};
    enum { value, valueOrClose, keyOrClose, key, colon, commaOrClose, done } expect = value;
    constexpr size_t maxDepth = 2048;
    uint64_t isObject[maxDepth / 64] = {};  // a bit per open container
    size_t depth = 0;
    size_t i = 0;
    for (;;) {
        while (i < length && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) i++;
        if (i == length) return expect == done ? invalid : truncated;
        if (expect == done) return trailing;
        char token = text[i];
        if (token == '"') {
            for (i++; i < length && text[i] != '"'; i++) {
                if (text[i] == '\\') i++;
            }
            if (i >= length) return truncated;
            i++;
        } else if (isDelimiter(token)) {
            i++;
        } else {
            token = 'a';  // a number or a literal
            while (i < length && !isDelimiter(text[i])) i++;
        }
        bool closes = false, isValue = false;
        switch (expect) {
        case valueOrClose:
            if (token == ']') { closes = true; break; }
            [[fallthrough]];
        case value:
            if (token == '[' || token == '{') {
                if (depth == maxDepth) return invalid;
                uint64_t bit = uint64_t(1) << (depth % 64);
                isObject[depth / 64] = token == '{' ? isObject[depth / 64] | bit : isObject[depth / 64] & ~bit;
                depth++;
                expect = token == '{' ? keyOrClose : valueOrClose;
            } else if (token == '"' || token == 'a') {
                isValue = true;
            } else {
                return invalid;
            }
            break;
        case keyOrClose:
            if (token == '}') { closes = true; break; }
            [[fallthrough]];
        case key:
            if (token != '"') return invalid;
            expect = colon;
            break;
        case colon:
            if (token != ':') return invalid;
            expect = value;
            break;
        case commaOrClose: {
            bool inObject = (isObject[(depth - 1) / 64] >> ((depth - 1) % 64)) & 1;
            if (token == ',') expect = inObject ? key : value;
            else if (token == (inObject ? '}' : ']')) closes = true;
            else return invalid;
            break;
        }
        case done:
            return trailing;
        }
        if (closes) {
            depth--;
            isValue = true;
        }
        if (isValue) expect = depth == 0 ? done : commaOrClose;
    }
}

WalkResult parseError(simdjson::error_code error, const char *text, size_t length) {
    using namespace simdjson;
    // Not every simdjson kernel reports invalid UTF-8 before other errors (the fallback kernel can see trailing
    // content first): check it here so that invalid UTF-8 is always told as such.
    switch (error) {
    case DEPTH_ERROR: case STRING_ERROR: case T_ATOM_ERROR: case F_ATOM_ERROR: case N_ATOM_ERROR: case NUMBER_ERROR:
    case EMPTY: case UNESCAPED_CHARS: case UNCLOSED_STRING: case TAPE_ERROR: case INCOMPLETE_ARRAY_OR_OBJECT:
    case TRAILING_CONTENT:
        if (!validate_utf8(text, length)) return {SNAPJSON_ERROR_UTF8, "invalid UTF-8"};
        break;
    default:
        break;
    }
    switch (error) {
    case UTF8_ERROR: return {SNAPJSON_ERROR_UTF8, "invalid UTF-8"};
    case NUMBER_ERROR: return numberError(text, length);
    case DEPTH_ERROR: return {SNAPJSON_ERROR_DEPTH, "maximum nesting depth (1024) exceeded"};
    case EMPTY: return {SNAPJSON_ERROR_SYNTAX, "no JSON value in the input"};
    case TAPE_ERROR:
    case INCOMPLETE_ARRAY_OR_OBJECT:
    case TRAILING_CONTENT: return structureError(text, length);
    case UNCLOSED_STRING: return {SNAPJSON_ERROR_SYNTAX, "unterminated string"};
    case STRING_ERROR: return {SNAPJSON_ERROR_SYNTAX, "invalid escape in a string"};
    case UNESCAPED_CHARS: return {SNAPJSON_ERROR_SYNTAX, "control character in a string"};
    case T_ATOM_ERROR:
    case F_ATOM_ERROR:
    case N_ATOM_ERROR: return {SNAPJSON_ERROR_SYNTAX, "invalid literal"};
    case MEMALLOC: return {SNAPJSON_ERROR_MEMORY, "out of memory"};
    case CAPACITY: return {SNAPJSON_ERROR_MEMORY, "text too big"};
    default: return {SNAPJSON_ERROR_OTHER, error_message(error)};
    }
}

// Gives back what a long text made the parser allocate.
void release(snapjson_parser *parser) {
    parser->dom = simdjson::dom::parser{};
    std::free(parser->buffer);
    parser->buffer = nullptr;
    parser->bufferCapacity = 0;
    std::free(parser->nodes);
    parser->nodes = nullptr;
    parser->nodeCapacity = 0;
    parser->nodeCount = 0;
    parser->oversized = false;
}

}  // namespace

extern "C" {

snapjson_parser *snapjson_parser_create(void) { return new (std::nothrow) snapjson_parser; }

void snapjson_parser_destroy(snapjson_parser *parser) {
    if (!parser) return;
    std::free(parser->buffer);
    std::free(parser->nodes);
    delete parser;
}

int snapjson_parse(snapjson_parser *parser, const char *bytes, size_t length, const snapjson_node **nodes,
                   size_t *count, char *message, size_t capacity) {
    if (nodes) *nodes = nullptr;
    if (count) *count = 0;
    if (!parser || !nodes || !count) {
        writeMessage(message, capacity, "no parser or no place for the result");
        return SNAPJSON_ERROR_OTHER;
    }
    parser->nodeCount = 0;
    if (length > simdjson::SIMDJSON_MAXSIZE_BYTES) {
        writeMessage(message, capacity, "text too big");
        return SNAPJSON_ERROR_MEMORY;
    }
    if (parser->oversized && length <= SNAPJSON_RETAINED_BYTES) release(parser);
    if (length > SNAPJSON_RETAINED_BYTES) parser->oversized = true;

    if (!parser->buffer || length > parser->bufferCapacity) {
        std::free(parser->buffer);
        size_t grown = length > 2 * parser->bufferCapacity ? length : 2 * parser->bufferCapacity;
        if (grown < 1024) grown = 1024;
        parser->buffer = static_cast<char *>(std::malloc(grown + simdjson::SIMDJSON_PADDING));
        parser->bufferCapacity = parser->buffer ? grown : 0;
        if (!parser->buffer) {
            writeMessage(message, capacity, "out of memory");
            return SNAPJSON_ERROR_MEMORY;
        }
    }
    if (length > 0) std::memcpy(parser->buffer, bytes, length);
    std::memset(parser->buffer + length, 0, simdjson::SIMDJSON_PADDING);  // simdjson reads it; keep it defined

    element root;
    simdjson::error_code error = parser->dom.parse(parser->buffer, length, false).get(root);
    WalkResult result = error ? parseError(error, parser->buffer, length) : walk(parser, root);
    if (result.code != SNAPJSON_OK) {
        parser->nodeCount = 0;
        writeMessage(message, capacity, result.message);
        return result.code;
    }
    *nodes = parser->nodes;
    *count = parser->nodeCount;
    return SNAPJSON_OK;
}

const char *snapjson_implementation(void) {
    // simdjson picks its kernel when a first parser allocates (honouring SIMDJSON_FORCE_IMPLEMENTATION): make sure
    // one has.
    {
        simdjson::dom::parser parser;
        if (parser.allocate(simdjson::dom::MINIMAL_DOCUMENT_CAPACITY)) return "unknown";
    }
    return simdjson::get_active_implementation()->name().c_str();
}

}  // extern "C"
