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

    /** The request's result is final and it joins the completion batch (io_req_complete_defer). */
    void completeReq(IoKiocb req);

    /**
     * The IORING_FEAT_* bits this mechanism adds to what io_uring_setup reports
     * ({@link dev.uringlab.api.IoUringParams#features()}): {@link dev.uringlab.api.Features#IORING_FEAT_CQE_SKIP}
     * when {@code IOSQE_CQE_SKIP_SUCCESS} is understood (5.17 and later). Asked once, at setup.
     */
    default int features() {
        return 0;
    }
}
