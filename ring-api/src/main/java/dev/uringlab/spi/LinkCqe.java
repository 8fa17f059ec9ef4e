package dev.uringlab.spi;

/**
 * Axis {@code link-cqe}: which requests of a link chain post a CQE (seed 003). One instance
 * per ring, called by the ring owner's thread. The engine applies the decision through
 * {@link ReqFlags#REQ_F_CQE_SKIP}: a request carrying it when it is posted fills no CQE.
 */
public interface LinkCqe {

    /**
     * io_init_req, for this axis's SQE flags: the SQE's flags are already in
     * {@code req.flags()}; accept them (possibly setting REQ_F_CQE_SKIP) or refuse.
     *
     * @return 0, or the -errno the request completes with
     */
    int initReq(IoKiocb req);

    /** req_set_fail: the request failed (REQ_F_FAIL is set by the engine before this call). */
    void reqSetFail(IoKiocb req);

    /** io_fail_links, for one member {@code link} of the chain that {@code failed} cancels. */
    void failLink(IoKiocb failed, IoKiocb link);

    /**
     * io_init_req, after {@link #initReq} accepted the flags: whether this request turns drain
     * off for the rest of the ring's life ({@code ctx->drain_disabled = true}, set in 5.17+ by
     * an SQE with IOSQE_CQE_SKIP_SUCCESS), because a CQE it may suppress would stall a drain
     * that counts CQEs. The engine keeps that ring state and from then on fails IOSQE_IO_DRAIN
     * with -EOPNOTSUPP, this request included.
     */
    default boolean disablesDrain(IoKiocb req) {
        return false;
    }

    /**
     * The IORING_FEAT_* bits this mechanism adds to what io_uring_setup reports
     * ({@link dev.uringlab.api.IoUringParams#features()}): {@link dev.uringlab.api.Features#IORING_FEAT_CQE_SKIP}
     * when {@code IOSQE_CQE_SKIP_SUCCESS} is understood (5.17 and later). Asked once, at setup.
     */
    default int features() {
        return 0;
    }
}
