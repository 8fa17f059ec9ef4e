package dev.uringlab.stress;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;

/**
 * Runs jcstress (the same arguments as its {@code Main}) and exits 1 when a test failed or
 * erred, which jcstress's own {@code Main} does not do: a FORBIDDEN outcome makes a test
 * failed. The build runs this ({@code exec} in the pom), so a FORBIDDEN outcome fails
 * {@code ./mvnw verify}. Not a test: jcstress's processor ignores it.
 */
public final class JcstressGate {
    /** The line jcstress prints under a section of its run results when the section is empty. */
    private static final String NONE = "No matches.";

    private JcstressGate() {}

    public static void main(String[] args) throws Exception {
        PrintStream console = System.out;
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        System.setOut(new PrintStream(new Tee(console, copy), true, StandardCharsets.UTF_8));
        Options opts = new Options(args);
        if (!opts.parse()) {
            System.exit(2);
        }
        new JCStress(opts).run();
        System.out.flush();
        String out = copy.toString(StandardCharsets.UTF_8);
        boolean failed = !section(out, "Failed tests:").equals(NONE) || !section(out, "Error tests:").equals(NONE);
        if (failed) {
            console.println("jcstress: a test has a FORBIDDEN outcome or an error (see above and target/jcstress-results)");
        }
        System.exit(failed ? 1 : 0);
    }

    /** The first non-blank line after {@code header} in jcstress's run results. */
    private static String section(String out, String header) {
        int at = out.lastIndexOf(header);
        if (at < 0) {
            return "(no '" + header + "' section)";
        }
        for (String line : out.substring(at + header.length()).split("\n")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return "";
    }

    /** Writes to the console and to a copy. */
    private static final class Tee extends OutputStream {
        private final PrintStream console;
        private final ByteArrayOutputStream copy;

        Tee(PrintStream console, ByteArrayOutputStream copy) {
            this.console = console;
            this.copy = copy;
        }

        @Override
        public void write(int c) {
            console.write(c);
            copy.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) {
            console.write(buf, off, len);
            copy.write(buf, off, len);
        }
    }
}
