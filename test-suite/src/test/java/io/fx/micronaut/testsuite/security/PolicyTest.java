package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.pipeline.PipelineConfigurer;
import io.fx.micronaut.security.rules.FxSecurity;
import io.fx.micronaut.security.Policy;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.LogCapture;
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
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code enforce(policy)} on Permit: levels under 5 are open, admins see everything, a title {@code boom}
 * breaks the policy. Create sees the body, update and delete the stored record (404 first), read the
 * fetched record, list each row (denied rows dropped, total before the policy).
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = PolicyTest.SPEC)
@Property(name = "fx.security.jwt.secret", value = SECRET)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PolicyTest {

    static final String SPEC = "PolicyTest";

    @Inject
    Api api;

    private Reply as(String user, String method, String path, String body) {
        List<String> roles = user.equals("root") ? List.of("admin") : List.of();
        return api.withBearer(Tokens.jwt(user).roles(roles).token()).send(method, path, body);
    }

    private String permit(String title, int level) {
        return as("root", "POST", "/api/permits", "{\"title\":\"" + title + "\",\"level\":" + level + "}").createdId();
    }

    private static void denied(Reply reply) {
        assertEquals(403, reply.status(), reply::toString);
        assertEquals("FORBIDDEN", reply.code());
        assertEquals("access denied by policy", reply.error().get("message"));
    }

    @Test
    void listDropsDeniedRowsAndKeepsTheTotalBeforeThePolicy() {
        permit("pl-low", 1);
        permit("pl-high", 7);
        permit("pl-mid", 2);
        Reply list = as("u", "GET", "/api/permits" + Api.query("filter", "title:contains:pl-", "sort", "title"), null);
        assertEquals(200, list.status(), list::toString);
        assertEquals(List.of("pl-low", "pl-mid"), list.list().stream().map(r -> r.get("title")).toList());
        assertEquals(3L, ((Number) list.meta().get("total")).longValue());
        Reply admin = as("root", "GET", "/api/permits" + Api.query("filter", "title:contains:pl-"), null);
        assertEquals(3, admin.list().size());
    }

    @Test
    void readUpdateAndDeleteOfADeniedRecordAre403AndChangeNothing() {
        String high = permit("rd-high", 9);
        denied(as("u", "GET", "/api/permits/" + high, null));
        denied(as("u", "PATCH", "/api/permits/" + high, "{\"level\":1}"));
        denied(as("u", "DELETE", "/api/permits/" + high, null));
        Reply kept = as("root", "GET", "/api/permits/" + high, null);
        assertEquals(9, ((Number) kept.data().get("level")).intValue());
        String low = permit("rd-low", 1);
        assertEquals(200, as("u", "GET", "/api/permits/" + low, null).status());
        assertEquals(200, as("u", "PATCH", "/api/permits/" + low, "{\"level\":2}").status());
        assertEquals(204, as("u", "DELETE", "/api/permits/" + low, null).status());
    }

    @Test
    void updateAndDeleteOfAMissingRecordAre404BeforeThePolicy() {
        String gone = permit("gone", 1);
        assertEquals(204, as("u", "DELETE", "/api/permits/" + gone, null).status());
        assertEquals(404, as("u", "PATCH", "/api/permits/" + gone, "{\"level\":1}").status());
        assertEquals(404, as("u", "DELETE", "/api/permits/" + gone, null).status());
    }

    @Test
    void createSeesTheProposedBody() {
        long before = as("root", "GET", "/api/permits" + Api.query("limit", "1"), null).meta().get("total") instanceof Number n
            ? n.longValue() : -1;
        denied(as("u", "POST", "/api/permits", "{\"title\":\"c-high\",\"level\":8}"));
        assertEquals(before, ((Number) as("root", "GET", "/api/permits" + Api.query("limit", "1"), null).meta().get("total")).longValue());
        assertEquals(201, as("u", "POST", "/api/permits", "{\"title\":\"c-low\",\"level\":3}").status());
    }

    @Test
    void aFailingPolicyIs500PolicyErrorWithoutItsDetails() {
        try (LogCapture log = new LogCapture("io.fx.micronaut.pipeline.PipelineExecutor")) {
            Reply reply = as("u", "POST", "/api/permits", "{\"title\":\"boom\",\"level\":1}");
            assertEquals(500, reply.status(), reply::toString);
            assertEquals("POLICY_ERROR", reply.code());
            assertFalse(reply.text().contains("secret policy detail"), reply::toString);
            assertTrue(log.text().contains("POLICY_ERROR"), log.text());
        }
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        PipelineConfigurer policy() {
            Policy open = (context, record) -> record.get("level") instanceof Number n && n.intValue() < 5;
            Policy admin = (context, record) -> context.getPrincipal().map(p -> p.hasRole("admin")).orElse(false);
            Policy broken = (context, record) -> {
                if ("boom".equals(record.get("title"))) {
                    throw new IllegalStateException("secret policy detail");
                }
                return false;
            };
            Policy policy = Policy.allOf(Policy.not(broken), Policy.anyOf(open, admin));
            return registry -> FxSecurity.enforce(policy).register(registry, "Permit");
        }
    }
}
