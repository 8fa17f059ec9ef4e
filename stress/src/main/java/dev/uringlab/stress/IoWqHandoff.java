package dev.uringlab.stress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import dev.uringlab.api.Cqe;
import dev.uringlab.api.Ring;
import dev.uringlab.api.SqeFlags;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JI_Result;

/**
 * The io-wq handoff, both ways: the owner submits a NOP with IOSQE_ASYNC (io_wq_enqueue under
 * the accounting lock, a worker woken or created), the worker runs it (io_wq_submit_work) and
 * hands the completed request back as task work; the owner, waiting for one CQE, runs it and
 * posts the CQE. The request's fields cross threads twice; the CQE must carry them whole.
 * The second party is the io-wq worker the ring starts itself, so one actor drives the test;
 * jcstress varies the timing around it.
 */
@JCStressTest
@Outcome(id = "42, 7", expect = ACCEPTABLE, desc = "the worker's result reached the owner and the CQE whole")
@Outcome(id = "-1, -1", expect = FORBIDDEN, desc = "the wait returned without the CQE")
@Outcome(expect = FORBIDDEN, desc = "the CQE carries another request's or a stale result")
@State
public class IoWqHandoff {
    private final Ring ring = StressRings.open(2);

    public IoWqHandoff() {
        ring.getSqe().prepNopInject(7).userData(42).flags(SqeFlags.IOSQE_ASYNC);
    }

    @Actor
    public void owner(JI_Result r) {
        ring.submitAndWait(1);
        Cqe cqe = ring.peekCqe();
        r.r1 = cqe == null ? -1 : cqe.userData();
        r.r2 = cqe == null ? -1 : cqe.res();
    }

    @Arbiter
    public void close() {
        ring.close();
    }
}
