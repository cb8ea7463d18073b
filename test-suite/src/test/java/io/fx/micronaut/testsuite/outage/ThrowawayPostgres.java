package io.fx.micronaut.testsuite.outage;

import io.fx.micronaut.testsuite.support.Ports;
import io.fx.micronaut.testsuite.support.ThrowawayServer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of its own, made with the machine's {@code initdb} and {@code pg_ctl} in a
 * temporary directory and listening on a free port of 127.0.0.1, so a test can stop and start it
 * mid-load without touching the shared server; {@link #close()} stops it and deletes its directory.
 * {@code initdb} refuses to run as root: as root the commands run as the {@code postgres} user, who is
 * given the directory.
 */
final class ThrowawayPostgres extends ThrowawayServer {

    private static final long COMMAND_SECONDS = 60;

    private final Path bin;
    private final Path data;
    private final int port;

    private ThrowawayPostgres(Path bin) throws IOException {
        super("fx-outage-pg");
        this.bin = bin;
        this.data = dir().resolve("data");
        this.port = Ports.free();
    }

    /** @return the directory holding {@code initdb} and {@code pg_ctl}, if PostgreSQL is installed */
    static Optional<Path> binaries() {
        Path base = Paths.get("/usr/lib/postgresql");
        if (!Files.isDirectory(base)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(base)) {
            return versions.map(version -> version.resolve("bin"))
                .filter(dir -> Files.isExecutable(dir.resolve("initdb")) && Files.isExecutable(dir.resolve("pg_ctl")))
                .max(Comparator.comparing(Path::toString));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Creates and starts a cluster; on failure nothing is left behind.
     *
     * @param bin the PostgreSQL binaries
     * @return the running cluster
     */
    static ThrowawayPostgres start(Path bin) throws Exception {
        return started(new ThrowawayPostgres(bin), cluster -> {
            if (isRoot()) {
                run(List.of("chown", "-R", "postgres:", cluster.dir().toString()), false);
            }
            cluster.asOwner("initdb", "-D", cluster.data.toString(), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                "--no-sync", "--no-instructions");
            cluster.start();
        });
    }

    /** @return the JDBC URL of the cluster's {@code postgres} database */
    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** Starts the server and waits until it accepts connections. */
    void start() throws Exception {
        asOwner("pg_ctl", "-D", data.toString(), "-l", dir().resolve("server.log").toString(), "-w", "-t", "30",
            "-o", "-p " + port + " -k " + dir() + " -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40",
            "start");
    }

    /** Stops the server the way an operator's fast shutdown does: sessions are terminated. */
    void stop() throws Exception {
        asOwner("pg_ctl", "-D", data.toString(), "-m", "fast", "-w", "-t", "30", "stop");
    }

    @Override
    protected void stopNow() throws Exception {
        if (Files.exists(data.resolve("postmaster.pid"))) {
            asOwner("pg_ctl", "-D", data.toString(), "-m", "immediate", "-w", "-t", "30", "stop");
        }
    }

    private void asOwner(String command, String... arguments) throws Exception {
        List<String> line = new ArrayList<>();
        if (isRoot()) {
            line.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        line.add(bin.resolve(command).toString());
        line.addAll(List.of(arguments));
        run(line, true);
    }

    private static void run(List<String> command, boolean check) throws Exception {
        Path output = Files.createTempFile("fx-outage-cmd", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
            if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("Timed out: " + String.join(" ", command));
            }
            if (check && process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (" + process.exitValue() + "): "
                    + Files.readString(output, StandardCharsets.UTF_8));
            }
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }
}
