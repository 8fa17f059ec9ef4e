package dev.uringlab.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * What went wrong with a file, in words a user reads after the file's name ({@code FILE: no
 * such file}, {@code cannot write X: permission denied}): never the JDK's exception text,
 * which is a path (often a temporary file's). A scenario that is not UTF-8 text is the
 * parser's to report, with its line.
 */
public final class FileProblem {
    private FileProblem() {}

    /** The problem {@code e} reports, lower case, without any path. */
    public static String of(IOException e) {
        return switch (e) {
            case NoSuchFileException x -> "no such file";
            case AccessDeniedException x -> "permission denied";
            case NotDirectoryException x -> "not a directory";
            // Replacing an output that is a directory with files in it.
            case DirectoryNotEmptyException x -> "is a directory";
            case FileSystemException x when x.getReason() != null -> x.getReason().toLowerCase(Locale.ROOT);
            case FileSystemException x -> "cannot be used (" + x.getClass().getSimpleName() + ")";
            // A plain IOException carries the system's own words (reading a directory: "Is a directory").
            default -> e.getMessage() != null ? e.getMessage().toLowerCase(Locale.ROOT) : e.getClass().getSimpleName();
        };
    }
}
