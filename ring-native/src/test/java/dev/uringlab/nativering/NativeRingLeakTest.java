package dev.uringlab.nativering;

import static org.assertj.core.api.Assertions.assertThat;

import dev.uringlab.api.Ring;
import dev.uringlab.api.RingUnavailableException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A thousand rings opened and closed leave no fd and no mapping behind. */
class NativeRingLeakTest {
    private static final int RINGS = 1000;
    private static final String IO_URING_MAPPING = "anon_inode:[io_uring]";

    private static long openFds() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    private static List<String> maps() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/maps"));
    }

    private static long ioUringMappings() throws IOException {
        return maps().stream().filter(line -> line.endsWith(IO_URING_MAPPING)).count();
    }

    @Test
    void shouldLeaveNoFdAndNoMappingAfterAThousandRings() throws IOException, RingUnavailableException {
        try (Ring warmUp = NativeRings.openOrSkip(8)) {
            warmUp.sys().pipe();
            warmUp.sys().eventfd();
        }
        long fdsBefore = openFds();
        long ringMappingsBefore = ioUringMappings();
        int mapsBefore = maps().size();

        try (Ring one = NativeRings.openOrSkip(8)) {
            one.sys().pipe();
            one.sys().eventfd();
            // The counts can see a ring: its fd, a pipe's two, an eventfd; the rings and the SQE array.
            assertThat(openFds()).isEqualTo(fdsBefore + 4);
            assertThat(ioUringMappings()).isEqualTo(ringMappingsBefore
                    + (one.params().hasFeature(dev.uringlab.api.Features.IORING_FEAT_SINGLE_MMAP) ? 2 : 3));
        }
        for (int i = 0; i < RINGS; i++) {
            try (Ring ring = NativeRings.openOrSkip(8)) {
                ring.sys().pipe();
                ring.sys().eventfd();
                ring.getSqe().prepNop().userData(i);
                assertThat(ring.submitAndWait(1)).isEqualTo(1);
            }
        }

        assertThat(openFds()).isEqualTo(fdsBefore);
        assertThat(ioUringMappings()).isZero().isEqualTo(ringMappingsBefore);
        // The JVM maps and unmaps for itself (code cache, GC); one leaked mapping per ring would add a thousand lines.
        assertThat(maps().size()).isLessThan(mapsBefore + RINGS / 10);
    }
}
