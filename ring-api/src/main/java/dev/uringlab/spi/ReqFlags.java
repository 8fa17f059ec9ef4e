package dev.uringlab.spi;

/**
 * {@code req->flags}: the REQ_F_* bits of include/linux/io_uring_types.h that strategies read
 * or set. Bits 0-6 mirror the IOSQE_* bits of the SQE that made the request, as in the
 * kernel; the bits above are this emulator's numbering of the kernel's named flags.
 */
public final class ReqFlags {
    private ReqFlags() {}

    /** REQ_F_FIXED_FILE = IOSQE_FIXED_FILE. */
    public static final int REQ_F_FIXED_FILE = 1 << 0;
    /** REQ_F_IO_DRAIN = IOSQE_IO_DRAIN. */
    public static final int REQ_F_IO_DRAIN = 1 << 1;
    /** REQ_F_LINK = IOSQE_IO_LINK: another request is linked after this one. */
    public static final int REQ_F_LINK = 1 << 2;
    /** REQ_F_HARDLINK = IOSQE_IO_HARDLINK. */
    public static final int REQ_F_HARDLINK = 1 << 3;
    /** REQ_F_FORCE_ASYNC = IOSQE_ASYNC. */
    public static final int REQ_F_FORCE_ASYNC = 1 << 4;
    /** REQ_F_BUFFER_SELECT = IOSQE_BUFFER_SELECT. */
    public static final int REQ_F_BUFFER_SELECT = 1 << 5;
    /** REQ_F_CQE_SKIP = IOSQE_CQE_SKIP_SUCCESS: post no CQE for this request. */
    public static final int REQ_F_CQE_SKIP = 1 << 6;
    /** REQ_F_FAIL: the request failed; a soft link after it is cancelled (REQ_F_FAIL_LINK in 5.6). */
    public static final int REQ_F_FAIL = 1 << 8;
    /** REQ_F_SKIP_LINK_CQES: the failed request had CQE_SKIP, so the links it cancels post nothing. */
    public static final int REQ_F_SKIP_LINK_CQES = 1 << 9;
    /**
     * {@code req->work.creds} is set (5.6): io_req_work_grab_env took the submitter's credentials
     * for a possible punt, and io_req_work_drop_env puts them when the request is freed.
     */
    public static final int REQ_F_WORK_ENV = 1 << 10;
}
