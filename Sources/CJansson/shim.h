#ifndef SNAPSTYLE_CJANSSON_SHIM_H
#define SNAPSTYLE_CJANSSON_SHIM_H

#include <jansson.h>
#include <string.h>

/* jansson's type test and flag builders are function-like macros, which Swift does not import. */
static inline int snapjson_typeof(const json_t *json) { return (int)json_typeof(json); }
static inline void snapjson_decref(json_t *json) { json_decref(json); }

static inline size_t snapjson_decode_flags(void) {
    return (size_t)(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL);
}
/* For texts with an integer beyond 64 bits, which jansson otherwise refuses. */
static inline size_t snapjson_decode_flags_int_as_real(void) {
    return snapjson_decode_flags() | (size_t)JSON_DECODE_INT_AS_REAL;
}
static inline size_t snapjson_encode_flags(void) {
    return (size_t)(JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
}
/// Indented by two spaces, one member per line, for files people read.
static inline size_t snapjson_encode_pretty_flags(void) {
    return (size_t)(JSON_INDENT(2) | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(15));
}
/* What json_dumps returned, freed by the allocator jansson used for it; and its length. */
static inline void snapjson_free_dump(char *text) {
    json_free_t release;
    json_get_alloc_funcs(NULL, &release);
    release(text);
}
static inline size_t snapjson_dump_length(const char *text) { return strlen(text); }
static inline int snapjson_error_code(const json_error_t *error) { return (int)json_error_code(error); }

#endif
