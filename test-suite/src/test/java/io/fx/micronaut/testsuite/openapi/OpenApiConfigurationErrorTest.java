package io.fx.micronaut.testsuite.openapi;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.openapi.OpenApiDocument;
import io.micronaut.context.ApplicationContext;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Configuration mistakes stop the document with a message naming the key. */
@TestDatabase
class OpenApiConfigurationErrorTest {

    @Test
    void requiringAnUnknownSecuritySchemeNamesIt() {
        RuntimeException e = failure(Map.of("fx.openapi.security", "missing"));
        assertTrue(e.getMessage().contains("fx.openapi.security names 'missing'"), e.getMessage());
    }

    @Test
    void anUnknownSchemeTypeNamesTheKey() {
        RuntimeException e = failure(Map.of("fx.openapi.security-schemes.weird.type", "magic"));
        assertTrue(e.getMessage().contains("fx.openapi.security-schemes.weird.type"), e.getMessage());
    }

    @Test
    void anApiKeyNeedsItsParameterName() {
        RuntimeException e = failure(Map.of("fx.openapi.security-schemes.key.type", "apiKey"));
        assertTrue(e.getMessage().contains("fx.openapi.security-schemes.key.parameter-name"), e.getMessage());
    }

    private static RuntimeException failure(Map<String, Object> settings) {
        Map<String, Object> properties = new java.util.HashMap<>(settings);
        properties.put("fx.openapi.enabled", "true");
        properties.putAll(Databases.properties("OpenApiConfigurationErrorTest"));
        properties.put("fx.disable-auto-migrate", "true");
        properties.put("fx.verify-schema", "false");
        try (ApplicationContext context = ApplicationContext.builder().environments("test").properties(properties).build()) {
            context.start();
            return assertThrows(RuntimeException.class, () -> context.getBean(OpenApiDocument.class).getOpenApi());
        } catch (RuntimeException e) {
            return e;
        }
    }
}
