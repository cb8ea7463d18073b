package io.fx.micronaut.testsuite.env;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Ports;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Starts the application in a child JVM with real environment variables. */
@TestDatabase
class EnvironmentLoadingTest {

    @Test
    void prefixedVariablesConfigureTheServer() throws Exception {
        int port = Ports.free();
        Map<String, String> env = Map.of(
            "FX_ENV_PREFIX", "SHOP",
            "SHOP_PORT", Integer.toString(port),
            "SHOP_SERVICE_NAME", "shop-api",
            "SHOP_DB_WRITE_URL", database("EnvironmentLoadingTestShop"),
            "SHOP_QUERY_TIMEOUT_MS", "5000",
            "SHOP_SHUTDOWN_TIMEOUT_S", "2",
            "SHOP_HEALTH_CHECK_DB", "true",
            "SERVICE_NAME", "ignored-without-prefix");
        Process process = start(env);
        try {
            HttpResponse<String> live = waitForLive(port, process);
            assertEquals(200, live.statusCode());
            assertEquals("shop-api", live.headers().firstValue("X-Service-Name").orElse(null));
            HttpResponse<String> articles = get(port, "/api/articles");
            assertEquals(200, articles.statusCode(), articles.body());
            assertEquals(200, get(port, "/api/health").statusCode());
        } finally {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    @Test
    void anUnreadableVariableFailsStartupNamingIt() throws Exception {
        Process process = start(Map.of(
            "PORT", Integer.toString(Ports.free()),
            "DB_WRITE_URL", database("EnvironmentLoadingTestBad"),
            "QUERY_TIMEOUT_MS", "soon"));
        try {
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the process must exit by itself");
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertNotEquals(0, process.exitValue(), output);
            assertTrue(output.contains("QUERY_TIMEOUT_MS"), output);
        } finally {
            process.destroyForcibly();
        }
    }

    /** Prepares a database and returns its URL, which carries the user (the child has no datasource config). */
    private static String database(String name) {
        Databases.properties(name);
        return Databases.url(name);
    }

    private static Process start(Map<String, String> env) throws IOException {
        Path log = Files.createTempFile("envapp", ".log");
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
            EnvApp.class.getName()));
        builder.environment().keySet().removeIf(k -> k.endsWith("PORT") || k.startsWith("DB_") || k.startsWith("FX_")
            || k.startsWith("MICRONAUT_"));
        builder.environment().putAll(env);
        builder.redirectErrorStream(true);
        builder.redirectOutput(ProcessBuilder.Redirect.PIPE);
        return builder.start();
    }

    private static HttpResponse<String> waitForLive(int port, Process process) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("the application exited: "
                    + new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
            try {
                return get(port, "/api/live");
            } catch (ConnectException e) {
                Thread.sleep(200);
            }
        }
        throw new AssertionError("the application did not start within 60 s");
    }

    private static HttpResponse<String> get(int port, String path) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
