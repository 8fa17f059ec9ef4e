package dev.uringlab.cli;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/**
 * What went wrong with a file, in words a user reads after the file's name ({@code FILE: no
 * such file}, {@code cannot write X: permission denied}): never the JDK's exception text,
 * which is a path (often a temporary file's) or a decoder's {@code Input length = 1}.
 */
public final class FileProblem {
    private FileProblem() {}

    /** The problem {@code e} reports, lower case, without any path. */
    public static String of(IOException e) {
        return switch (e) {
            case NoSuchFileException x -> "no such file";
            case AccessDeniedException x -> "permission denied";
            case NotDirectoryException x -> "not a directory";
            case FileAlreadyExistsException x -> "already exists";
            case DirectoryNotEmptyException x -> "directory not empty";
            case FileSystemException x when x.getReason() != null -> x.getReason().toLowerCase(Locale.ROOT);
            case CharacterCodingException x -> "not UTF-8 text";
            // A plain IOException carries the system's own words (reading a directory: "Is a directory").
            default -> e.getMessage() != null ? e.getMessage().toLowerCase(Locale.ROOT) : e.getClass().getSimpleName();
        };
    }
}
