package dev.uringlab.workloads.calibration;

import static dev.uringlab.api.NopFlags.IORING_NOP_FILE;
import static dev.uringlab.api.NopFlags.IORING_NOP_FIXED_FILE;
import static dev.uringlab.api.NopFlags.IORING_NOP_TW;
import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Errno;
import dev.uringlab.api.Ring;
import dev.uringlab.api.RingConfig;
import dev.uringlab.api.RingUnavailableException;
import dev.uringlab.api.Rings;
import dev.uringlab.spi.KernelProfile;
import dev.uringlab.spi.RingProvider;
import dev.uringlab.testkit.Require;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The NOP-flag calibration workloads ({@code nop-file-bN}, {@code nop-fixed-file-bN},
 * {@code nop-tw-bN}) on the real kernel and on the emulator under {@code linux-6.18}: each round
 * is one whole batch, and NOPs carrying the workloads' flags on the workloads' files complete with
 * res 0 (the loop itself reads no CQE, as t/io_uring reads none), a bad fd or slot with -EBADF.
 */
class NopFlagsCalibrationTest {
    private static final int ROUNDS = 64;

    private static Ring open(String engine, RingConfig.Builder config) throws RingUnavailableException {
        if (engine.equals("native")) {
            RingProvider p = Rings.provider("native");
            Require.nativeIoUring(p.unavailableReason());
            return p.open(config.build());
        }
        return Rings.open("emulated", config.deterministic(true).profile(KernelProfile.LINUX_6_18.name()).build());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"emulated", "native"})
    void shouldRunWholeBatchesOfEveryNopFlagWorkload(String engine) throws RingUnavailableException {
        List<String> names = Calibration.ALL.stream().map(Calibration::name).filter(n -> n.matches("nop-[a-z-]+-b\\d+")).toList();
        assertThat(names).containsExactly("nop-file-b8", "nop-file-b32", "nop-fixed-file-b8", "nop-fixed-file-b32",
                "nop-tw-b1", "nop-tw-b8", "nop-tw-b32");
        for (String name : names) {
            Calibration c = Calibration.named(name);
            int batch = Integer.parseInt(name.substring(name.lastIndexOf("-b") + 2));
            try (Ring ring = open(engine, c.setup().get())) {
                Calibration.Round round = c.open().apply(ring);
                try {
                    for (int i = 0; i < ROUNDS; i++) {
                        assertThat(round.run()).as("%s round %d on %s", name, i, engine).isEqualTo(batch);
                        assertThat(ring.cq().ready()).isZero();
                    }
                } finally {
                    round.close().run();
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"emulated", "native"})
    void shouldCompleteTheWorkloadsNopsWithZeroAndABadFileWithEbadf(String engine) throws RingUnavailableException {
        try (Ring ring = open(engine, RingConfig.builder(64))) {
            int[] pipe = ring.sys().pipe();
            try {
                assertThat(ring.registerFiles(new int[] {pipe[0]})).isZero();
                int[][] sqes = { // nop_flags, fd, expected res, as nop-file, nop-fixed-file and nop-tw write them
                    {IORING_NOP_FILE, pipe[0], 0}, {IORING_NOP_FILE | IORING_NOP_FIXED_FILE, 0, 0}, {IORING_NOP_TW, -1, 0},
                    {IORING_NOP_FILE, 99999, -Errno.EBADF}, {IORING_NOP_FILE | IORING_NOP_FIXED_FILE, 1, -Errno.EBADF}};
                for (int i = 0; i < sqes.length; i++) {
                    for (int j = 0; j < 8; j++) {
                        ring.getSqe().prepNop().opFlags(sqes[i][0]).fd(sqes[i][1]).userData(i);
                    }
                }
                assertThat(ring.submitAndWait(8 * sqes.length)).isEqualTo(8 * sqes.length);
                assertThat(ring.waitCqes(8 * sqes.length)).isZero();
                List<String> got = new ArrayList<>();
                ring.cqAdvance(ring.forEachCqe((ud, res, flags) -> got.add(ud + ":" + res)));
                List<String> want = new ArrayList<>();
                for (int i = 0; i < sqes.length; i++) {
                    for (int j = 0; j < 8; j++) {
                        want.add(i + ":" + sqes[i][2]);
                    }
                }
                assertThat(got).as(engine).containsExactlyInAnyOrderElementsOf(want);
            } finally {
                ring.sys().close(pipe[0]);
                ring.sys().close(pipe[1]);
            }
        }
    }
}
