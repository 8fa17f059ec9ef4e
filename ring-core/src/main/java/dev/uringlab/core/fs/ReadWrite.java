package dev.uringlab.core.fs;

import dev.uringlab.spi.recipe.OutOfLine;
import dev.uringlab.spi.trace.StepKind;
import dev.uringlab.spi.trace.Trace;

/**
 * fs/read_write.c's rw_verify_area and the security hook it calls (security/security.c), as
 * io_read and io_write call them before the file's read_iter or write_iter (5.14): the position
 * and count are in range for a block device, and no security module is loaded, so
 * security_file_permission finds no hook to run and no fsnotify watcher of the file.
 */
public final class ReadWrite {
    private ReadWrite() {}

    /** rw_verify_area: nothing to refuse; security_file_permission. */
    @OutOfLine("rw_verify_area")
    public static int rwVerifyArea(Trace trace) {
        trace.step(StepKind.CALL, "rw_verify_area");
        return securityFilePermission(trace);
    }

    /** security_file_permission: no LSM hook, fsnotify_perm finds no watcher. */
    @OutOfLine("security_file_permission")
    private static int securityFilePermission(Trace trace) {
        trace.step(StepKind.CALL, "security_file_permission");
        return 0;
    }
}
