package dev.uringlab.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The files under one resource directory of a class path, in every directory and jar that has
 * it: how what a module ships under {@code META-INF/uring-lab/} is found (recipes, claims, demos;
 * {@link dev.uringlab.spi.recipe.Recipes}, {@link dev.uringlab.spi.recipe.OutOfLineMethods}).
 */
public final class ClassPathFiles {
    /**
     * One file.
     *
     * @param path     its resource path ({@code META-INF/uring-lab/recipes/regb-6.1.recipe})
     * @param location where it was read, for messages (a file's path, or {@code JAR!/PATH})
     * @param bytes    its content
     */
    public record Entry(String path, String location, byte[] bytes) {
    }

    private ClassPathFiles() {
    }

    /** Every file under {@code directory} (a resource path ending in {@code /}, searched to any depth) whose name ends with {@code suffix}, by path. */
    public static List<Entry> under(ClassLoader loader, String directory, String suffix) {
        List<Entry> entries = new ArrayList<>();
        try {
            Enumeration<URL> roots = loader.getResources(directory);
            while (roots.hasMoreElements()) {
                URL root = roots.nextElement();
                if (root.getProtocol().equals("jar")) {
                    readJar(root, directory, suffix, entries);
                } else {
                    readDirectory(Path.of(root.toURI()), directory, suffix, entries);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + directory + " on the class path", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("a class-path entry that is no file: " + e.getInput(), e);
        }
        entries.sort(Comparator.comparing(Entry::path));
        return entries;
    }

    private static void readDirectory(Path root, String directory, String suffix, List<Entry> into) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> p.toString().endsWith(suffix) && Files.isRegularFile(p)).toList()) {
                String path = directory + root.relativize(f).toString().replace('\\', '/');
                into.add(new Entry(path, f.toString(), Files.readAllBytes(f)));
            }
        }
    }

    private static void readJar(URL root, String directory, String suffix, List<Entry> into) throws IOException {
        JarURLConnection connection = (JarURLConnection) root.openConnection();
        connection.setUseCaches(false);
        try (JarFile jar = connection.getJarFile()) {
            for (var e : jar.stream().filter(e -> e.getName().startsWith(directory) && e.getName().endsWith(suffix)).toList()) {
                try (InputStream in = jar.getInputStream(e)) {
                    into.add(new Entry(e.getName(), jar.getName() + "!/" + e.getName(), in.readAllBytes()));
                }
            }
        }
    }
}
