package dev.uringlab.spi.trace;

/**
 * The kinds of step a recipe lists (DESIGN.md rule 10): what a kernel path costs, one kind per
 * step, each named by the keyword a recipe file writes. A {@link TracePoint} whose step is
 * intrinsically of one kind says so ({@link TracePoint#kind()}: {@code spin_lock} is always a
 * locked read-modify-write); every other costed step is emitted through one of the generic
 * step points ({@link TracePoint#CALL} and its neighbours), whose subject is the step's name.
 *
 * <p>The kinds are the ones a kernel engineer prices separately: they differ by an order of
 * magnitude or more, and a race's two arms differ mostly in how many of each they take.
 */
public enum StepKind {
    /** A call the kernel makes out of line (the callee is a separate function in the kernel's build). */
    CALL("call"),
    /** A locked read-modify-write: spin_lock, atomic_inc/dec, cmpxchg, test_and_set_bit, refcount_*. */
    LOCKED("locked"),
    /** A full fence: smp_mb (wq_has_sleeper, set_current_state...). */
    FENCE("fence"),
    /** A local_irq_save/restore pair (spin_lock_irqsave, spin_lock_irq). */
    IRQ("irq"),
    /** An RCU read-side critical section (rcu_read_lock ... rcu_read_unlock). */
    RCU("rcu"),
    /** A store to a cache line another CPU reads (the CQ tail, the SQ head, a flag word), release or plain. */
    SHARED_WRITE("shared-write"),
    /** A slab allocation's fast path (kmem_cache_alloc, kmalloc, kmem_cache_alloc_bulk). */
    SLAB_ALLOC("slab-alloc"),
    /** A slab free's fast path (kmem_cache_free, kfree, kmem_cache_free_bulk). */
    SLAB_FREE("slab-free"),
    /** A system call: entry, exit, and the return to user space. */
    SYSCALL("syscall"),
    /** A task woken (try_to_wake_up). */
    WAKEUP("wakeup"),
    /** A list operation on a shared structure (list_add, list_del_init, llist_add, wq_list_add_tail...). */
    LIST("list"),
    /**
     * One pass through a socket's protocol: a send or a receive below sock_sendmsg / sock_recvmsg,
     * i.e. the protocol's {@code sendmsg} or {@code recvmsg} (tcp_sendmsg and tcp_recvmsg through
     * inet_sendmsg and inet_recvmsg, net/ipv4/af_inet.c:821 and :852 at v5.15, :853 and :885 at
     * v6.18.2; unix_stream_sendmsg and unix_stream_recvmsg for AF_UNIX). On TCP loopback a send's
     * pass holds the whole trip: lock_sock, the skb, tcp_write_xmit, ip output, loopback_xmit, the
     * NET_RX softirq on the way out of local_bh_enable, tcp_v4_rcv into the peer's queue and its
     * sk_data_ready; a receive's, lock_sock, the copy out of the skbs and tcp_cleanup_rbuf (an ACK when one is due). Priced as one lump
     * because the emulator models the socket's buffer, not its protocol: none of those steps is
     * listed on its own, only the pass, and the kernel prices fit it on TCP loopback (the echo
     * workloads), so its price is a TCP pass's, whatever the family.
     */
    SOCKET("sock");

    private final String keyword;

    StepKind(String keyword) {
        this.keyword = keyword;
    }

    /** The word a recipe file writes for this kind, e.g. {@code locked}. */
    public String keyword() {
        return keyword;
    }

    /** The kind a recipe keyword names. */
    public static StepKind ofKeyword(String keyword) {
        for (StepKind k : values()) {
            if (k.keyword.equals(keyword)) {
                return k;
            }
        }
        throw new IllegalArgumentException("no step kind '" + keyword + "' (kinds: "
                + java.util.Arrays.stream(values()).map(StepKind::keyword).collect(java.util.stream.Collectors.joining(", ")) + ")");
    }
}
