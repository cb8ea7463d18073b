package io.fx.micronaut.testsuite.testkit;

import io.fx.micronaut.test.Fixtures;
import io.fx.micronaut.test.FxClient;
import io.fx.micronaut.test.FxReply;
import io.fx.micronaut.test.TestDatabase;
import io.fx.micronaut.test.TestDatabases;
import io.fx.micronaut.test.TestTokens;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.SpecModels;
import io.micronaut.context.annotation.Value;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.opentest4j.AssertionFailedError;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fx-micronaut-test as an application uses it, black-box on each database of the matrix: {@code @TestDatabase} gives
 * the class its database, {@link Fixtures} valid records with their required parent, {@link TestTokens} tokens the
 * real security module accepts (roles, scopes) or refuses (expired, without expiry, another key, unsigned), and
 * {@link FxClient} the envelope and assertions failing with the whole body.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestSupportTest implements TestPropertyProvider {

    static final String SPEC = "TestSupportTest";

    @Inject
    Fixtures fixtures;
    @Inject
    TestTokens tokens;
    @Inject
    FxClient client;
    @Value("${datasources.default.url}")
    String url;

    @Override
    public Map<String, String> getProperties() {
        return Map.of("spec.name", SPEC, SpecModels.PROPERTY, SpecModels.of(Kit.class, KitPart.class),
            "fx.security.jwt.secret", Tokens.SECRET,
            "fx.security.anonymous.operations", "list,read",
            "fx.security.models.KitPart.roles.create", "assembler",
            "fx.security.models.KitPart.scopes.update", "parts:write");
    }

    private FxReply createPart(String token) {
        Map<String, Object> body = new java.util.LinkedHashMap<>(fixtures.of(KitPart.class).body());
        body.put("kit_id", fixtures.of(Kit.class).createId());
        return client.withToken(token).post("/api/kit_parts", body);
    }

    @Test
    void theClassRunsOnItsOwnDatabase() {
        assertEquals(TestDatabases.url(SPEC), url);
    }

    @Test
    void fixturesFillWhatACreateNeedsAndCreateTheRequiredParent() {
        Map<String, Object> part = fixtures.of(KitPart.class).with("note", "spare").create();
        Map<String, Object> read = client.get("/api/kit_parts/" + part.get("id")).expectOk().data();
        assertEquals("bolt", read.get("kind"));
        assertEquals(2, ((Number) read.get("quantity")).intValue());
        assertEquals("spare", read.get("note"));
        client.get("/api/kits/" + read.get("kit_id")).expectOk();
        assertEquals(3, fixtures.of(KitPart.class).with("kitId", read.get("kit_id")).createMany(3).size());
        assertEquals(4, ((Number) client.get("/api/kit_parts?filter=kit_id:eq:" + read.get("kit_id")).expectOk()
            .meta().get("total")).intValue());
    }

    @Test
    void validTokensAreAcceptedWithTheirRolesAndScopes() {
        String id = createPart(tokens.subject("ann").roles("assembler").token()).expectCreated().id();
        createPart(tokens.subject("bea").roles("viewer").token()).expectError(403, "FORBIDDEN");
        client.withToken(tokens.subject("cid").scopes("parts:write").expiresIn(Duration.ofMinutes(1)).token())
            .patch("/api/kit_parts/" + id, Map.of("note", "checked")).expectOk();
        client.withToken(tokens.subject("cid").scopes("parts:read").token())
            .patch("/api/kit_parts/" + id, Map.of("note", "no")).expectError(403, "FORBIDDEN");
    }

    @Test
    void eachNegativeTokenIsRefusedByTheSecurityModule() {
        createPart(tokens.subject("ann").roles("assembler").expired().token()).expectError(401, "TOKEN_EXPIRED");
        createPart(tokens.subject("ann").roles("assembler").withoutExpiry().token())
            .expectError(401, "TOKEN_MISSING_EXPIRY");
        createPart(tokens.subject("ann").roles("assembler").signedWith(TestTokens.otherSecret()).token())
            .expectError(401, "INVALID_TOKEN");
        createPart(tokens.subject("ann").roles("assembler").algNone().token()).expectError(401, "INVALID_TOKEN");
        createPart("not-a-token").expectError(401, "INVALID_TOKEN");
    }

    @Test
    void aFailedExpectationCarriesTheWholeBody() {
        FxReply invalid = createPart(tokens.subject("ann").roles("assembler").token());
        FxReply refused = client.withToken(tokens.subject("ann").roles("assembler").token())
            .post("/api/kit_parts", Map.of("quantity", 1));
        refused.expectError(422, "VALIDATION_ERROR");
        AssertionFailedError failure = assertThrows(AssertionFailedError.class, refused::expectCreated);
        assertTrue(failure.getMessage().contains("\"field\":\"quantity\""), failure.getMessage());
        invalid.expectCreated();
    }
}
