package io.fx.micronaut.testsuite.support;


import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code redis-server} of the test's own on a free port of 127.0.0.1, without persistence
 * ({@code --save "" --appendonly no}) unless started by {@link #startPersistent()}, so a test can stop and restart
 * it mid-test without touching the machine's shared Redis on 6379. {@link #close()} stops it (a shutdown hook does too, should the JVM end first).
 */
public final class PrivateRedis implements AutoCloseable {

    private static final long WAIT_MILLIS = 10_000;

    private final int port;
    private final Path dir;
    private final Thread cleanup;
    private final boolean persistent;
    private Process process;

    private PrivateRedis(int port, boolean persistent) throws IOException {
        this.port = port;
        this.persistent = persistent;
        this.dir = Files.createTempDirectory("fx-redis");
        this.cleanup = new Thread(this::stop, "fx-private-redis-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /** @return whether {@code redis-server} is on the path */
    public static boolean installed() {
        return Executables.installed("redis-server");
    }

    /** Starts a server on a free port and waits until it answers {@code PING}. */
    public static PrivateRedis start() throws Exception {
        return start(false);
    }

    /**
     * Starts a server that keeps its data across {@link #stop()} and {@link #startAgain()}: an append-only file
     * written on every command ({@code --appendonly yes --appendfsync always}), as a production Redis would.
     */
    public static PrivateRedis startPersistent() throws Exception {
        return start(true);
    }

    private static PrivateRedis start(boolean persistent) throws Exception {
        PrivateRedis redis = new PrivateRedis(Ports.free(), persistent);
        try {
            redis.startAgain();
            return redis;
        } catch (Exception | AssertionError e) {
            redis.close();
            throw e;
        }
    }

    /** @return the server's port */
    public int port() {
        return port;
    }

    /** @return its {@code redis://} address */
    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Starts the server (again) on the same port and waits until it answers {@code PING}. */
    public synchronized void startAgain() throws Exception {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("already running");
        }
        process = new ProcessBuilder(List.of("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1",
            "--save", "", "--appendonly", persistent ? "yes" : "no",
            "--appendfsync", "always", "--dir", dir.toString(), "--protected-mode", "yes", "--enable-debug-command", "yes"))
            .redirectErrorStream(true).redirectOutput(dir.resolve("server.log").toFile()).start();
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (!pong()) {
            if (!process.isAlive() || System.currentTimeMillis() > deadline) {
                String log = Files.exists(dir.resolve("server.log")) ? Files.readString(dir.resolve("server.log")) : "";
                stop();
                throw new IllegalStateException("redis-server on port " + port + " did not start: " + log);
            }
            Thread.sleep(50);
        }
    }

    /** Stops the server (SIGTERM, then SIGKILL after 10 s) and waits until it is gone. */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(WAIT_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    private boolean pong() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            socket.setSoTimeout(500);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = in.readNBytes(7);
            return "+PONG\r\n".equals(new String(reply, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        stop();
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
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
}
