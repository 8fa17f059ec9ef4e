package dev.uringlab.strategy.boxedcqe;

import static dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP;
import static dev.uringlab.spi.ReqFlags.REQ_F_SKIP_LINK_CQES;

import dev.uringlab.api.Features;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.LinkCqe;

/**
 * IOSQE_CQE_SKIP_SUCCESS, the per-SQE flag that upstream merged for 5.17 instead of the RFC's
 * ring flag (the reply in seed 003 asked for "flags tagged on sqes"): the application chooses,
 * request by request, to get no CQE when the request succeeds. A link of N NOPs with the flag
 * on all but the last posts one CQE instead of N. The rules, as in io_uring/io_uring.c and
 * io_uring/timeout.c of current kernels (and checked on this machine's 6.18):
 * <ul>
 *   <li>io_init_req: the SQE bit is {@code REQ_F_CQE_SKIP} itself ("same numerical values").
 *       An SQE carrying it sets {@code ctx->drain_disabled} for the rest of the ring's life;
 *       from then on an SQE with IOSQE_IO_DRAIN fails with -EOPNOTSUPP, the flagged SQE itself
 *       included, since the flag is looked at before the drain ({@link #initReq}).</li>
 *   <li>io_fill_cqe_req and the batch flush post nothing for {@code REQ_F_CQE_SKIP} (the
 *       engine's rule).</li>
 *   <li>req_set_fail: a failing request always posts: its {@code REQ_F_CQE_SKIP} is traded
 *       for {@code REQ_F_SKIP_LINK_CQES} ({@link #reqSetFail}).</li>
 *   <li>io_fail_links: every member a failure cancels posts (-ECANCELED, or its own error when
 *       it failed at submit time), flagged or not, unless the failed request carried the flag:
 *       then none of them posts ({@link #failLink}). So a flagged chain whose later SQE fails
 *       at submit time posts only the head's -ECANCELED: io_submit_fail_init fails the head,
 *       whose REQ_F_SKIP_LINK_CQES then silences the bad SQE's own error too.</li>
 *   <li>Hardlinks: a failure cancels nothing, so each request follows its own flag.</li>
 *   <li>A multishot POLL_ADD with the flag is -EINVAL (io_poll_add_prep); the engine refuses
 *       it for any request that carries {@code REQ_F_CQE_SKIP} at prep.</li>
 * </ul>
 * Trade-off: the CQEs saved are those of requests that succeed; the price is IOSQE_IO_DRAIN,
 * which counts CQEs and is refused once any SQE may skip one.
 *
 * <p>Threading: stateless; called on the ring owner's thread under {@code ctx->uring_lock}
 * (the SPI's rule). The ring's {@code drain_disabled} is the engine's state, set through
 * {@link #disablesDrain}.
 */
public final class SkipSuccessLinkCqe implements LinkCqe {
    /** io_init_req: IOSQE_CQE_SKIP_SUCCESS is a valid flag (5.17), kept as REQ_F_CQE_SKIP. */
    @Override
    public int initReq(IoKiocb req) {
        return 0;
    }

    /** io_init_req: an SQE with IOSQE_CQE_SKIP_SUCCESS sets {@code ctx->drain_disabled} for the ring's life. */
    @Override
    public boolean disablesDrain(IoKiocb req) {
        return (req.flags() & REQ_F_CQE_SKIP) != 0;
    }

    /** req_set_fail: a failure is always posted; whether the rest of the link is silenced is remembered. */
    @Override
    public void reqSetFail(IoKiocb req) {
        if ((req.flags() & REQ_F_CQE_SKIP) != 0) {
            req.clearFlags(REQ_F_CQE_SKIP);
            req.setFlags(REQ_F_SKIP_LINK_CQES);
        }
    }

    /** io_fail_links: the cancelled member posts unless the failed request carried the flag. */
    @Override
    public void failLink(IoKiocb failed, IoKiocb link) {
        if ((failed.flags() & REQ_F_SKIP_LINK_CQES) != 0) {
            link.setFlags(REQ_F_CQE_SKIP);
        } else {
            link.clearFlags(REQ_F_CQE_SKIP);
        }
    }

    /** IORING_FEAT_CQE_SKIP: io_uring_setup tells the application the flag is understood (5.17). */
    @Override
    public int features() {
        return Features.IORING_FEAT_CQE_SKIP;
    }
}
