/**
 * The emulated block layer (seed 004): what an io_uring READ/WRITE on a block device opened
 * {@code O_DIRECT} goes through, one class per kernel structure or file.
 * <table>
 *   <caption>Kernel to class</caption>
 *   <tr><th>kernel</th><th>class</th><th>what</th></tr>
 *   <tr><td>include/linux/blk_types.h struct bio</td><td>{@code Bio}</td>
 *       <td>bi_iter, inline bvecs, bi_opf (REQ_POLLED, REQ_ALLOC_CACHE), bi_end_io, bi_private, bio_init/uninit</td></tr>
 *   <tr><td>block/bio.c struct bio_set</td><td>{@code BioSet}</td>
 *       <td>bio_alloc_kiocb / bio_alloc_bioset, bio_put; the per-CPU cache is the {@code bio-alloc} strategy</td></tr>
 *   <tr><td>include/linux/fs.h struct kiocb</td><td>{@code Kiocb}</td><td>ki_pos, IOCB_HIPRI, IOCB_ALLOC_CACHE, ki_complete, private</td></tr>
 *   <tr><td>block/blk-core.c, bio.c</td><td>{@code BlkCore}</td><td>submit_bio (bio_clear_polled, bio_check_eod), bio_poll, bio_endio</td></tr>
 *   <tr><td>block/fops.c (fs/block_dev.c in 5.15)</td><td>{@code BlkdevFile}</td>
 *       <td>blkdev_read_iter/write_iter, __blkdev_direct_IO_async, blkdev_bio_end_io_async, iocb_bio_iopoll</td></tr>
 *   <tr><td>drivers/block/null_blk</td><td>{@code NullBlk}, {@code NullBlkIrq}</td>
 *       <td>memory-backed device, poll queues (null_poll), the interrupt queue's IRQ thread, completion_nsec</td></tr>
 * </table>
 *
 * <p>Threads: the ring owner allocates and submits bios and polls the poll queues (under
 * uring_lock); the device's IRQ thread ends interrupt-queue bios in hard-IRQ context on the
 * CPU blk-mq completes them on (the submitter's: QUEUE_FLAG_SAME_COMP), and the request
 * reaches its owner as task work (io_complete_rw) or through iopoll_completed
 * (io_complete_rw_iopoll). Every hand-over is a queue (release/acquire), stated where it is.
 *
 * <p>Not emulated: blk-mq requests and tags, plugging, merging, splitting (one bio per IO, at
 * most BIO_MAX_VECS pages), the page cache (every open is O_DIRECT), lseek.
 *
 * <p>May not: import the io_uring side ({@code dev.uringlab.core}); it reaches io_uring only
 * through {@code Kiocb.kiComplete}.
 */
package dev.uringlab.core.block;
