package io.fx.micronaut.testsuite.support;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code nats-server} with JetStream of the test's own, on a free port of 127.0.0.1 and a store directory of its
 * own, so a test can kill it and start it again (its streams survive, as on disk) without touching the machine's
 * server on 4222.
 */
public final class PrivateNats extends ThrowawayServer {

    private static final long WAIT_MILLIS = 10_000;

    private final int port;
    private Process process;

    private PrivateNats(int port) throws IOException {
        super("fx-nats");
        this.port = port;
    }

    /** @return whether {@code nats-server} is on the path */
    public static boolean installed() {
        return Executables.installed("nats-server");
    }

    /** Starts a server on a free port and waits until it greets a client. */
    public static PrivateNats start() throws Exception {
        return started(new PrivateNats(Ports.free()), PrivateNats::startAgain);
    }

    /** @return its {@code nats://} address */
    public String uri() {
        return "nats://127.0.0.1:" + port;
    }

    /** Starts the server (again) on the same port and store, and waits until it greets a client. */
    public synchronized void startAgain() throws Exception {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("already running");
        }
        process = new ProcessBuilder(List.of("nats-server", "-a", "127.0.0.1", "-p", Integer.toString(port), "-js",
            "-sd", dir().resolve("store").toString()))
            .redirectErrorStream(true).redirectOutput(dir().resolve("server.log").toFile()).start();
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (!greets()) {
            if (!process.isAlive() || System.currentTimeMillis() > deadline) {
                String log = Files.exists(dir().resolve("server.log")) ? Files.readString(dir().resolve("server.log")) : "";
                stopNow();
                throw new IllegalStateException("nats-server on port " + port + " did not start: " + log);
            }
            Thread.sleep(50);
        }
    }

    /** Kills the server at once (SIGKILL) and waits until it is gone. */
    @Override
    public synchronized void stopNow() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        try {
            process.waitFor(WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    private boolean greets() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            socket.setSoTimeout(500);
            InputStream in = socket.getInputStream();
            return new String(in.readNBytes(4), StandardCharsets.US_ASCII).equals("INFO");
        } catch (IOException e) {
            return false;
        }
    }
}
