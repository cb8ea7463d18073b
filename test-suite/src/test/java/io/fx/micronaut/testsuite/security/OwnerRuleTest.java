package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.pipeline.MiddlewareOptions;
import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.security.rules.FxSecurity;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code requireOwner("ownerId", "admin")} on Dossier: create stamps the owner, another's record is 404
 * exactly like a missing one for read, update and delete (and stays unchanged), anonymous callers get 401,
 * admins bypass, list is not restricted. Runs on H2 and PostgreSQL.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = OwnerRuleTest.SPEC)
@Property(name = "fx.security.jwt.secret", value = SECRET)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OwnerRuleTest {

    static final String SPEC = "OwnerRuleTest";

    @Inject
    Api api;

    private Reply as(String user, String method, String path, String body) {
        if (user == null) {
            return api.send(method, path, body);
        }
        List<String> roles = user.equals("root") ? List.of("admin") : List.of();
        return api.withBearer(Tokens.jwt(user).roles(roles).token()).send(method, path, body);
    }

    private String create(String user, String title) {
        return as(user, "POST", "/api/dossiers", "{\"title\":\"" + title + "\"}").createdId();
    }

    @Test
    void createStampsTheCallersUserId() {
        Reply created = as("alice", "POST", "/api/dossiers", "{\"title\":\"stamp\"}");
        assertEquals(201, created.status(), created::toString);
        assertEquals("alice", created.data().get("owner_id"));
    }

    @Test
    void anotherUsersRecordIsNotFoundLikeAMissingOneAndStaysUnchanged() {
        String id = create("alice", "private");
        String missing = create("alice", "gone");
        assertEquals(204, as("alice", "DELETE", "/api/dossiers/" + missing, null).status());
        Reply absent = as("bob", "GET", "/api/dossiers/" + missing, null);
        for (Reply reply : List.of(as("bob", "GET", "/api/dossiers/" + id, null),
            as("bob", "PATCH", "/api/dossiers/" + id, "{\"title\":\"hijacked\"}"),
            as("bob", "DELETE", "/api/dossiers/" + id, null))) {
            assertEquals(404, reply.status(), reply::toString);
            assertEquals(absent.error(), reply.error());
        }
        Reply own = as("alice", "GET", "/api/dossiers/" + id, null);
        assertEquals(200, own.status());
        assertEquals("private", own.data().get("title"));
        assertEquals(200, as("alice", "PATCH", "/api/dossiers/" + id, "{\"title\":\"mine\"}").status());
    }

    @Test
    void aBodyNamingAnotherOwnerCannotMoveTheRecord() {
        Reply created = as("alice", "POST", "/api/dossiers", "{\"title\":\"x\",\"owner_id\":\"bob\"}");
        assertEquals(403, created.status(), created::toString);
        assertEquals("FORBIDDEN", created.code());
        String id = create("alice", "keep");
        Reply moved = as("alice", "PATCH", "/api/dossiers/" + id, "{\"owner_id\":\"bob\"}");
        assertEquals(403, moved.status(), moved::toString);
        assertEquals("alice", as("alice", "GET", "/api/dossiers/" + id, null).data().get("owner_id"));
    }

    @Test
    void anonymousCallersGet401AndAdminsBypass() {
        String id = create("alice", "admin-visible");
        Reply anonymous = as(null, "GET", "/api/dossiers/" + id, null);
        assertEquals(401, anonymous.status(), anonymous::toString);
        assertEquals("UNAUTHORIZED", anonymous.code());
        assertEquals(200, as("root", "GET", "/api/dossiers/" + id, null).status());
        assertEquals(200, as("root", "PATCH", "/api/dossiers/" + id, "{\"title\":\"by-admin\"}").status());
        assertEquals("alice", as("alice", "GET", "/api/dossiers/" + id, null).data().get("owner_id"));
    }

    @Test
    void listIsNotRestricted() {
        create("alice", "list-a");
        create("carol", "list-c");
        Reply list = as("bob", "GET", "/api/dossiers" + Api.query("filter", "title:contains:list-"), null);
        assertEquals(200, list.status(), list::toString);
        assertEquals(2L, ((Number) list.meta().get("total")).longValue());
    }

    @Test
    void anOwnerFieldTheModelLacksFailsStartup() {
        assertStartupFailure("requireOwner names the field 'author', which model Dossier does not have",
            SPEC + "Unknown", "fx.security.jwt.secret", SECRET);
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC + "Unknown")
    static class UnknownFieldBeans {

        @Singleton
        PipelineConfigurer owner() {
            return registry -> registry.use(Step.AUTH, FxSecurity.requireOwner("author"),
                MiddlewareOptions.after().models("Dossier"));
        }
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        PipelineConfigurer owner() {
            return registry -> registry.use(Step.AUTH, FxSecurity.requireOwner("ownerId", "admin"),
                MiddlewareOptions.after().models("Dossier"));
        }
    }
}
