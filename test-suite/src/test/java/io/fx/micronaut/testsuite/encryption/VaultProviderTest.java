package io.fx.micronaut.testsuite.encryption;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.LogCapture;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Vault KV v2 provider against KV v2 served by the test over loopback HTTPS: keys read with the token and
 * cached, https required unless allowed, redirects refused, a timeout, a failed refresh keeping the cached key, an
 * unknown key, a 503 that says when to retry ({@code Retry-After}, {@code fx.encryption.retry-after}) on writes and
 * reads, and a token that never reaches the logs.
 */
@TestDatabase
class VaultProviderTest {

    private final VaultServer vault = new VaultServer();

    @AfterEach
    void stop() {
        vault.close();
    }

    private Map<String, Object> config(String spec, Object... extra) {
        Map<String, Object> config = Databases.config("VaultProviderTest" + spec, extra);
        config.put("encryption.test-models", "true");
        config.put("fx.encryption.provider", "vault");
        config.put("fx.encryption.index-key", "index");
        config.putIfAbsent("fx.encryption.vault.address", vault.url());
        config.put("fx.encryption.vault.token", VaultServer.TOKEN);
        config.put("fx.encryption.vault.ca-cert", vault.caPem());
        vault.key("default", Keys.DEFAULT);
        vault.key("medical", Keys.MEDICAL);
        vault.key("index", Keys.INDEX);
        return config;
    }

    private static String keyIdOf(Object stored) {
        byte[] all = Base64.getDecoder().decode(stored.toString().substring(4));
        return new String(all, 2, all[1], java.nio.charset.StandardCharsets.US_ASCII);
    }

    @Test
    void keysAreReadOverHttpsWithTheTokenAndCached() {
        try (LogCapture logs = new LogCapture(org.slf4j.Logger.ROOT_LOGGER_NAME);
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("Read"))) {
            Api api = new Api(server);
            Api.Reply created = api.post("/api/patients", Map.of("name", "Vi", "email", "vi@example.com", "diagnosis", "ok"));
            assertEquals(201, created.status(), created.toString());
            for (int i = 0; i < 3; i++) {
                assertEquals("vi@example.com", api.get("/api/patients/" + created.createdId()).data().get("email"));
            }
            assertEquals(1, vault.reads("default"), vault.requests.toString());
            assertEquals(1, vault.reads("index"), vault.requests.toString());
            assertTrue(vault.requests.contains("/v1/secret/data/fx-keys/default"), vault.requests.toString());
            Object stored = server.getApplicationContext().getBean(io.fx.micronaut.accessor.Models.class)
                .query("SELECT \"email\" FROM \"patients\"").get(0).get("email");
            assertEquals("default", keyIdOf(stored));
            vault.fail(503);
            Api.Reply unknown = api.post("/api/patients", Map.of("name", "Wu", "email", "wu@example.com"));
            assertEquals(201, unknown.status(), "cached keys serve while Vault fails: " + unknown);
            assertFalse(EncryptionTest.everything(logs.events()).contains(VaultServer.TOKEN));
        }
    }

    @Test
    void anExpiredKeyIsReadAgainAndAFailedRefreshKeepsIt() throws Exception {
        try (LogCapture logs = new LogCapture(org.slf4j.Logger.ROOT_LOGGER_NAME);
             EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("Refresh",
                 "fx.encryption.vault.cache-ttl", "200ms"))) {
            Api api = new Api(server);
            String id = api.post("/api/patients", Map.of("name", "Xi", "email", "xi@example.com")).createdId();
            Thread.sleep(300);
            assertEquals(200, api.get("/api/patients/" + id).status());
            assertEquals(2, vault.reads("default"), "read again after the ttl: " + vault.requests);
            vault.fail(500);
            Thread.sleep(300);
            Api.Reply kept = api.get("/api/patients/" + id);
            assertEquals("xi@example.com", kept.data().get("email"), kept.toString());
            assertEquals(3, vault.reads("default"));
            assertTrue(logs.text().contains("refreshing key id 'default' failed"), logs.text());
            assertFalse(EncryptionTest.everything(logs.events()).contains(VaultServer.TOKEN));
        }
    }

    @Test
    void anUnknownKeyIsNotConfiguredAndAnUnreachableVaultIsUnavailable() {
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("Unknown",
                "fx.encryption.active-keys.medical", "absent"))) {
            Api api = new Api(server);
            Api.Reply unknown = api.post("/api/patients", Map.of("name", "Yo", "diagnosis", "x"));
            assertEquals(500, unknown.status(), unknown.toString());
            assertEquals("ENCRYPTION_NOT_CONFIGURED", unknown.code());
            vault.fail(503);
            Api.Reply down = api.post("/api/patients", Map.of("name", "Yo", "email", "yo@example.com"));
            assertEquals(503, down.status(), down.toString());
            assertEquals("KEY_PROVIDER_UNAVAILABLE", down.code());
        }
    }

    @Test
    void anUnavailableProviderTellsClientsWhenToRetry() {
        Map<String, Object> config = config("Retry");
        String id;
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config)) {
            Api api = new Api(server);
            id = api.create("/api/patients", Map.of("name", "Al", "email", "al@example.com"));
            vault.fail(503);
            Api.Reply write = api.post("/api/patients", Map.of("name", "Bo", "diagnosis", "the medical key, not cached"));
            assertEquals(503, write.status(), write.toString());
            assertEquals("KEY_PROVIDER_UNAVAILABLE", write.code());
            assertEquals("10", write.header("Retry-After"), "the default: " + write.headers());
        }
        config.put("fx.encryption.retry-after", "30s");
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config)) {
            Api.Reply read = new Api(server).get("/api/patients/" + id);
            assertEquals(503, read.status(), "a read with no key cached yet: " + read);
            assertEquals("KEY_PROVIDER_UNAVAILABLE", read.code());
            assertEquals("30", read.header("Retry-After"), read.headers().toString());
            assertFalse(read.text().contains("medical") || read.text().contains("Vault"), "the generic message: " + read);
            Api.Reply other = new Api(server).get("/api/patients/" + UUID.randomUUID());
            assertEquals(404, other.status(), other.toString());
            assertNull(other.header("Retry-After"));
        }
    }

    @Test
    void aWrongTokenIsAnUnavailableProvider() {
        Map<String, Object> config = config("Token");
        config.put("fx.encryption.vault.token", "s.wrong");
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config)) {
            Api.Reply refused = new Api(server).post("/api/patients", Map.of("name", "Zed", "email", "zed@example.com"));
            assertEquals(503, refused.status(), refused.toString());
            assertEquals("KEY_PROVIDER_UNAVAILABLE", refused.code());
        }
    }

    @Test
    void redirectsAreRefused() {
        vault.redirectToPlain(true);
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("Redirect"))) {
            Api.Reply refused = new Api(server).post("/api/patients", Map.of("name", "Ro", "email", "ro@example.com"));
            assertEquals(503, refused.status(), refused.toString());
            assertEquals(1, vault.requests.size(), "the redirect was not followed: " + vault.requests);
        }
    }

    @Test
    void aSlowVaultTimesOut() {
        vault.delay(3000);
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("Timeout",
                "fx.encryption.vault.timeout", "300ms"))) {
            long start = System.nanoTime();
            Api.Reply refused = new Api(server).post("/api/patients", Map.of("name", "Sy", "email", "sy@example.com"));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(503, refused.status(), refused.toString());
            assertTrue(millis < 2500, "answered after " + millis + " ms");
        }
    }

    @Test
    void aVaultThatStallsItsBodyTimesOut() {
        // the JDK client's request timeout ends with the headers: the read itself must bound the body
        vault.stallBody();
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("Stall",
                "fx.encryption.vault.timeout", "300ms"))) {
            Api.Reply refused = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> new Api(server).post("/api/patients", Map.of("name", "St", "email", "st@example.com")));
            assertEquals(503, refused.status(), refused.toString());
            assertEquals("KEY_PROVIDER_UNAVAILABLE", refused.code());
        }
    }

    @Test
    void httpIsRefusedUnlessAllowed() {
        String refused = Failures.startupFailure(config("Http", "fx.encryption.vault.address", vault.plainUrl()));
        assertTrue(refused.contains("fx.encryption.vault.address must be an https URL"), refused);
        assertFalse(refused.contains(VaultServer.TOKEN), refused);
        try (EmbeddedServer server = ApplicationContext.run(EmbeddedServer.class, config("HttpAllowed",
                "fx.encryption.vault.address", vault.plainUrl(), "fx.encryption.vault.allow-insecure-http", "true"))) {
            assertEquals(201, new Api(server).post("/api/patients", Map.of("name", "Ha", "email", "ha@example.com")).status());
        }
    }
}
