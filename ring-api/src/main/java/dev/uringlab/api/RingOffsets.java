package dev.uringlab.api;

/**
 * {@code struct io_sqring_offsets} and {@code struct io_cqring_offsets}: where, inside the
 * ring mappings, each shared index lives. io_uring_setup fills them; the application half
 * ({@link SubmissionQueue}, {@link CompletionQueue}) finds every word through them, so the
 * same code reads the real kernel's rings and the emulator's.
 */
public record RingOffsets(
        int sqHead, int sqTail, int sqRingMask, int sqRingEntries, int sqFlags, int sqDropped, int sqArray,
        int cqHead, int cqTail, int cqRingMask, int cqRingEntries, int cqOverflow, int cqCqes, int cqFlags) {
}
