#ifndef SNAPSTYLE_CINOTIFYTOOLS_SHIM_H
#define SNAPSTYLE_CINOTIFYTOOLS_SHIM_H

#include <sys/inotify.h>
#include <inotifytools/inotifytools.h>

/* The event's flexible name[] member is not imported into Swift. */
static inline const char *snapinotify_event_name(const struct inotify_event *event) {
    return event->len > 0 ? event->name : "";
}

#endif
