package dev.uringlab.cli.compare;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * JMH's own guard against two benchmark runs at once: a lock on {@code <java.io.tmpdir>/jmh.lock},
 * which a JMH run that cannot take it answers by exiting at once. On a machine shared with
 * other runs, compare waits for the lock to be free before each point instead of failing it.
 */
final class JmhLock {
    private static final Path LOCK = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
    private static final long POLL_MILLIS = 500;

    private JmhLock() {}

    /** Returns once no other JMH run holds the lock, saying once that it waits. */
    static void awaitFree(PrintWriter out) throws IOException, InterruptedException {
        boolean said = false;
        try (FileChannel ch = FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            while (true) {
                try (FileLock lock = ch.tryLock()) {
                    if (lock != null) {
                        return; // free: released at once, for the JMH child to take
                    }
                } catch (OverlappingFileLockException e) {
                    return; // held in this JVM: not another run
                }
                if (!said) {
                    out.println("uring-lab compare: another JMH run holds " + LOCK + "; waiting for it to finish...");
                    out.flush();
                    said = true;
                }
                Thread.sleep(POLL_MILLIS);
            }
        }
    }
}
