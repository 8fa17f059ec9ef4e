package dev.uringlab.workloads.scenario;

/**
 * What an {@code fd=} argument names: a file the scenario declared ({@code p.r}, {@code p.w},
 * an eventfd's name), resolved to a real descriptor when the declaring line runs, or a number
 * passed to the kernel as is (for bad-fd cases).
 */
public sealed interface FdRef {

    /** A declared file: a pipe end {@code NAME.r}/{@code NAME.w}, or an eventfd's {@code NAME}. */
    record Declared(String spelling) implements FdRef {
        @Override
        public String toString() {
            return spelling;
        }
    }

    /** A descriptor number, passed as is, whether or not it names an open file. */
    record Number(int fd) implements FdRef {
        @Override
        public String toString() {
            return Integer.toString(fd);
        }
    }
}
