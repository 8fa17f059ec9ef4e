package dev.uringlab.spi;

import java.util.Objects;

/**
 * The running kernel's own form of a strategy's mechanism, declared by its provider
 * ({@link StrategyProvider#nativeEquivalent()}): the native ring cannot load an emulated
 * strategy, but a workload written for this one runs there unchanged, since what it relies on
 * is a flag user space sets. {@code cqe-skip-success} has one: IOSQE_CQE_SKIP_SUCCESS, merged
 * for 5.17; {@code boxed-cqe} (a ring flag of an RFC never merged) has none.
 *
 * @param feature  the kernel's name for it, e.g. {@code IOSQE_CQE_SKIP_SUCCESS}
 * @param since    the first kernel that has it, e.g. {@code 5.17}
 * @param sqeFlags the IOSQE_* bits a workload sets on its SQEs to use the mechanism, on either
 *                 ring ({@link dev.uringlab.api.SqeFlags}); 0 when it needs none
 */
public record NativeEquivalent(String feature, String since, int sqeFlags) {
    public NativeEquivalent {
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(since, "since");
    }
}
