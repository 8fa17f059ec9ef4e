package dev.uringlab.api;

/** {@code io_uring_params.features}: the IORING_FEAT_* bits a kernel reports at setup. */
public final class Features {
    private Features() {}

    /** IORING_FEAT_SINGLE_MMAP: SQ and CQ rings share one mapping. */
    public static final int IORING_FEAT_SINGLE_MMAP = 1 << 0;
    /** IORING_FEAT_NODROP: a CQE that does not fit goes to the overflow list, never lost. */
    public static final int IORING_FEAT_NODROP = 1 << 1;
    /** IORING_FEAT_SUBMIT_STABLE: SQE data is consumed at submit. */
    public static final int IORING_FEAT_SUBMIT_STABLE = 1 << 2;
    /** IORING_FEAT_RW_CUR_POS: off -1 means the current file position. */
    public static final int IORING_FEAT_RW_CUR_POS = 1 << 3;
    /** IORING_FEAT_CUR_PERSONALITY. */
    public static final int IORING_FEAT_CUR_PERSONALITY = 1 << 4;
    /** IORING_FEAT_FAST_POLL: internal poll instead of io-wq for pollable files. */
    public static final int IORING_FEAT_FAST_POLL = 1 << 5;
    /** IORING_FEAT_POLL_32BITS: poll events are 32 bits wide. */
    public static final int IORING_FEAT_POLL_32BITS = 1 << 6;
    /** IORING_FEAT_EXT_ARG. */
    public static final int IORING_FEAT_EXT_ARG = 1 << 8;
    /** IORING_FEAT_NATIVE_WORKERS. */
    public static final int IORING_FEAT_NATIVE_WORKERS = 1 << 9;
    /** IORING_FEAT_CQE_SKIP (5.17): IOSQE_CQE_SKIP_SUCCESS is understood. */
    public static final int IORING_FEAT_CQE_SKIP = 1 << 11;

    /** Names of the set bits, for logs and reports: {@code NODROP|FAST_POLL|...}. */
    public static String describe(int features) {
        String[] names = {"SINGLE_MMAP", "NODROP", "SUBMIT_STABLE", "RW_CUR_POS", "CUR_PERSONALITY",
            "FAST_POLL", "POLL_32BITS", "SQPOLL_NONFIXED", "EXT_ARG", "NATIVE_WORKERS", "RSRC_TAGS",
            "CQE_SKIP", "LINKED_FILE", "REG_REG_RING", "RECVSEND_BUNDLE", "MIN_TIMEOUT", "RW_ATTR",
            "NO_IOWAIT"};
        StringBuilder sb = new StringBuilder();
        for (int bit = 0; bit < 32; bit++) {
            if ((features & (1 << bit)) != 0) {
                sb.append(sb.isEmpty() ? "" : "|").append(bit < names.length ? names[bit] : "BIT" + bit);
            }
        }
        return sb.isEmpty() ? "0" : sb.toString();
    }
}
