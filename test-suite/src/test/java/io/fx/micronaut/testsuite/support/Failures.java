package io.fx.micronaut.testsuite.support;

import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Starts a server that must fail and returns every message of the failure's cause chain. */
public final class Failures {

    private Failures() {
    }

    /**
     * @return the failure of {@code Databases.config(spec, extra)}: a database of its own, {@code spec.name} and
     *     the pairs
     */
    public static String startupFailure(String spec, Object... extra) {
        return startupFailure(Databases.config(spec, extra));
    }

    /**
     * Asserts that the application of {@code Databases.config(spec, extra)} fails to start, one message of the
     * cause chain naming {@code expected}.
     *
     * @return every message of the cause chain, for further assertions
     */
    public static String assertStartupFailure(String expected, String spec, Object... extra) {
        String message = startupFailure(spec, extra);
        assertTrue(message.contains(expected), message);
        return message;
    }

    public static String startupFailure(Map<String, Object> config) {
        Throwable thrown = assertThrows(RuntimeException.class, () -> {
            try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config)) {
                server.getApplicationContext();
            }
        });
        StringBuilder all = new StringBuilder();
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }
}
