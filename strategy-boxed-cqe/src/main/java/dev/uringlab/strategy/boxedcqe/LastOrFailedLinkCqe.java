package dev.uringlab.strategy.boxedcqe;

import static dev.uringlab.spi.ReqFlags.REQ_F_CQE_SKIP;
import static dev.uringlab.spi.ReqFlags.REQ_F_HARDLINK;
import static dev.uringlab.spi.ReqFlags.REQ_F_LINK;

import dev.uringlab.api.Errno;
import dev.uringlab.spi.IoKiocb;
import dev.uringlab.spi.LinkCqe;

/**
 * The RFC "single cqe per link" (seed 003, Pavel Begunkov, 2020-02, never merged): on a ring
 * set up with IORING_SETUP_BOXED_CQE, only the failed or the last request of a link chain
 * posts a CQE; unlinked requests post as usual. A successful link of N NOPs posts one CQE
 * instead of N. The RFC's test, in io_cqring_fill_event and io_cqring_add_event, is
 * {@code io_ignore_cqe}: {@code (req->flags & (REQ_F_LINK|REQ_F_FAIL_LINK)) == REQ_F_LINK},
 * where in 5.6 REQ_F_LINK marks a request that still has followers (io_req_link_next hands
 * it on while the list is not empty) and REQ_F_FAIL_LINK one whose failure cancels them.
 *
 * <p>Here the rule drives the engine's {@code REQ_F_CQE_SKIP}: set at init on a request whose
 * SQE links the next one (IOSQE_IO_LINK or IOSQE_IO_HARDLINK), cleared when the request fails
 * and on every member a failure cancels. Case by case, with the source of each decision:
 * <ul>
 *   <li>A chain that succeeds: only its last request posts (the RFC).</li>
 *   <li>A soft-linked request fails while executing: it posts its error (REQ_F_FAIL_LINK
 *       defeats io_ignore_cqe), and every member it cancels posts -ECANCELED: the RFC's
 *       io_fail_links fills a CQE for each, and in 5.6 those members carry no REQ_F_LINK (the
 *       RFC). Unlike IOSQE_CQE_SKIP_SUCCESS, the rest of the chain is never silenced.</li>
 *   <li>A hardlinked request fails: it posts its error, the chain goes on, the next members
 *       follow the success rule. In 5.6 req_set_fail_links does not mark a hardlink
 *       REQ_F_FAIL_LINK, so the RFC dropped that failure without a trace: an open case, where
 *       we take the merged flag's rule (req_set_fail: a failure always posts).</li>
 *   <li>A chain with an SQE that fails at submit time (bad opcode or flags): every member
 *       posts, the head -ECANCELED, the bad SQE its error, the others -ECANCELED, as in 5.6
 *       (the bad SQE's error at once, the head through REQ_F_FAIL_LINK, the rest through
 *       io_fail_links). Their order is the engine's, the current kernel's io_submit_fail_init.</li>
 *   <li>IOSQE_IO_DRAIN: 5.6 drains by sequence (req->sequence against cached_cq_tail); a
 *       suppressed CQE never advances the tail, so a drain after one would wait forever (the
 *       "breaks sequences" of the RFC, whose author offers to disable drain with the feature).
 *       As the merged flag does with {@code ctx->drain_disabled}: after the first linked SQE of
 *       the ring's life (the first whose CQE may be suppressed), an SQE with IOSQE_IO_DRAIN
 *       fails with -EOPNOTSUPP, a linked SQE that is itself drained included.</li>
 *   <li>A chain left open at the end of a submit (its last SQE still has IOSQE_IO_LINK): that
 *       last request posts nothing on success. In 5.6 the tail of an open chain posted but a
 *       lone head with IOSQE_IO_LINK did not: an open case, where we take the merged flag's
 *       rule that each SQE's own flags decide.</li>
 *   <li>A multishot POLL_ADD in a chain: -EINVAL, as the merged flag refuses multishot with
 *       skip (the engine's poll prep, from REQ_F_CQE_SKIP); 5.6 had no multishot.</li>
 *   <li>IOSQE_CQE_SKIP_SUCCESS: a bit a 5.6 kernel does not know, -EINVAL, as on baseline.</li>
 *   <li>Linked timeouts and counted timeouts (the RFC's "linked_timeout" and "sequences"):
 *       not emulated.</li>
 * </ul>
 * Trade-off: one CQE per successful chain and no per-request choice; drain is lost once links
 * are used, and a failure still costs a CQE per cancelled member.
 *
 * <p>Threading: stateless; called on the ring owner's thread under {@code ctx->uring_lock}
 * (the SPI's rule). The ring's {@code drain_disabled} is the engine's state, set through
 * {@link #disablesDrain}.
 */
public final class LastOrFailedLinkCqe implements LinkCqe {
    /**
     * io_init_req on a boxed ring: the skip flag is unknown (-EINVAL); a request that links a
     * follower will post only if it fails.
     */
    @Override
    public int initReq(IoKiocb req) {
        int flags = req.flags();
        if ((flags & REQ_F_CQE_SKIP) != 0) {
            req.clearFlags(REQ_F_CQE_SKIP);
            return -Errno.EINVAL;
        }
        if ((flags & (REQ_F_LINK | REQ_F_HARDLINK)) != 0) {
            req.setFlags(REQ_F_CQE_SKIP);
        }
        return 0;
    }

    /** A request that links a follower may suppress its CQE: drain is off from then on ({@code ctx->drain_disabled}). */
    @Override
    public boolean disablesDrain(IoKiocb req) {
        return (req.flags() & (REQ_F_LINK | REQ_F_HARDLINK)) != 0;
    }

    /** req_set_fail_links with the RFC: the failed request posts, soft or hard link alike. */
    @Override
    public void reqSetFail(IoKiocb req) {
        req.clearFlags(REQ_F_CQE_SKIP);
    }

    /** The RFC's io_fail_links: each cancelled member posts its -ECANCELED. */
    @Override
    public void failLink(IoKiocb failed, IoKiocb link) {
        link.clearFlags(REQ_F_CQE_SKIP);
    }
}
