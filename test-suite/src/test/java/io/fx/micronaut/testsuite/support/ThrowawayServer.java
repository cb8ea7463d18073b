package io.fx.micronaut.testsuite.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A server a test runs for itself in a temporary directory of its own, so it can stop and start it without
 * touching the machine's shared one. {@link #close()} stops it and deletes the directory; a shutdown hook does
 * the same should the JVM end first.
 */
public abstract class ThrowawayServer implements AutoCloseable {

    private final Path dir;
    private final Thread cleanup;
    private boolean closed;

    /** @param name the prefix of the directory's name and the name of the shutdown hook's thread */
    protected ThrowawayServer(String name) throws IOException {
        this.dir = Files.createTempDirectory(name);
        this.cleanup = new Thread(this::close, name + "-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /**
     * Runs {@code start} on a new server; should it fail, the server is closed so nothing is left behind.
     *
     * @return the started server
     */
    public static <T extends ThrowawayServer> T started(T server, Start<T> start) throws Exception {
        try {
            start.run(server);
            return server;
        } catch (Exception | AssertionError e) {
            server.close();
            throw e;
        }
    }

    /** @return the server's directory */
    protected final Path dir() {
        return dir;
    }

    /** Stops the server at once if it runs; {@link #close()} deletes the directory afterwards whatever happens. */
    protected abstract void stopNow() throws Exception;

    @Override
    public final synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            stopNow();
        } catch (Exception e) {
            // deleting the directory below still goes ahead
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory
        }
        if (Thread.currentThread() != cleanup) {
            try {
                Runtime.getRuntime().removeShutdownHook(cleanup);
            } catch (IllegalStateException e) {
                // the JVM is shutting down
            }
        }
    }

    /** What {@link #started} runs on the new server. */
    @FunctionalInterface
    public interface Start<T> {
        void run(T server) throws Exception;
    }
}
