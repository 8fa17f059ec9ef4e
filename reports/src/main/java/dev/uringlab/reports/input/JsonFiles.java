package dev.uringlab.reports.input;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads one JSON file into a tree, turning every way it can fail into one clear {@link ReportInputException}. */
public final class JsonFiles {
    public static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private JsonFiles() {
    }

    /** The file's JSON tree; {@code what} names the expected content in messages ("a JMH result file"). */
    public static JsonNode read(Path file, String what) throws ReportInputException {
        byte[] bytes;
        try {
            if (Files.isDirectory(file)) {
                throw new ReportInputException(file, "is a directory, expected " + what);
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ReportInputException(file, "no such file", e);
        } catch (IOException e) {
            throw new ReportInputException(file, "cannot be read (" + e + ")", e);
        }
        if (new String(bytes, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
            throw new ReportInputException(file, "is empty, expected " + what + " (did the run that writes it finish?)");
        }
        try {
            return JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            if (e instanceof JsonEOFException || endsAt(e.getLocation(), bytes)) {
                throw new ReportInputException(file, "is truncated: the JSON ends early" + at(e.getLocation())
                        + " (was the run that writes it interrupted?)", e);
            }
            throw new ReportInputException(file, "is not valid JSON" + at(e.getLocation()) + ": "
                    + e.getOriginalMessage().lines().findFirst().orElse("") + ", expected " + what, e);
        } catch (IOException e) {
            throw new ReportInputException(file, "cannot be read (" + e + ")", e);
        }
    }

    /** Whether the parser failed at the end of the content: the file stops mid-value. */
    private static boolean endsAt(JsonLocation where, byte[] bytes) {
        int end = bytes.length;
        while (end > 0 && Character.isWhitespace(bytes[end - 1])) {
            end--;
        }
        return where != null && where.getByteOffset() >= end;
    }

    private static String at(JsonLocation where) {
        return where == null || where.getLineNr() < 0 ? "" : " at line " + where.getLineNr() + ", column " + where.getColumnNr();
    }
}
