// The request-rate load generator of the daemon benchmark (Benchmarks/daemon-bench.sh): GET over RESP to
// redis-server, or the benchmark's resolve line over JSON-RPC to snapstyled (and the CeilingServer), on a
// Unix socket. Written in C so that the servers are measured at their limit, not the generator's.
//
//   loadgen PROTOCOL SOCKET MODE CONNECTIONS REQUESTS_PER_CONNECTION [--threads T] [--depth D] [--spin]
//     PROTOCOL: redis | snapstyle
//     MODE: sequential (one request in flight per connection; p50/p99 latency measured)
//         | pipelined (D in flight per connection, default 64)
//
// Connections are spread over T threads (default 1), each with its own epoll loop. With --spin the loops
// poll (epoll_wait with a zero timeout) instead of sleeping: each thread keeps a core busy, but no reply
// waits for the generator to be woken up. The first 5 % of each connection's requests are a warm-up, not
// timed. Prints one line: "RATE req/s", and in sequential mode " (p50 X µs, p99 Y µs)" after it.
//
//   clang -O2 -pthread Benchmarks/loadgen/loadgen.c -o /tmp/loadgen
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static const char redis_request[] = "*2\r\n$3\r\nGET\r\n$3\r\nkey\r\n";
// The line Benchmarks/Sources/Profile ("handle") times, and the CeilingServer answers with id 17.
static const char snapstyle_request[] =
    "{\"jsonrpc\":\"2.0\",\"id\":17,\"method\":\"resolve\",\"params\":{\"attribute\":\"font\",\"key\":\"title\","
    "\"context\":{\"colorScheme\":\"dark\"}}}\n";

enum { READ_SIZE = 1 << 16, FIRST_LINE = 512, HEADER_LINE = 128 };

struct conn {
    int fd;
    int index;
    long sent, received;
    size_t out_off, out_len;  // unsent bytes: a window into the repeated requests (see queue)
    bool polling_out;
    uint64_t sent_at;         // sequential: when the request in flight was queued
    // redis: a reply is a header line ("$5", "-ERR ...", ...), then for a bulk string its bytes and CRLF
    bool in_body;
    long body_left;
    char header[HEADER_LINE];
    size_t header_len;
    // snapstyle: the first reply, checked for "result"
    bool first_done;
    char first[FIRST_LINE];
    size_t first_len;
};

struct worker {
    pthread_t thread;
    struct conn *conns;
    int count;
    int epoll;
    uint64_t *latencies;  // sequential: ns per timed request
    size_t latency_count;
    uint64_t start, end;
};

static bool redis;
static bool sequential;
static bool spin;
static long depth = 64;
static long requests;
static long warmup;
static const char *request;
static size_t request_len;
static char *requests_buffer;  // depth + 1 copies of the request
static pthread_barrier_t warmed_up;
static pthread_mutex_t fail_lock = PTHREAD_MUTEX_INITIALIZER;

// Reports an error and ends the process; the lock is never released, so only the first failure prints.
static _Noreturn void fail(const char *format, ...) {
    pthread_mutex_lock(&fail_lock);
    va_list arguments;
    va_start(arguments, format);
    fputs("loadgen: ", stderr);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    va_end(arguments);
    exit(1);
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void set_events(struct worker *w, struct conn *c, bool out) {
    struct epoll_event event = {.events = EPOLLIN | (out ? EPOLLOUT : 0), .data.ptr = c};
    if (epoll_ctl(w->epoll, EPOLL_CTL_MOD, c->fd, &event) != 0) fail("epoll_ctl: %s", strerror(errno));
    c->polling_out = out;
}

static void flush(struct worker *w, struct conn *c) {
    while (c->out_len > 0) {
        ssize_t n = send(c->fd, requests_buffer + c->out_off, c->out_len, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) break;
            fail("connection %d: send: %s", c->index, strerror(errno));
        }
        c->out_len -= (size_t)n;
        c->out_off = (c->out_off + (size_t)n) % request_len;
    }
    if ((c->out_len > 0) != c->polling_out) set_events(w, c, c->out_len > 0);
}

// Sends as many requests as the window allows, in one write. Every request is the same bytes, so the unsent
// ones are always out_len bytes of the buffer from out_off (< request_len), and more are added by growing
// out_len: the buffer holds depth + 1 copies and at most depth requests are unsent.
static void queue(struct worker *w, struct conn *c, long limit) {
    long room = (sequential ? 1 : depth) - (c->sent - c->received);
    if (room > limit - c->sent) room = limit - c->sent;
    if (room <= 0) return;
    if (sequential) c->sent_at = now_ns();
    c->sent += room;
    c->out_len += (size_t)room * request_len;
    flush(w, c);
}

static void redis_header(struct conn *c) {
    c->header[c->header_len] = '\0';
    if (c->header_len > 0 && c->header[c->header_len - 1] == '\r') c->header[--c->header_len] = '\0';
    char type = c->header[0];
    if (type == '-') fail("connection %d: redis answered an error: %s", c->index, c->header);
    if (type != '$') fail("connection %d: expected a bulk string, got: %s", c->index, c->header);
    char *end;
    long length = strtol(c->header + 1, &end, 10);
    if (end == c->header + 1 || *end != '\0') fail("connection %d: bad bulk header: %s", c->index, c->header);
    if (length < 0) fail("connection %d: GET key answered nil (is the key set?)", c->index);
    c->in_body = true;
    c->body_left = length + 2;
}

// Returns the number of complete replies in the bytes.
static long redis_replies(struct conn *c, const char *p, size_t n) {
    long replies = 0;
    const char *end = p + n;
    while (p < end) {
        if (c->in_body) {
            size_t take = (size_t)(end - p) < (size_t)c->body_left ? (size_t)(end - p) : (size_t)c->body_left;
            p += take;
            c->body_left -= (long)take;
            if (c->body_left == 0) {
                c->in_body = false;
                replies++;
            }
            continue;
        }
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        size_t take = (size_t)((newline ? newline : end) - p);
        if (c->header_len + take >= HEADER_LINE) fail("connection %d: reply header too long", c->index);
        memcpy(c->header + c->header_len, p, take);
        c->header_len += take;
        p += take;
        if (!newline) break;
        p++;
        redis_header(c);
        c->header_len = 0;
    }
    return replies;
}

static long snapstyle_replies(struct conn *c, const char *p, size_t n) {
    if (!c->first_done) {
        const char *newline = memchr(p, '\n', n);
        size_t take = (size_t)((newline ? newline : p + n) - p);
        if (take > FIRST_LINE - 1 - c->first_len) take = FIRST_LINE - 1 - c->first_len;
        memcpy(c->first + c->first_len, p, take);
        c->first_len += take;
        if (newline) {
            c->first[c->first_len] = '\0';
            if (strstr(c->first, "\"error\""))
                fail("connection %d: the server answered an error: %s", c->index, c->first);
            if (!strstr(c->first, "\"result\"")) fail("connection %d: no result in the reply: %s", c->index, c->first);
            c->first_done = true;
        }
    }
    long replies = 0;
    for (const char *end = p + n; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++) replies++;
    return replies;
}

// Reads what the socket holds; returns true when the connection has all `limit` replies.
static bool receive(struct worker *w, struct conn *c, long limit, char *buffer) {
    for (;;) {
        ssize_t n = read(c->fd, buffer, READ_SIZE);
        if (n == 0) fail("connection %d: closed by the server after %ld replies", c->index, c->received);
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) break;
            fail("connection %d: read: %s", c->index, strerror(errno));
        }
        long got = redis ? redis_replies(c, buffer, (size_t)n) : snapstyle_replies(c, buffer, (size_t)n);
        if (got > 0 && sequential && w->latencies && limit == requests)
            w->latencies[w->latency_count++] = now_ns() - c->sent_at;
        c->received += got;
        if (c->received > c->sent) fail("connection %d: more replies than requests", c->index);
        if (n < READ_SIZE) break;
    }
    if (c->received == limit) return true;
    queue(w, c, limit);
    return false;
}

// Runs every connection of the worker up to `limit` requests sent and answered.
static void run(struct worker *w, long limit, char *buffer) {
    int active = 0;
    for (int i = 0; i < w->count; i++) {
        if (w->conns[i].received < limit) active++;
        queue(w, &w->conns[i], limit);
    }
    struct epoll_event events[256];
    while (active > 0) {
        int n = epoll_wait(w->epoll, events, 256, spin ? 0 : -1);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("epoll_wait: %s", strerror(errno));
        }
        for (int i = 0; i < n; i++) {
            struct conn *c = events[i].data.ptr;
            if (events[i].events & EPOLLOUT) flush(w, c);
            if ((events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) && c->received < limit
                && receive(w, c, limit, buffer))
                active--;
            else if ((events[i].events & (EPOLLHUP | EPOLLERR)) && c->received == limit)
                fail("connection %d: closed by the server", c->index);
        }
    }
}

static void *work(void *argument) {
    struct worker *w = argument;
    char *buffer = malloc(READ_SIZE);
    if (!buffer) fail("out of memory");
    run(w, warmup, buffer);
    pthread_barrier_wait(&warmed_up);
    w->start = now_ns();
    run(w, requests, buffer);
    w->end = now_ns();
    free(buffer);
    return NULL;
}

static int connect_unix(const char *path, int index) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) fail("socket path too long: %s", path);
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) fail("socket: %s", strerror(errno));
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0)
        fail("connection %d: connect %s: %s", index, path, strerror(errno));
    if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) fail("fcntl: %s", strerror(errno));
    return fd;
}

static int compare(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static long number(const char *text, const char *what) {
    char *end;
    long value = strtol(text, &end, 10);
    if (end == text || *end != '\0' || value < 1) fail("%s must be a positive integer, not '%s'", what, text);
    return value;
}

static _Noreturn void usage(void) {
    fputs("usage: loadgen redis|snapstyle SOCKET sequential|pipelined CONNECTIONS REQUESTS_PER_CONNECTION"
          " [--threads T] [--depth D] [--spin]\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv) {
    const char *positional[5];
    int positionals = 0;
    long threads = 1;
    bool depth_given = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            threads = number(argv[++i], "--threads");
        } else if (strcmp(argv[i], "--depth") == 0 && i + 1 < argc) {
            depth = number(argv[++i], "--depth");
            depth_given = true;
        } else if (strcmp(argv[i], "--spin") == 0) {
            spin = true;
        } else if (argv[i][0] == '-' || positionals == 5) {
            usage();
        } else {
            positional[positionals++] = argv[i];
        }
    }
    if (positionals != 5) usage();
    if (strcmp(positional[0], "redis") == 0) redis = true;
    else if (strcmp(positional[0], "snapstyle") != 0) usage();
    if (strcmp(positional[2], "sequential") == 0) sequential = true;
    else if (strcmp(positional[2], "pipelined") != 0) usage();
    if (sequential && depth_given) fail("--depth applies to pipelined mode only");
    long connections = number(positional[3], "CONNECTIONS");
    requests = number(positional[4], "REQUESTS_PER_CONNECTION");
    warmup = requests / 20;
    if (threads > connections) threads = connections;

    request = redis ? redis_request : snapstyle_request;
    request_len = strlen(request);
    long copies = (sequential ? 1 : depth) + 1;
    requests_buffer = malloc((size_t)copies * request_len);
    if (!requests_buffer) fail("out of memory");
    for (long i = 0; i < copies; i++) memcpy(requests_buffer + (size_t)i * request_len, request, request_len);

    struct conn *conns = calloc((size_t)connections, sizeof *conns);
    struct worker *workers = calloc((size_t)threads, sizeof *workers);
    if (!conns || !workers) fail("out of memory");
    for (long i = 0; i < connections; i++) {
        conns[i].index = (int)i;
        conns[i].fd = connect_unix(positional[1], (int)i);
    }
    // Connections are dealt out in contiguous runs: worker t gets [t * connections / threads, ...).
    for (long t = 0; t < threads; t++) {
        struct worker *w = &workers[t];
        long first = t * connections / threads, last = (t + 1) * connections / threads;
        w->conns = conns + first;
        w->count = (int)(last - first);
        w->epoll = epoll_create1(EPOLL_CLOEXEC);
        if (w->epoll < 0) fail("epoll_create1: %s", strerror(errno));
        for (int i = 0; i < w->count; i++) {
            struct epoll_event event = {.events = EPOLLIN, .data.ptr = &w->conns[i]};
            if (epoll_ctl(w->epoll, EPOLL_CTL_ADD, w->conns[i].fd, &event) != 0)
                fail("epoll_ctl: %s", strerror(errno));
        }
        if (sequential) {
            w->latencies = malloc((size_t)w->count * (size_t)(requests - warmup) * sizeof *w->latencies);
            if (!w->latencies) fail("out of memory");
        }
    }
    pthread_barrier_init(&warmed_up, NULL, (unsigned)threads);
    for (long t = 0; t < threads; t++) {
        int error = pthread_create(&workers[t].thread, NULL, work, &workers[t]);
        if (error) fail("pthread_create: %s", strerror(error));
    }
    uint64_t start = UINT64_MAX, end = 0;
    size_t samples = 0;
    for (long t = 0; t < threads; t++) {
        pthread_join(workers[t].thread, NULL);
        if (workers[t].start < start) start = workers[t].start;
        if (workers[t].end > end) end = workers[t].end;
        samples += workers[t].latency_count;
    }
    double seconds = (double)(end - start) / 1e9;
    double rate = (double)(connections * (requests - warmup)) / seconds;
    if (!sequential) {
        printf("%.0f req/s\n", rate);
        return 0;
    }
    uint64_t *all = malloc((samples ? samples : 1) * sizeof *all);
    if (!all) fail("out of memory");
    size_t filled = 0;
    for (long t = 0; t < threads; t++) {
        memcpy(all + filled, workers[t].latencies, workers[t].latency_count * sizeof *all);
        filled += workers[t].latency_count;
    }
    qsort(all, samples, sizeof *all, compare);
    double p50 = samples ? (double)all[(size_t)((double)(samples - 1) * 0.50)] / 1e3 : 0;
    double p99 = samples ? (double)all[(size_t)((double)(samples - 1) * 0.99)] / 1e3 : 0;
    printf("%.0f req/s (p50 %.1f µs, p99 %.1f µs)\n", rate, p50, p99);
    return 0;
}
