package dev.uringlab.spi.recipe;

import dev.uringlab.spi.ClassPathFiles;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Every method marked {@link OutOfLine} in the project's classes ({@code dev/uringlab/**}) on a
 * class path, and the JIT commands that keep them out of line. A class file is loaded (never
 * initialised) only when its bytes name the annotation.
 */
public final class OutOfLineMethods {
    private static final String ROOT = "dev/uringlab/";
    private static final byte[] DESCRIPTOR = ("L" + OutOfLine.class.getName().replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8);

    private OutOfLineMethods() {
    }

    /** Every {@link OutOfLine} method of the project's classes {@code loader} sees, by class and name. */
    public static List<Method> find(ClassLoader loader) {
        List<Method> methods = new ArrayList<>();
        for (ClassPathFiles.Entry e : ClassPathFiles.under(loader, ROOT, ".class")) {
            if (!namesAnnotation(e.bytes())) {
                continue;
            }
            String name = e.path().substring(0, e.path().length() - ".class".length()).replace('/', '.');
            Class<?> c;
            try {
                c = Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError ex) {
                throw new IllegalStateException("cannot load " + name + ", which names @OutOfLine", ex);
            }
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(OutOfLine.class)) {
                    methods.add(m);
                }
            }
        }
        methods.sort(Comparator.comparing((Method m) -> m.getDeclaringClass().getName()).thenComparing(Method::getName));
        return methods;
    }

    /**
     * HotSpot's {@code -XX:CompileCommand=dontinline,CLASS::METHOD} for each {@link OutOfLine}
     * method {@code loader} sees, one per class and method name, in a stable order.
     */
    public static List<String> dontInlineCommands(ClassLoader loader) {
        return find(loader).stream().map(m -> "-XX:CompileCommand=dontinline," + m.getDeclaringClass().getName() + "::" + m.getName())
                .distinct().toList();
    }

    private static boolean namesAnnotation(byte[] classFile) {
        outer:
        for (int i = 0; i <= classFile.length - DESCRIPTOR.length; i++) {
            for (int j = 0; j < DESCRIPTOR.length; j++) {
                if (classFile[i + j] != DESCRIPTOR[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
