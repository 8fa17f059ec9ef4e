package dev.uringlab.workloads.linkednops;

import dev.uringlab.api.SqeFlags;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.NativeEquivalent;
import dev.uringlab.spi.Strategies;

/**
 * Which requests of a chain post a CQE, and so how the chain's SQEs are flagged and how many
 * CQEs {@link LinkedNops} waits for.
 */
public enum ChainCqes {
    /** Every NOP posts: the pre-patch kernel. N CQEs per chain. */
    EVERY_NOP(false),
    /**
     * The ring posts only the last (or a failed) request of a link, with no help from the SQEs:
     * the RFC's IORING_SETUP_BOXED_CQE (emulated {@code link-cqe=boxed-cqe}). One CQE per chain.
     */
    LAST_BY_RING(false),
    /**
     * IOSQE_CQE_SKIP_SUCCESS on every NOP but the last, the flag merged for 5.17 (emulated
     * {@code link-cqe=cqe-skip-success}, or the real kernel). One CQE per chain.
     */
    LAST_BY_SKIP_FLAG(true);

    private final boolean skipFlag;

    ChainCqes(boolean skipFlag) {
        this.skipFlag = skipFlag;
    }

    /** Whether the SQEs before the last carry IOSQE_CQE_SKIP_SUCCESS. */
    public boolean skipFlag() {
        return skipFlag;
    }

    /** The CQEs a successful chain of {@code linkSize} NOPs posts. */
    public int cqesPerChain(int linkSize) {
        return this == EVERY_NOP ? linkSize : 1;
    }

    /**
     * What a ring with the link-CQE alias {@code linkCqe} makes a chain post, from the registry:
     * baseline, every NOP; a strategy whose kernel form is the SQE flag IOSQE_CQE_SKIP_SUCCESS
     * ({@link dev.uringlab.spi.StrategyProvider#nativeEquivalent()}: cqe-skip-success), the last
     * NOP, the workload flagging the others; any other, the last NOP by the ring's own rule
     * (boxed-cqe).
     */
    public static ChainCqes forLinkCqe(String linkCqe) {
        if (linkCqe.equals(Axis.BASELINE)) {
            return EVERY_NOP;
        }
        int sqeFlags = Strategies.find(Axis.LINK_CQE, linkCqe).nativeEquivalent().map(NativeEquivalent::sqeFlags).orElse(0);
        return (sqeFlags & SqeFlags.IOSQE_CQE_SKIP_SUCCESS) != 0 ? LAST_BY_SKIP_FLAG : LAST_BY_RING;
    }
}
