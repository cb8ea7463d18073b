package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.support.Api.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Rules registered in code (the {@link AccessRulesTest} application) are documented as YAML rules are: public
 * reads get {@code security: []}, anonymous operations optional security, and an operation an authoriser guards
 * (a role or scope after an anonymous admission) the document's required security.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = AccessRulesTest.SPEC)
@Property(name = "fx.openapi.enabled", value = "true")
@Property(name = "fx.security.jwt.secret", value = SECRET)
@TestDatabase
class SecurityOpenApiCodeRulesTest {

    private static final List<Map<String, Object>> OPTIONAL = List.of(Map.of(), Map.of("bearerAuth", List.of()));

    @Inject
    Api api;

    @Test
    void codeRegisteredRulesShapeTheDocumentedSecurity() {
        Api.Reply reply = api.get("/api/openapi.json");
        assertEquals(200, reply.status(), reply::toString);
        Map<String, Object> doc = reply.body();
        assertEquals(List.of(), at(doc, "paths", "/api/bulletins", "get", "security"));
        assertEquals(List.of(), at(doc, "paths", "/api/bulletins/{id}", "get", "security"));
        assertNull(at(doc, "paths", "/api/bulletins", "post", "security"), "create needs the editor role");
        assertEquals(OPTIONAL, at(doc, "paths", "/api/notices", "post", "security"));
        assertEquals(OPTIONAL, at(doc, "paths", "/api/notices", "get", "security"));
        assertEquals(OPTIONAL, at(doc, "paths", "/api/permits", "post", "security"));
        assertNull(at(doc, "paths", "/api/permits", "get", "security"), "listing permits needs the auditor role");
        assertNull(at(doc, "paths", "/api/permits/{id}", "get", "security"), "reading a permit needs a scope");
    }
}
