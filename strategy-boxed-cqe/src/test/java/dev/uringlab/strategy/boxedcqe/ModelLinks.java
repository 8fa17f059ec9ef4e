package dev.uringlab.strategy.boxedcqe;

import static dev.uringlab.spi.ReqFlags.REQ_F_FAIL;
import static dev.uringlab.spi.ReqFlags.REQ_F_HARDLINK;
import static dev.uringlab.spi.ReqFlags.REQ_F_LINK;

import dev.uringlab.api.Errno;
import dev.uringlab.spi.LinkCqe;
import dev.uringlab.spi.ModelReq;
import java.util.ArrayList;
import java.util.List;

/**
 * The order in which the kernel calls the link-CQE axis for one submit of NOP chains, reduced
 * to those calls, so a strategy's CQE stream can be checked before (and apart from) the
 * engine: io_init_req per SQE; io_submit_fail_init when it fails (the SQE and its chain's head
 * fail, the chain is still assembled, a failing unlinked SQE ends the submit); then each chain
 * runs in order, a failure cancelling the rest of a soft link through io_fail_links (each
 * cancelled member completes with -ECANCELED, or its own error if it failed at init). Lines
 * are those of a scenario's {@code reap}: {@code cqe ud=U res=R}.
 */
final class ModelLinks {
    /** One SQE: its user_data, IOSQE_* flags, and the result it would complete with. */
    record Sqe(long ud, int flags, int res, boolean badOpcode) {
        static Sqe nop(long ud, int flags) {
            return new Sqe(ud, flags, 0, false);
        }

        /** A NOP with IORING_NOP_INJECT_RESULT: fails while executing. */
        static Sqe failing(long ud, int flags, int res) {
            return new Sqe(ud, flags, res, false);
        }

        /** An SQE with an opcode the kernel does not know: fails at init with -EINVAL, before the flags are looked at. */
        static Sqe badOpcode(long ud, int flags) {
            return new Sqe(ud, flags, 0, true);
        }
    }

    private final LinkCqe strategy;
    private final List<String> cqes = new ArrayList<>();
    /** The engine's {@code ctx->drain_disabled}, as the model keeps it. */
    private boolean drainDisabled;

    ModelLinks(LinkCqe strategy) {
        this.strategy = strategy;
    }

    /** io_init_req's part for this axis: the strategy's flags, then the engine's {@code drain_disabled} rule. */
    private int initReq(ModelReq req) {
        int ret = strategy.initReq(req);
        if (ret != 0) {
            return ret;
        }
        if (strategy.disablesDrain(req)) {
            drainDisabled = true;
        }
        return (req.flags() & dev.uringlab.spi.ReqFlags.REQ_F_IO_DRAIN) != 0 && drainDisabled ? -Errno.EOPNOTSUPP : 0;
    }

    /** Submits {@code sqes} and runs them; returns how many were consumed (io_submit_sqes' count). */
    int submit(Sqe... sqes) {
        List<ModelReq> chain = new ArrayList<>();
        int consumed = 0;
        for (Sqe sqe : sqes) {
            consumed++;
            ModelReq req = new ModelReq(sqe.ud(), sqe.flags());
            req.res(sqe.res());
            int ret = sqe.badOpcode() ? -Errno.EINVAL : initReq(req);
            boolean linked = (req.flags() & (REQ_F_LINK | REQ_F_HARDLINK)) != 0;
            if (ret != 0) {
                fail(req, ret);
                if (!chain.isEmpty() && (chain.get(0).flags() & REQ_F_FAIL) == 0) {
                    fail(chain.get(0), -Errno.ECANCELED);
                }
            }
            chain.add(req);
            if (!linked) {
                run(chain);
                chain.clear();
                if (ret != 0) {
                    return consumed;
                }
            }
        }
        if (!chain.isEmpty()) {
            run(chain);
        }
        return consumed;
    }

    List<String> cqes() {
        return cqes;
    }

    private void fail(ModelReq req, int res) {
        req.setFlags(REQ_F_FAIL);
        strategy.reqSetFail(req);
        req.res(res);
    }

    private void run(List<ModelReq> chain) {
        for (int i = 0; i < chain.size(); i++) {
            ModelReq req = chain.get(i);
            boolean failedAtInit = (req.flags() & REQ_F_FAIL) != 0;
            if (!failedAtInit && req.res() < 0) {
                fail(req, req.res());
            }
            complete(req);
            boolean failed = (req.flags() & REQ_F_FAIL) != 0;
            if (failed && (failedAtInit || (req.flags() & REQ_F_HARDLINK) == 0)) {
                List<ModelReq> rest = chain.subList(i + 1, chain.size());
                rest.forEach(link -> strategy.failLink(req, link));
                for (ModelReq link : rest) {
                    link.res((link.flags() & REQ_F_FAIL) != 0 ? link.res() : -Errno.ECANCELED);
                    complete(link);
                }
                return;
            }
        }
    }

    private void complete(ModelReq req) {
        if (req.posts()) {
            cqes.add("cqe ud=" + req.userData() + " res=" + req.res());
        }
    }
}
