/**
 * The emulated block layer (seed 004) as seed 004's author's tree had it (v5.14-rc5's block/,
 * fs/block_dev.c and drivers/nvme; /work/kernel/004-base): what an io_uring READ/WRITE on a
 * block device opened {@code O_DIRECT} goes through, one class per kernel structure or file.
 * <table>
 *   <caption>Kernel to class</caption>
 *   <tr><th>kernel</th><th>class</th><th>what</th></tr>
 *   <tr><td>include/linux/blk_types.h struct bio, fs/block_dev.c struct blkdev_dio</td><td>{@code Bio}</td>
 *       <td>bi_iter, inline bvecs, bi_opf (REQ_HIPRI, REQ_NOWAIT, the cache mark), bi_end_io, the dio fields</td></tr>
 *   <tr><td>block/bio.c</td><td>{@code BioSet}</td>
 *       <td>struct bio_set; the allocation (the {@code bio-alloc} strategy), bio_iov_iter_get_pages, bio_endio, bio_put</td></tr>
 *   <tr><td>include/linux/fs.h struct kiocb</td><td>{@code Kiocb}</td><td>ki_pos, IOCB_HIPRI, IOCB_ALLOC_CACHE, ki_complete, ki_cookie</td></tr>
 *   <tr><td>fs/block_dev.c, mm/filemap.c</td><td>{@code BlkdevFile}, {@code Filemap}</td>
 *       <td>blkdev_read_iter/write_iter, generic_file_read_iter, blkdev_direct_IO (__blkdev_direct_IO), blkdev_bio_end_io, blkdev_iopoll</td></tr>
 *   <tr><td>block/blk-core.c, blk-timeout.c</td><td>{@code BlkCore}, {@code BlkPlug}</td>
 *       <td>submit_bio, submit_bio_checks, blk_queue_enter/exit, plugging, blk_update_request, blk_add_timer</td></tr>
 *   <tr><td>block/blk-mq.c, blk-merge.c, blk-mq-sched.c</td><td>{@code BlkMq}, {@code BlkMerge}, {@code BlkMqSched}</td>
 *       <td>blk_mq_submit_bio, the plug flush and direct issue, blk_poll, blk_mq_end_request and the request's free</td></tr>
 *   <tr><td>block/blk-mq-tag.c, lib/sbitmap.c</td><td>{@code BlkMqTags}, {@code Sbitmap}</td>
 *       <td>a tag per request (test_and_set_bit_lock), its deferred clear (set_bit), static_rqs</td></tr>
 *   <tr><td>struct request, request_queue, blk_mq_hw_ctx</td><td>{@code Request}, {@code RequestQueue}, {@code BlkMqHwCtx}</td>
 *       <td>preallocated per tag; q_usage_counter; poll and interrupt hardware queues</td></tr>
 *   <tr><td>drivers/nvme/host/pci.c, core.c</td><td>{@code NvmeQueue}, {@code NvmeCore}, {@code NvmeDev}, {@code NvmeIrq}</td>
 *       <td>nvme_queue_rq (sq_lock, the doorbell), nvme_poll (cq_poll_lock), nvme_process_cq, nvme_complete_rq;
 *       the controller played in memory</td></tr>
 * </table>
 *
 * <p>The configuration emulated, the same in every arm of a race: no I/O scheduler, merging off
 * (nomerges=2), iostats off, no blk-cgroup, blk-throttle or write-back throttling, no
 * integrity or inline encryption, block tracepoints off, no IOMMU (dma_map_page_attrs is the
 * direct mapping). The one rule taken from a later kernel: a polled bio on a queue that cannot
 * poll fails with BLK_STS_NOTSUPP (6.18, which the scenarios are checked against) where 5.14
 * let the interrupt complete it ({@code BlkCore}).
 *
 * <p>Threads: the ring owner allocates and submits bios and polls the poll queues (under
 * uring_lock); the device's IRQ thread ends interrupt-queue requests in hard-IRQ context on
 * the CPU that submitted them (QUEUE_FLAG_SAME_COMP), and the request reaches its owner as task
 * work (io_complete_rw) or through iopoll_completed (io_complete_rw_iopoll). Every hand-over is
 * a lock, a release/acquire pair or a queue, stated where it is.
 *
 * <p>Not emulated: splitting (one bio per IO, at most BIO_MAX_VECS pages), the page cache
 * (every open is O_DIRECT), user page pinning (a buffer is taken as a registered buffer's bvec),
 * lseek.
 *
 * <p>May not: import the io_uring side ({@code dev.uringlab.core}); it reaches io_uring only
 * through {@code Kiocb.kiComplete}.
 */
package dev.uringlab.core.block;
