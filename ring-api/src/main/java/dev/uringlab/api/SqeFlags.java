package dev.uringlab.api;

/** {@code sqe->flags}: the IOSQE_* bits of include/uapi/linux/io_uring.h. */
public final class SqeFlags {
    private SqeFlags() {}

    /** IOSQE_FIXED_FILE: {@code fd} indexes the registered file table. */
    public static final int IOSQE_FIXED_FILE = 1 << 0;
    /** IOSQE_IO_DRAIN: issue only after every earlier request has completed. */
    public static final int IOSQE_IO_DRAIN = 1 << 1;
    /** IOSQE_IO_LINK: the next SQE starts only after this one succeeds. */
    public static final int IOSQE_IO_LINK = 1 << 2;
    /** IOSQE_IO_HARDLINK: like IO_LINK, but the chain goes on when this one fails. */
    public static final int IOSQE_IO_HARDLINK = 1 << 3;
    /** IOSQE_ASYNC: always punt to an io-wq worker. */
    public static final int IOSQE_ASYNC = 1 << 4;
    /** IOSQE_BUFFER_SELECT: pick a buffer from a provided group. */
    public static final int IOSQE_BUFFER_SELECT = 1 << 5;
    /** IOSQE_CQE_SKIP_SUCCESS (5.17): post no CQE when the request succeeds. */
    public static final int IOSQE_CQE_SKIP_SUCCESS = 1 << 6;

    /** Every bit a current kernel accepts in {@code sqe->flags} (SQE_VALID_FLAGS). */
    public static final int SQE_VALID_FLAGS = IOSQE_FIXED_FILE | IOSQE_IO_DRAIN | IOSQE_IO_LINK
            | IOSQE_IO_HARDLINK | IOSQE_ASYNC | IOSQE_BUFFER_SELECT | IOSQE_CQE_SKIP_SUCCESS;
}
