package dev.uringlab.stress;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Options;

/**
 * The build's jcstress runner: runs jcstress with {@code Main}'s arguments, and exits 1 when
 * its run results list a failed test (a FORBIDDEN outcome) or an erroneous one, since
 * jcstress's own {@code Main} exits 0 either way; {@code ./mvnw verify} runs it (the pom's
 * {@code jcstress} execution). Not a test: jcstress's processor ignores it.
 */
public final class JcstressGate {
    /** A "Failed tests:" or "Error tests:" header followed by something other than "No matches.". */
    private static final Pattern FAILED = Pattern.compile("(Failed|Error) tests:\\s*\\n(?!\\s*No matches\\.)\\s*\\S");

    private JcstressGate() {}

    public static void main(String[] args) throws Exception {
        PrintStream console = System.out;
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        System.setOut(new PrintStream(new OutputStream() {
            @Override public void write(int b) { console.write(b); copy.write(b); }
            @Override public void write(byte[] b, int off, int len) { console.write(b, off, len); copy.write(b, off, len); }
        }, true, StandardCharsets.UTF_8));
        Options opts = new Options(args);
        if (!opts.parse()) {
            System.exit(2);
        }
        new JCStress(opts).run();
        System.out.flush();
        if (FAILED.matcher(copy.toString(StandardCharsets.UTF_8)).find()) {
            console.println("jcstress: a test has a FORBIDDEN outcome or an error (see above and target/jcstress-results)");
            System.exit(1);
        }
        System.exit(0);
    }
}
