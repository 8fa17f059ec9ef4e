package dev.uringlab.spi;

/**
 * What a strategy may see of a request, {@code struct io_kiocb}: the CQE it will post
 * ({@code req->cqe}) and its {@link ReqFlags}. The engine's request class implements it.
 * Owned by the ring owner's thread (the submission and completion paths); a strategy only
 * touches it from the calls the engine makes on that thread.
 */
public interface IoKiocb {

    /** {@code req->opcode}. */
    int opcode();

    /** {@code req->cqe.user_data}. */
    long userData();

    /** {@code req->cqe.res}: the result the CQE will carry. */
    int res();

    /** {@code req->cqe.flags}: the CQE flags it will carry. */
    int cflags();

    /** {@code req->flags}: {@link ReqFlags} bits. */
    int flags();

    /** {@code req->flags |= mask}. */
    void setFlags(int mask);

    /** {@code req->flags &= ~mask}. */
    void clearFlags(int mask);

    /**
     * {@code refcount_set(&req->refs, n)}, a plain store: the kernels up to 5.10 counted every
     * request's references (5.6's io_get_req sets two, one dropped after submission and one at
     * completion), where the later ones count only the requests that need it (REQ_F_REFCOUNT).
     */
    void refcountSet(int n);

    /** {@code refcount_dec_and_test(&req->refs)}: a locked decrement; whether it reached zero. */
    boolean refcountDecAndTest();

    /** {@code refcount_inc(&req->refs)}: a locked increment of a count that is not zero (5.6's io_get_work). */
    void refcountInc();
}
