#ifndef SNAPSTYLE_SIMDJSON_H
#define SNAPSTYLE_SIMDJSON_H

/*
 * One JSON text parsed by simdjson (its DOM parser), handed over as a flat pre-order "tape" of nodes for the
 * caller to walk. Pure C: nothing here needs C++ to be read, so Swift imports it without C++ interoperability.
 *
 * The tape: a container node is followed by its children, each child by its own children, and so on:
 *     {"a":[1,true],"b":"x"}  ->  OBJECT(count 2), ARRAY(key "a", count 2), INTEGER 1, TRUE, STRING(key "b") "x"
 * Walk it recursively: a node's `count` says how many direct children follow (for ARRAY and OBJECT), the
 * children of a child come right after that child.
 *
 * What is accepted is RFC 8259 JSON, one value with optional white space around it, as simdjson checks it:
 *   - any value at the top level, not only objects and arrays;
 *   - strings must be valid UTF-8; escapes are decoded; "\u0000" gives a NUL byte inside the string (strings and
 *     keys are always passed with their length);
 *   - duplicate object keys are passed through, in the order of the text (the caller decides);
 *   - integers must fit int64_t: a number without fraction and exponent beyond int64_t is SNAPJSON_ERROR_RANGE
 *     "integer too big", as jansson does; a number with a fraction or an exponent is a DOUBLE ("1.0" too), one
 *     whose magnitude overflows a double is SNAPJSON_ERROR_RANGE "real number overflow"; "-0" is INTEGER 0;
 *   - nesting deeper than simdjson's default maximum depth of 1024 (arrays and objects, the top level counting
 *     as one) is SNAPJSON_ERROR_DEPTH;
 *   - anything after the value other than white space is an error; so is an empty or all-white-space input.
 * Errors carry no position (simdjson's DOM parser does not report one).
 *
 * Threads: a parser is not thread-safe. Use one parser per thread (or guard it); distinct parsers may parse at the
 * same time on different threads.
 *
 * Memory: a parser (about 80 KiB itself) keeps its buffers from one parse to the next, so parsing texts no longer
 * than ones it already parsed allocates nothing. After a text longer than SNAPJSON_RETAINED_BYTES, the next parse
 * of a text no longer than that releases the big buffers first, so one large request does not pin its memory (some
 * 40 MiB for a 1 MiB array of small numbers) for the thread's life.
 *
 * No C++ exception crosses these functions.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* An opaque parser: simdjson's parser, a padded copy of the input and the node array. */
typedef struct snapjson_parser snapjson_parser;

/* Texts up to this many bytes keep their buffers between parses; see "Memory" above. */
#define SNAPJSON_RETAINED_BYTES 65536

/* A new parser, or NULL when memory could not be allocated. It allocates its buffers on its first parse. */
snapjson_parser *snapjson_parser_create(void);

/* Frees the parser and everything its last parse returned. NULL is allowed. */
void snapjson_parser_destroy(snapjson_parser *parser);

/* The kind of a node (stored in snapjson_node.kind as a uint8_t). */
typedef enum snapjson_kind {
    SNAPJSON_NULL = 0,
    SNAPJSON_TRUE = 1,
    SNAPJSON_FALSE = 2,
    SNAPJSON_INTEGER = 3, /* `integer` */
    SNAPJSON_DOUBLE = 4,  /* `number` */
    SNAPJSON_STRING = 5,  /* `string`, `count` bytes */
    SNAPJSON_ARRAY = 6,   /* `count` elements follow */
    SNAPJSON_OBJECT = 7   /* `count` members follow, each a node carrying its `key` */
} snapjson_kind;

/*
 * One value of the text. Pointers point into the parser and stay valid until the next parse with the same parser
 * or its destruction. `string` and `key` are followed by a NUL byte, but may contain NUL bytes themselves: use
 * `count` and `key_length`. Both are valid UTF-8.
 */
typedef struct snapjson_node {
    const char *string;  /* STRING: its bytes (`count` of them); NULL for other kinds */
    const char *key;     /* the member's key when this node is a value in an OBJECT, else NULL */
    int64_t integer;     /* INTEGER: the value; 0 for other kinds */
    double number;       /* DOUBLE: the value; 0 for other kinds */
    uint32_t count;      /* ARRAY: elements; OBJECT: members; STRING: bytes; 0 for other kinds */
    uint32_t key_length; /* bytes in `key`; 0 when `key` is NULL (an empty key has a non-NULL `key`) */
    uint8_t kind;        /* a snapjson_kind */
} snapjson_node;

/* The results of snapjson_parse. */
typedef enum snapjson_error {
    SNAPJSON_OK = 0,
    SNAPJSON_ERROR_SYNTAX = 1, /* not one JSON value: bad token, truncated, trailing content, empty input... */
    SNAPJSON_ERROR_UTF8 = 2,   /* the text is not valid UTF-8 (anywhere in it, inside strings or not) */
    SNAPJSON_ERROR_RANGE = 3,  /* "integer too big" (beyond int64_t) or "real number overflow" */
    SNAPJSON_ERROR_DEPTH = 4,  /* nested deeper than 1024 levels */
    SNAPJSON_ERROR_MEMORY = 5, /* out of memory, or a text beyond simdjson's 4 GiB limit */
    SNAPJSON_ERROR_OTHER = 6   /* anything else simdjson reports (should not happen); a NULL parser, nodes or count */
} snapjson_error;

/*
 * Parses `length` bytes at `bytes` (which needs no padding nor NUL terminator; NULL is allowed when `length` is 0).
 * On success returns SNAPJSON_OK and sets *nodes to the tape and *count to its number of nodes (at least 1: the
 * top-level value is nodes[0]). On failure returns one of the snapjson_error codes, sets *nodes to NULL and *count to
 * 0, and writes a short English message without position ("invalid UTF-8", "unexpected end of input",
 * "integer too big"...) into `message`, NUL-terminated and cut to `capacity` bytes (`message` may be NULL when
 * `capacity` is 0). A failed parse also invalidates the nodes of the previous one.
 */
int snapjson_parse(snapjson_parser *parser, const char *bytes, size_t length, const snapjson_node **nodes,
                   size_t *count, char *message, size_t capacity);

/* The name of the simdjson kernel in use for this CPU ("icelake", "haswell", "westmere", "fallback"...; the
 * environment variable SIMDJSON_FORCE_IMPLEMENTATION can choose one), for diagnostics. Any thread may call it. */
const char *snapjson_implementation(void);

#ifdef __cplusplus
}
#endif

#endif
