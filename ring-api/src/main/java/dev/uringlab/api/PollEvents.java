package dev.uringlab.api;

/** The poll(2) event bits of asm-generic/poll.h that POLL_ADD asks for and reports. */
public final class PollEvents {
    private PollEvents() {}

    /** POLLIN: data to read. */
    public static final int POLLIN = 0x0001;
    /** POLLPRI. */
    public static final int POLLPRI = 0x0002;
    /** POLLOUT: room to write. */
    public static final int POLLOUT = 0x0004;
    /** POLLERR: always reported, never asked for. */
    public static final int POLLERR = 0x0008;
    /** POLLHUP: always reported, never asked for. */
    public static final int POLLHUP = 0x0010;
    /** POLLNVAL. */
    public static final int POLLNVAL = 0x0020;
    /** POLLRDNORM. */
    public static final int POLLRDNORM = 0x0040;
    /** POLLWRNORM. */
    public static final int POLLWRNORM = 0x0100;
    /** EPOLLONESHOT, set internally on single-shot polls. */
    public static final int EPOLLONESHOT = 1 << 30;
}
