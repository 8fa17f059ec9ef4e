package dev.uringlab.strategy.baseline;

import dev.uringlab.api.Errno;
import dev.uringlab.api.SqeFlags;
import dev.uringlab.spi.AbstractStrategyProvider;
import dev.uringlab.spi.Axis;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.LinkCqe;

/**
 * Link CQEs as in Linux 5.16, before IOSQE_CQE_SKIP_SUCCESS (5.17) and the "single cqe per
 * link" RFC (seed 003): every request of a chain posts its own CQE, cancelled members
 * included. The SQE flag bit 6 is unknown to this kernel, so an SQE carrying it fails with
 * -EINVAL, as io_init_req rejects any flag outside its SQE_VALID_FLAGS. The cost the patches
 * remove is one CQE (fill, and a reap by the application) per request of a chain. Stateless.
 */
public final class EveryRequestLinkCqe implements LinkCqe {

    /**
     * io_init_req (5.16): IOSQE_CQE_SKIP_SUCCESS is not a valid flag yet. The bit means nothing
     * to this kernel, so it is dropped from the request (which must post its -EINVAL) before
     * it is refused.
     */
    @Override
    public int initReq(IoKiocb req) {
        if ((req.flags() & SqeFlags.IOSQE_CQE_SKIP_SUCCESS) == 0) {
            return 0;
        }
        req.clearFlags(SqeFlags.IOSQE_CQE_SKIP_SUCCESS);
        return -Errno.EINVAL;
    }

    /** req_set_fail (5.16): only REQ_F_FAIL, which the engine sets. */
    @Override
    public void reqSetFail(IoKiocb req) {
    }

    /** io_fail_links (5.16): every cancelled member posts its -ECANCELED CQE. */
    @Override
    public void failLink(IoKiocb failed, IoKiocb link) {
    }

    /** Registers alias {@code baseline} on axis {@code link-cqe}. */
    public static final class Provider extends AbstractStrategyProvider<LinkCqe> {
        private static final EveryRequestLinkCqe INSTANCE = new EveryRequestLinkCqe();

        public Provider() {
            super(Axis.LINK_CQE, Axis.BASELINE, "5.16",
                    "every request of a link posts a CQE; IOSQE_CQE_SKIP_SUCCESS is -EINVAL",
                    ctx -> INSTANCE);
        }
    }
}
