package dev.uringlab.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.uringlab.api.Cqe;
import dev.uringlab.api.Ring;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JI_Result;

/**
 * io_commit_cqring's release store of the CQ tail against the application's acquire load of it
 * (liburing's io_uring_peek_cqe): one thread enters to submit a NOP (its CQE is filled with
 * plain stores, then the tail is published), another peeks the CQ. Seeing the new tail must
 * mean seeing the whole CQE: user_data 42, res 7.
 */
@JCStressTest
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "peeked before io_commit_cqring: no CQE yet")
@Outcome(id = "42, 7", expect = ACCEPTABLE, desc = "saw the tail, and the CQE whole")
@Outcome(expect = FORBIDDEN, desc = "saw the tail before the CQE's fields: the release store or the acquire load is missing")
@State
public class CqTailReleaseAcquire {
    private final Ring ring = StressRings.open(2);

    public CqTailReleaseAcquire() {
        ring.getSqe().prepNopInject(7).userData(42);
    }

    /** The kernel side: io_uring_enter submits the NOP, which completes inline and is posted. */
    @Actor
    public void kernel() {
        ring.submit();
    }

    /** The application: load-acquire the tail, then read the CQE at the head. */
    @Actor
    public void application(JI_Result r) {
        Cqe cqe = ring.peekCqe();
        r.r1 = cqe == null ? -1 : cqe.userData();
        r.r2 = cqe == null ? -1 : cqe.res();
    }

    @Arbiter
    public void close() {
        ring.close();
    }
}
