package dev.uringlab.workloads.linkednops;

import static dev.uringlab.api.SqeFlags.IOSQE_ASYNC;
import static dev.uringlab.api.SqeFlags.IOSQE_CQE_SKIP_SUCCESS;
import static dev.uringlab.api.SqeFlags.IOSQE_IO_LINK;

import dev.uringlab.api.CompletionQueue;
import dev.uringlab.api.CqeHandler;
import dev.uringlab.api.Errno;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;

/**
 * The linked-NOPs loop of seed 003: "submit-and-reap of a nops-link". One {@link #submitAndReap()}
 * is one chain:
 * <ol>
 *   <li>{@code linkSize} NOP SQEs, IOSQE_IO_LINK on all but the last, IOSQE_CQE_SKIP_SUCCESS on
 *       all but the last when {@link ChainCqes#skipFlag()}, IOSQE_ASYNC on every one when
 *       {@code async} (the RFC's FORCE_ASYNC case), published with one release store of the SQ
 *       tail;</li>
 *   <li>{@code io_uring_enter(linkSize, cqes, IORING_ENTER_GETEVENTS)}, cqes being what the
 *       chain posts ({@link ChainCqes#cqesPerChain}): N, or 1 when only the last posts;</li>
 *   <li>every CQE reaped, then one release store of the CQ head.</li>
 * </ol>
 * Its metric is nanoseconds per NOP (the RFC's unit); a benchmark reports NOPs per second and
 * the report converts. A CQE that is not a NOP's success, a count of CQEs other than the
 * chain's, or a last CQE that is not the chain's last NOP is an error: a loop that went on
 * would measure the wrong thing (e.g. a ring that does not suppress what {@link ChainCqes}
 * says it does). Single-threaded, like the ring it drives.
 */
public final class LinkedNops {
    private final Ring ring;
    private final CompletionQueue cq;
    private final int linkSize;
    private final int cqesPerChain;
    private final int linkedFlags;
    private final int lastFlags;
    private final CqeHandler check = this::checkCqe;
    /** user_data of the last CQE seen in the current reap. */
    private long lastUserData;

    /**
     * The loop on {@code ring}, which must be fresh and hold a whole chain in its SQ: open it
     * with {@link #setup(int)}.
     *
     * @param linkSize NOPs per chain, at least 1
     * @param cqes     which of them post, so how the SQEs are flagged and how many CQEs to wait for
     * @param async    IOSQE_ASYNC on every SQE: each NOP is punted to an io-wq worker
     */
    public LinkedNops(Ring ring, int linkSize, ChainCqes cqes, boolean async) {
        if (linkSize < 1) {
            throw new IllegalArgumentException("a chain needs at least one NOP: linkSize=" + linkSize);
        }
        if (ring.sq().entries() < linkSize) {
            throw new IllegalArgumentException("a chain of " + linkSize + " NOPs needs an SQ of as many entries, the ring has "
                    + ring.sq().entries());
        }
        this.ring = ring;
        this.cq = ring.cq();
        this.linkSize = linkSize;
        this.cqesPerChain = cqes.cqesPerChain(linkSize);
        this.lastFlags = async ? IOSQE_ASYNC : 0;
        this.linkedFlags = lastFlags | IOSQE_IO_LINK | (cqes.skipFlag() ? IOSQE_CQE_SKIP_SUCCESS : 0);
    }

    /** io_uring_setup's arguments for chains of {@code linkSize}: an SQ that holds one chain, default CQ. */
    public static RingConfig.Builder setup(int linkSize) {
        return RingConfig.builder(linkSize);
    }

    /**
     * One chain: prepare, submit and wait, reap.
     *
     * @return the NOPs it ran ({@code linkSize})
     * @throws IllegalStateException when io_uring_enter fails or consumes less than the chain,
     *     or the CQEs are not the chain's
     */
    public int submitAndReap() {
        for (int i = 0; i < linkSize; i++) {
            ring.getSqe().prepNop().userData(i).flags(i == linkSize - 1 ? lastFlags : linkedFlags);
        }
        int ret = ring.submitAndWait(cqesPerChain);
        if (ret != linkSize) {
            throw new IllegalStateException("io_uring_enter(" + linkSize + ", " + cqesPerChain + ") returned "
                    + (ret < 0 ? Errno.name(-ret) : ret));
        }
        lastUserData = -1;
        int reaped = cq.forEach(check);
        cq.advance(reaped);
        if (reaped != cqesPerChain || lastUserData != linkSize - 1) {
            throw new IllegalStateException("a chain of " + linkSize + " NOPs posted " + reaped + " CQEs ending with user_data "
                    + lastUserData + ", expected " + cqesPerChain + " ending with " + (linkSize - 1)
                    + ": does the ring suppress the CQEs the workload was told it does?");
        }
        return linkSize;
    }

    /** NOPs per chain. */
    public int linkSize() {
        return linkSize;
    }

    /** CQEs each chain posts and {@link #submitAndReap()} waits for. */
    public int cqesPerChain() {
        return cqesPerChain;
    }

    private void checkCqe(long userData, int res, int flags) {
        if (res != 0) {
            throw new IllegalStateException("NOP " + userData + " of a chain completed with " + Errno.name(-res));
        }
        lastUserData = userData;
    }
}
