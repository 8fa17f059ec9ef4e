/**
 * Seed 003, "[RFC] single cqe per link" (Pavel Begunkov, 2020-02, never merged), and what
 * upstream merged instead: two implementations of the {@code link-cqe} axis,
 * {@link dev.uringlab.strategy.boxedcqe.LastOrFailedLinkCqe} ({@code boxed-cqe}: the RFC's
 * ring-wide rule, only the failed or last request of a link posts) and
 * {@link dev.uringlab.strategy.boxedcqe.SkipSuccessLinkCqe} ({@code cqe-skip-success}: the
 * per-SQE flag IOSQE_CQE_SKIP_SUCCESS of 5.17), and one of the {@code completion} axis,
 * {@link dev.uringlab.strategy.boxedcqe.PerCqeLockPosting} ({@code per-cqe-lock}: the 5.6
 * posting path the RFC was measured on, one completion-lock section per CQE), with their
 * providers.
 *
 * <p>The link-CQE strategies decide through {@link dev.uringlab.spi.ReqFlags#REQ_F_CQE_SKIP},
 * the one bit the engine honours when it posts; they keep no per-request state of their own.
 *
 * <p>May not: depend on anything but ring-api ({@code dev.uringlab.api}, {@code dev.uringlab.spi});
 * the engine is reached only through {@link dev.uringlab.spi.IoKiocb} and
 * {@link dev.uringlab.spi.CompletionContext}.
 */
package dev.uringlab.strategy.boxedcqe;
