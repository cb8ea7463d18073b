package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;

import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The access rules written in YAML ({@code application-security-yaml.yml}): anonymous operations,
 * public read, roles, scopes and any-scopes per operation, blocked operations, the owner rule and
 * tenancy; and the startup failures of rules naming what does not exist.
 */
@MicronautTest(environments = {"test", "security-yaml"}, transactional = false)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class YamlRulesTest {

    @Inject
    Api api;

    private Reply as(String user, List<String> roles, List<String> scopes, String tenant, String method, String path,
                     String body) {
        if (user == null) {
            return api.send(method, path, body);
        }
        String token = Tokens.jwt(user).roles(roles).scopes(scopes).tenant(tenant).token();
        return api.withBearer(token).send(method, path, body);
    }

    private Reply anonymous(String method, String path, String body) {
        return as(null, null, null, null, method, path, body);
    }

    private Reply user(String user, List<String> roles, List<String> scopes, String method, String path, String body) {
        return as(user, roles, scopes, null, method, path, body);
    }

    @Test
    void anonymousOperationsAndPublicRead() {
        String id = anonymous("POST", "/api/notices", "{\"title\":\"y1\"}").createdId();
        assertEquals(200, anonymous("GET", "/api/notices/" + id, null).status());
        Reply delete = anonymous("DELETE", "/api/notices/" + id, null);
        assertEquals(401, delete.status(), "delete is not among the anonymous operations");
        assertEquals(200, anonymous("GET", "/api/bulletins", null).status());
        assertEquals(401, anonymous("POST", "/api/bulletins", "{\"title\":\"x\"}").status());
        assertEquals(401, anonymous("GET", "/api/permits", null).status());
    }

    @Test
    void rolesScopesAndBlockedOperationsPerOperation() {
        assertEquals(403, user("u", List.of("viewer"), List.of(), "POST", "/api/bulletins", "{\"title\":\"x\"}").status());
        String id = user("u", List.of("editor"), List.of(), "POST", "/api/bulletins", "{\"title\":\"x\"}").createdId();
        Reply partial = user("u", List.of(), List.of("b:write"), "PATCH", "/api/bulletins/" + id, "{\"title\":\"y\"}");
        assertEquals(403, partial.status());
        assertEquals("missing scopes: b:admin", partial.error().get("message"));
        assertEquals(403, user("u", List.of(), List.of("b:write"), "DELETE", "/api/bulletins/" + id, null).status());
        assertEquals(204, user("u", List.of(), List.of("b:delete"), "DELETE", "/api/bulletins/" + id, null).status());
        String notice = (String) anonymous("POST", "/api/notices", "{\"title\":\"blk\"}").data().get("id");
        Reply blocked = user("u", List.of("admin"), List.of(), "PATCH", "/api/notices/" + notice, "{\"title\":\"z\"}");
        assertEquals(405, blocked.status(), blocked::toString);
        assertEquals("GET, HEAD, DELETE, OPTIONS", blocked.header("Allow"));
    }

    @Test
    void ownerAndTenantRules() {
        Reply mine = user("alice", List.of(), List.of(), "POST", "/api/dossiers", "{\"title\":\"y-owned\"}");
        assertEquals("alice", mine.data().get("owner_id"));
        String id = (String) mine.data().get("id");
        assertEquals(404, user("bob", List.of(), List.of(), "GET", "/api/dossiers/" + id, null).status());
        assertEquals(200, user("root", List.of("admin"), List.of(), "GET", "/api/dossiers/" + id, null).status());
        Reply shop = as("t", List.of(), List.of(), "A", "POST", "/api/shops", "{\"name\":\"y-shop\"}");
        assertEquals("A", shop.data().get("tenant_id"), shop::toString);
        String shopId = (String) shop.data().get("id");
        assertEquals(404, as("t", List.of(), List.of(), "B", "GET", "/api/shops/" + shopId, null).status());
        assertEquals(403, user("t", List.of(), List.of(), "GET", "/api/shops", null).status());
    }

    @Test
    void rulesNamingWhatDoesNotExistFailStartup() {
        assertStartupFailure("fx.security.public-read names the model 'Ghost', which is not registered", "YamlRulesTestBad",
            "fx.security.public-read", "Ghost");
        assertStartupFailure("names the field 'author', which model Dossier does not have", "YamlRulesTestBad",
            "fx.security.models.Dossier.owner.field", "author");
        assertStartupFailure("names the operation 'purge'", "YamlRulesTestBad",
            "fx.security.models.Notice.block", "purge");
    }
}
