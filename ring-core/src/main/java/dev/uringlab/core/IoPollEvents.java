package dev.uringlab.core;

import static dev.uringlab.api.PollEvents.EPOLLONESHOT;
import static dev.uringlab.api.PollEvents.POLLERR;
import static dev.uringlab.api.PollEvents.POLLHUP;
import static dev.uringlab.api.PollEvents.POLLNVAL;

/**
 * The poll event bits io_uring/poll.c works with beyond the uapi's (include/uapi/linux/eventpoll.h
 * and poll.c's own masks), and io_poll_parse_events, which turns an SQE's into poll->events.
 */
final class IoPollEvents {
    private IoPollEvents() {}

    /** EPOLLET: edge-triggered, set unless IORING_POLL_ADD_LEVEL. */
    static final int EPOLLET = 1 << 31;
    /** EPOLLEXCLUSIVE. */
    static final int EPOLLEXCLUSIVE = 1 << 28;
    /** EPOLL_URING_WAKE: the key io_uring's own eventfd signal and CQ wakeups carry. */
    static final int EPOLL_URING_WAKE = 1 << 27;
    /** POLLRDHUP. */
    static final int POLLRDHUP = 0x2000;
    /** IO_POLL_UNMASK: events always reported. */
    static final int IO_POLL_UNMASK = POLLERR | POLLHUP | POLLNVAL | POLLRDHUP;

    /** io_poll_parse_events: poll32_events and the sqe->len flags to poll->events (before IO_POLL_UNMASK). */
    static int ioPollParseEvents(int poll32Events, boolean multishot) {
        int events = poll32Events;
        if (!multishot) {
            events |= EPOLLONESHOT;
        }
        events |= EPOLLET;
        return (events & 0xffff) | (events & (EPOLLEXCLUSIVE | EPOLLONESHOT | EPOLLET));
    }
}
