package dev.uringlab.api;

/** {@code cqe->flags}: the IORING_CQE_F_* bits of include/uapi/linux/io_uring.h. */
public final class CqeFlags {
    private CqeFlags() {}

    /** IORING_CQE_F_BUFFER: the upper 16 bits hold a buffer id. */
    public static final int IORING_CQE_F_BUFFER = 1 << 0;
    /** IORING_CQE_F_MORE: the request stays armed; more CQEs will follow. */
    public static final int IORING_CQE_F_MORE = 1 << 1;
    /** IORING_CQE_F_SOCK_NONEMPTY: more data is ready on the socket. */
    public static final int IORING_CQE_F_SOCK_NONEMPTY = 1 << 2;
    /** IORING_CQE_F_NOTIF: a zero-copy notification. */
    public static final int IORING_CQE_F_NOTIF = 1 << 3;
    /** IORING_CQE_F_BUF_MORE: the buffer will be used again. */
    public static final int IORING_CQE_F_BUF_MORE = 1 << 4;
    /** IORING_CQE_F_SKIP: a padding CQE to be skipped. */
    public static final int IORING_CQE_F_SKIP = 1 << 5;
    /** IORING_CQE_F_32: a 32-byte CQE on a mixed ring. */
    public static final int IORING_CQE_F_32 = 1 << 15;

    /**
     * The scenario-output spelling of a flags word (docs/scenario-format.md): BUFFER, MORE, SOCK_NONEMPTY
     * and NOTIF joined by {@code |}, any other bits as one decimal number, {@code 0} for none.
     */
    public static String describe(int flags) {
        if (flags == 0) {
            return "0";
        }
        StringBuilder sb = new StringBuilder();
        String[] names = {"BUFFER", "MORE", "SOCK_NONEMPTY", "NOTIF"};
        for (int bit = 0; bit < names.length; bit++) {
            if ((flags & (1 << bit)) != 0) {
                sb.append(sb.isEmpty() ? "" : "|").append(names[bit]);
            }
        }
        int rest = flags & ~0xF;
        if (rest != 0) {
            sb.append(sb.isEmpty() ? "" : "|").append(Integer.toUnsignedString(rest));
        }
        return sb.toString();
    }
}
