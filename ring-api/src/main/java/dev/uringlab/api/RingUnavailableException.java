package dev.uringlab.api;

/**
 * A ring engine cannot be had here: io_uring missing (ENOSYS), refused (EPERM,
 * /proc/sys/kernel/io_uring_disabled), or no engine of that name on the class path.
 * The message names the cause.
 */
public final class RingUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    public RingUnavailableException(String message) {
        super(message);
    }

    public RingUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
