package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ErrorCodeRegistry;
import io.fx.micronaut.security.SecurityErrorCodes;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.OpenApiValidation;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.support.Api.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OpenAPI document of an application with bearer tokens, API keys and the YAML rules: both security
 * schemes as alternatives, {@code security: []} on public reads, optional security on anonymous
 * operations, and the 401 and 403 answers; the document still validates.
 */
@MicronautTest(environments = {"test", "security-yaml"}, transactional = false)
@Property(name = "fx.openapi.enabled", value = "true")
@Property(name = "fx.security.api-keys.entries[0].key", value = "doc-key-0123456789")
@Property(name = "fx.security.api-keys.entries[0].user-id", value = "doc")
@TestDatabase
class SecurityOpenApiTest {

    @Inject
    Api api;
    @Inject
    ErrorCodeRegistry errorCodes;

    @Test
    void schemesPublicReadsAnonymousOperationsAndTheAuthAnswersAreDocumented() {
        Api.Reply reply = api.get("/api/openapi.json");
        assertEquals(200, reply.status(), reply::toString);
        Map<String, Object> doc = reply.body();
        assertEquals(Map.of("type", "http", "scheme", "bearer", "bearerFormat", "JWT"),
            at(doc, "components", "securitySchemes", "bearerAuth"));
        assertEquals(Map.of("type", "apiKey", "in", "header", "name", "X-API-Key"),
            at(doc, "components", "securitySchemes", "apiKeyAuth"));
        assertEquals(List.of(Map.of("bearerAuth", List.of()), Map.of("apiKeyAuth", List.of())), doc.get("security"));
        assertEquals(List.of(), at(doc, "paths", "/api/bulletins", "get", "security"));
        assertEquals(List.of(), at(doc, "paths", "/api/bulletins/{id}", "get", "security"));
        assertNull(at(doc, "paths", "/api/bulletins", "post", "security"));
        assertEquals(List.of(Map.of(), Map.of("bearerAuth", List.of()), Map.of("apiKeyAuth", List.of())),
            at(doc, "paths", "/api/notices", "post", "security"));
        assertEquals("#/components/responses/FxUnauthorized", at(doc, "paths", "/api/dossiers/{id}", "get", "responses", "401", "$ref"));
        assertEquals("#/components/responses/FxForbidden", at(doc, "paths", "/api/dossiers/{id}", "patch", "responses", "403", "$ref"));
        String description = at(doc, "components", "responses", "FxUnauthorized", "description");
        assertTrue(description.contains("TOKEN_EXPIRED"), description);
        String serverError = at(doc, "components", "responses", "FxServerError", "description");
        assertTrue(serverError.contains("POLICY_ERROR"), serverError);
        List<Object> codes = at(doc, "components", "responses", "FxServerError", "content", "application/json", "schema",
            "properties", "error", "properties", "code", "enum");
        assertTrue(codes.contains("POLICY_ERROR"), codes.toString());
        Map<String, Object> declared = at(doc, "components", "schemas", "FxError", "x-fx-error-codes");
        assertEquals(errorCodes.all().size(), declared.size(), declared::toString);
        for (ErrorCode code : errorCodes.all()) {
            assertEquals(code.status(), declared.get(code.name()), "every declared code is documented: " + declared);
        }
        assertEquals(401, declared.get(SecurityErrorCodes.TOKEN_EXPIRED.name()), "the module's codes are declared");
        assertEquals(404, declared.get("NOT_FOUND"), "and the core's");
        assertEquals(List.of(), OpenApiValidation.messages(reply.text()));
    }
}
