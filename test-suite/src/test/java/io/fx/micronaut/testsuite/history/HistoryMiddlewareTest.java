package io.fx.micronaut.testsuite.history;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.FxMiddleware;
import io.fx.micronaut.pipeline.Middleware;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Who wrote and who may read: {@code actor_id} is the principal's user id (null for anonymous and system writers,
 * such as accessor writes outside a request); middleware registered for {@code READ} guard a record's history too,
 * and middleware registered for {@code READ_HISTORY} guard the history alone.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = HistoryMiddlewareTest.SPEC)
@TestDatabase
class HistoryMiddlewareTest {

    static final String SPEC = "HistoryMiddlewareTest";
    private static final String CHRONICLES = "/api/chronicles";

    @Inject
    Api api;
    @Inject
    Models models;

    /** The principal named by {@code X-User}. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.AUTH)
    static class UserFromHeader implements Middleware {
        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            context.getRequest().map(r -> r.getHeaders().get("X-User")).ifPresent(user -> context.setPrincipal(AuthInfo.of(user)));
            next.next();
        }
    }

    /** Registered for READ: refuses reads of chronicles, and so their history, when {@code X-Deny-Read} is sent. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.AUTH, models = "Chronicle", operations = "READ")
    static class ReadGuard implements Middleware {
        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            if (context.getRequest().map(r -> r.getHeaders().get("X-Deny-Read")).isPresent()) {
                throw ErrorCode.FORBIDDEN.exception("reads refused");
            }
            next.next();
        }
    }

    /** Registered for READ_HISTORY: refuses history reads alone when {@code X-Deny-History} is sent. */
    @Requires(property = "spec.name", value = SPEC)
    @FxMiddleware(step = Step.AUTH, models = "Chronicle", operations = "READ_HISTORY")
    static class HistoryGuard implements Middleware {
        @Override
        public void handle(@NonNull RequestContext context, @NonNull Next next) {
            if (context.getRequest().map(r -> r.getHeaders().get("X-Deny-History")).isPresent()) {
                throw ErrorCode.FORBIDDEN.exception("history refused");
            }
            next.next();
        }
    }

    @Test
    void theActorIsThePrincipalAndNoneForAccessorWrites() {
        String id = api.with(Map.of("X-User", "ann")).create(CHRONICLES, Map.of("title", "By Ann"));
        models.of("Chronicle").update(id, Map.of("title", "By the system"));
        List<Map<String, Object>> rows = api.get(CHRONICLES + "/" + id + "/history").list();
        assertEquals(List.of("update", "create"), rows.stream().map(r -> r.get("operation")).toList());
        assertNull(rows.get(0).get("actor_id"), rows.get(0).toString());
        assertNotNull(rows.get(0).get("request_id"));
        assertEquals("ann", rows.get(1).get("actor_id"));
        Api.Reply created = api.with(Map.of("X-User", "bob", "X-Request-Id", "req-history-1"))
            .post(CHRONICLES, Map.of("title", "By Bob"));
        Map<String, Object> row = api.get(CHRONICLES + "/" + created.createdId() + "/history").list().get(0);
        assertEquals("bob", row.get("actor_id"));
        assertEquals(created.header("X-Request-Id"), row.get("request_id"));
    }

    @Test
    void readMiddlewareGuardTheHistoryAndHistoryMiddlewareOnlyTheHistory() {
        String id = api.create(CHRONICLES, Map.of("title", "Guarded"));
        Api denyRead = api.with(Map.of("X-Deny-Read", "1"));
        assertEquals(403, denyRead.get(CHRONICLES + "/" + id).status());
        assertEquals(403, denyRead.get(CHRONICLES + "/" + id + "/history").status());
        Api denyHistory = api.with(Map.of("X-Deny-History", "1"));
        assertEquals(200, denyHistory.get(CHRONICLES + "/" + id).status());
        Api.Reply refused = denyHistory.get(CHRONICLES + "/" + id + "/history");
        assertEquals(403, refused.status(), refused.toString());
        assertEquals("FORBIDDEN", refused.code());
        assertEquals(200, api.get(CHRONICLES + "/" + id + "/history").status());
    }
}
