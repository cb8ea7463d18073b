package io.fx.micronaut.testsuite.encryption;

import io.fx.micronaut.encryption.KeyProvider;
import io.fx.micronaut.encryption.KeyProviderUnavailableException;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.runtime.server.EmbeddedServer;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who provides the keys: an application {@link KeyProvider} bean replaces the built-ins, and an unreachable one
 * answers 503 {@code KEY_PROVIDER_UNAVAILABLE} writing nothing; with no provider at all, every read and write of an
 * encrypted value answers 500 {@code ENCRYPTION_NOT_CONFIGURED} writing nothing, startup logs an error, and
 * production validation refuses to start.
 */
@TestDatabase
class EncryptionProvidersTest {

    static final String SPEC = "EncryptionProvidersTest";

    /** An application's provider: the test keys, or unreachable while {@link #down} is set. */
    @Singleton
    @Requires(property = "spec.name", value = SPEC)
    static class SwitchedProvider implements KeyProvider {
        volatile boolean down;

        @Override
        @NonNull
        public Optional<byte[]> find(@NonNull String keyId) {
            if (down) {
                throw new KeyProviderUnavailableException("test provider: unreachable for key id " + keyId, null);
            }
            return Optional.ofNullable(Map.of("default", Keys.DEFAULT, "medical", Keys.MEDICAL, "index", Keys.INDEX)
                .get(keyId)).map(byte[]::clone);
        }
    }

    private static Map<String, Object> config(String spec, Object... extra) {
        Map<String, Object> config = Databases.config(spec, extra);
        config.put("encryption.test-models", "true");
        return config;
    }

    private static long count(Api api) {
        return api.count("/api/patients");
    }

    @Test
    void anApplicationProviderWinsAndAnUnreachableOneIsA503WritingNothing() {
        Map<String, Object> config = config(SPEC, "fx.encryption.provider", "env", "encryption.test-keys", "true",
            "fx.encryption.index-key", "index");
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config)) {
            Api api = new Api(server);
            SwitchedProvider provider = server.getApplicationContext().getBean(SwitchedProvider.class);
            Api.Reply created = api.post("/api/patients", Map.of("name", "Jo", "email", "jo@example.com", "diagnosis", "d"));
            assertEquals(201, created.status(), created.toString());
            String id = created.createdId();
            long before = count(api);
            provider.down = true;
            try {
                Api.Reply read = api.get("/api/patients/" + id);
                assertEquals(503, read.status(), read.toString());
                assertEquals("KEY_PROVIDER_UNAVAILABLE", read.code());
                assertFalse(read.text().contains("test provider") || read.text().contains("default"), read.text());
                Api.Reply write = api.post("/api/patients", Map.of("name", "Kit", "email", "kit@example.com"));
                assertEquals(503, write.status(), write.toString());
                assertEquals("KEY_PROVIDER_UNAVAILABLE", write.code());
            } finally {
                provider.down = false;
            }
            assertEquals(before, count(api), "nothing was written");
            assertEquals("jo@example.com", api.get("/api/patients/" + id).data().get("email"));
        }
    }

    @Test
    void withoutAProviderEncryptedValuesFailClosed() {
        Map<String, Object> config = config(SPEC + "None");
        try (LogCapture logs = new LogCapture(org.slf4j.Logger.ROOT_LOGGER_NAME);
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config)) {
            assertTrue(logs.events().stream().anyMatch(e -> e.getLevel() == ch.qos.logback.classic.Level.ERROR
                && e.getFormattedMessage().contains("Patient.email") && e.getFormattedMessage().contains("no key provider")),
                logs.text());
            Api api = new Api(server);
            long before = count(api);
            for (Map<String, Object> body : List.of(Map.<String, Object>of("name", "Lu", "email", "lu@example.com"),
                    Map.<String, Object>of("name", "Lu", "diagnosis", "x"))) {
                Api.Reply refused = api.post("/api/patients", body);
                assertEquals(500, refused.status(), refused.toString());
                assertEquals("ENCRYPTION_NOT_CONFIGURED", refused.code());
                assertFalse(refused.text().contains("lu@example.com") || refused.text().contains("provider"), refused.text());
            }
            assertEquals(before, count(api), "nothing was written");
            String id = api.post("/api/patients", Map.of("name", "Without secrets")).createdId();
            assertEquals(200, api.get("/api/patients/" + id).status(), "null values need no key");
            api.patch("/api/patients/" + id, Map.of("name", "Still without"));
            server.getApplicationContext().getBean(io.fx.micronaut.accessor.Models.class)
                .execute("UPDATE \"patients\" SET \"diagnosis\" = ? WHERE \"id\" = ?", "enc:AQdkZWZhdWx0", id);
            Api.Reply read = api.get("/api/patients/" + id);
            assertEquals(500, read.status(), read.toString());
            assertEquals("ENCRYPTION_NOT_CONFIGURED", read.code());
        }
    }

    @Test
    void productionRefusesToStartWithoutAProvider() {
        String failure = Failures.startupFailure(config(SPEC + "Production", "fx.production", "true",
            "fx.security.api-keys.entries", List.of(Map.of("key", "enc-check-key", "user-id", "ci-bot"))));
        assertTrue(failure.contains("encrypted fields (Patient.email, Patient.diagnosis, PatientVisit.summary, "
            + "Subscriber.email) have no key provider"), failure);
    }
}
