package dev.uringlab.core.fs;

/**
 * The skb boundaries of an AF_UNIX stream socket's receive queue ({@code sk_receive_queue}):
 * the length of each skb a send queued, oldest first, and how much of the oldest a read has
 * taken ({@code UNIXCB(skb).consumed}). The bytes themselves live in the socket's circular
 * buffer; this class says when a read finishes an skb, which is when the kernel frees it
 * ({@code consume_skb} -> {@code sock_wfree}) and the sender hears of the room. Guarded by the
 * receive queue's lock, which the caller holds.
 */
final class SkbQueue {
    private int[] len = new int[16];
    private int first;
    private int size;
    private int consumed;

    /** Queues an skb of {@code n} bytes at the tail (skb_queue_tail in unix_stream_sendmsg). */
    void add(int n) {
        if (size == len.length) { // full: unwrap into twice the room
            int[] grown = new int[size * 2];
            System.arraycopy(len, first, grown, 0, size - first);
            System.arraycopy(len, 0, grown, size - first, first);
            len = grown;
            first = 0;
        }
        len[(first + size++) % len.length] = n;
    }

    /** {@code min(unix_skb_len(skb), size)} for the oldest skb: what a read of {@code size} bytes takes from it. */
    int chunk(int size) {
        return Math.min(len[first] - consumed, size);
    }

    /**
     * {@code UNIXCB(skb).consumed += chunk} on the oldest skb (net/unix/af_unix.c:3068 at v6.18.2);
     * when that leaves nothing of it, it is unlinked (3082).
     *
     * @return the length of the skb this chunk finished, to be freed; 0 when some of it is left
     *         (the read stops there, 3077, and nothing is freed)
     */
    int consume(int chunk) {
        consumed += chunk;
        int n = len[first];
        if (consumed < n) {
            return 0;
        }
        consumed = 0;
        first = (first + 1) % len.length;
        size--;
        return n;
    }
}
