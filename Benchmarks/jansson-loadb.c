// What jansson alone costs per request line: json_loadb + json_decref of the daemon benchmark's resolve
// request, in a loop, with jansson's default allocator and then with a bump allocator (no free at all).
// Run by daemon-bench.sh; by hand: clang -O2 Benchmarks/jansson-loadb.c -ljansson -o /tmp/jl && /tmp/jl
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static char arena[1 << 20];
static size_t top;
static void *bump(size_t size) {
    void *p = arena + top;
    top += (size + 15) & ~(size_t)15;
    return p;
}
static void keep(void *p) { (void)p; }

static double nanosPerParse(const char *line, int iterations) {
    size_t length = strlen(line);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < iterations; i++) {
        json_error_t error;
        json_t *json = json_loadb(line, length, 0, &error);
        if (!json) { fprintf(stderr, "parse error: %s\n", error.text); return -1; }
        json_decref(json);
        top = 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    return ((end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec)) / iterations;
}

int main(void) {
    const char *line = "{\"jsonrpc\":\"2.0\",\"id\":12345,\"method\":\"resolve\",\"params\":{\"attribute\":\"font\","
                       "\"key\":\"title\",\"context\":{\"colorScheme\":\"dark\"}}}";
    int iterations = 1000000;
    double plain = nanosPerParse(line, iterations);
    json_set_alloc_funcs(bump, keep);
    double bumped = nanosPerParse(line, iterations);
    printf("jansson json_loadb + json_decref of one request line: %.0f ns (%.0f ns with a bump allocator): "
           "at most %.0f k lines/s on one core\n", plain, bumped, 1e6 / plain);
    return 0;
}
