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

    /**
     * A context whose startup failed is not running, so closing it destroys nothing: its connection pools, already
     * open for the migration, are closed here (PostgreSQL refuses clients past its limit once enough leak).
     */
    private static void closePools(ApplicationContext context) {
        for (var registration : context.getActiveBeanRegistrations(javax.sql.DataSource.class)) {
            Object pool = registration.getBean();
            for (Object candidate = pool; candidate != null; ) {
                if (candidate instanceof AutoCloseable closeable) {
                    try {
                        closeable.close();
                    } catch (Exception e) {
                        // the pool is gone either way
                    }
                    break;
                }
                candidate = candidate instanceof io.micronaut.data.connection.jdbc.advice.DelegatingDataSource delegating
                    ? delegating.getTargetDataSource() : null;
            }
        }
    }

    public static String startupFailure(Map<String, Object> config) {
        Throwable thrown = assertThrows(RuntimeException.class, () -> {
            // built, then started, so that a context whose startup fails is still closed: its connection pools
            // would otherwise stay open for the rest of the test JVM (PostgreSQL refuses clients past its limit)
            ApplicationContext context = ApplicationContext.builder().properties(config).build();
            try {
                context.start();
                context.getBean(EmbeddedServer.class).start();
            } finally {
                if (context.isRunning()) {
                    context.close();
                } else {
                    closePools(context);
                }
            }
        });
        StringBuilder all = new StringBuilder();
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }
}
