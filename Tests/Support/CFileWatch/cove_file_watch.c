#include "cove_file_watch.h"

#include <errno.h>
#include <sys/inotify.h>
#include <unistd.h>

int cove_file_watch_start(const char *directory) {
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return -1;
    if (inotify_add_watch(fd, directory, IN_OPEN | IN_ACCESS) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int cove_file_watch_events(int watch) {
    char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    int count = 0;
    for (;;) {
        ssize_t length = read(watch, buffer, sizeof buffer);
        if (length < 0) return (errno == EAGAIN || errno == EWOULDBLOCK) ? count : -1;
        if (length == 0) return count;
        for (char *at = buffer; at < buffer + length;) {
            const struct inotify_event *event = (const struct inotify_event *)at;
            count += 1;
            at += sizeof(struct inotify_event) + event->len;
        }
    }
}

void cove_file_watch_stop(int watch) {
    if (watch >= 0) close(watch);
}
