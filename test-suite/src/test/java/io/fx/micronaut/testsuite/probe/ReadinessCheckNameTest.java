package io.fx.micronaut.testsuite.probe;

import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReadinessCheckNameTest {

    @ParameterizedTest
    @CsvSource({"BadCheckName, reserved name 'db'", "DuplicateCheckName, share the name 'cache'",
        "EmptyCheckName, has an empty name"})
    void badCheckNamesFailStartup(String spec, String message) {
        Throwable failure = assertThrows(RuntimeException.class, () -> {
            try (ApplicationContext context = ApplicationContext.run(EmbeddedServer.class, Map.of(
                "spec.name", spec,
                "datasources.default.url", "jdbc:h2:mem:" + spec + ";DB_CLOSE_DELAY=-1",
                "datasources.default.driver-class-name", "org.h2.Driver")).getApplicationContext()) {
                context.getBean(EmbeddedServer.class);
            }
        });
        StringBuilder all = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        assertTrue(all.toString().contains(message), all.toString());
    }
}
