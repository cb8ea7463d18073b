package io.fx.micronaut.testsuite.scope;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.auth.IdentityType;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tenant {@code ScopeResolver} (public API only) holds for every statement: lists and exact totals,
 * reads, updates, deletes, row locks, each relation kind's include, nested filters, referential checks
 * and actions, and model accessors in a custom action and in background code. Two tenants' rows are
 * interleaved, and some of tenant B's rows point at tenant A's on purpose (seeded with {@code X-Tenant: *}).
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = TenantScopeBeans.SPEC)
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenantScopeTest {

    @Inject
    Models models;
    @Inject
    Api api;

    private Reply send(String tenant, String method, String path, Object body) {
        Api client = tenant == null ? api : api.with(Map.of("X-Tenant", tenant));
        return client.send(method, path, body == null ? null : api.toJson(body));
    }

    private String create(String tenant, String collection, Map<String, Object> body) {
        return send(tenant, "POST", "/api/" + collection, body).createdId();
    }

    /** Shop {@code name} of tenant {@code tenant}, seeded unscoped. */
    private String shop(String tenant, String name) {
        return create("*", "shops", Map.of("tenant_id", tenant, "name", name));
    }

    private String rack(String tenant, String name, String shop) {
        return create("*", "racks", Map.of("tenant_id", tenant, "name", name, "shop_id", shop));
    }

    private static List<Object> names(Reply reply) {
        return reply.list().stream().map(r -> r.get("name")).toList();
    }

    @Test
    void listsAndTotalsHoldOnlyTheTenantsRows() {
        String run = "list-" + System.nanoTime();
        for (int i = 0; i < 5; i++) {
            shop("A", run + "-a" + i);
            shop("B", run + "-b" + i);
        }
        Reply a = send("A", "GET", "/api/shops" + Api.query("filter", "name:contains:" + run, "limit", "2", "sort", "name"), null);
        assertEquals(200, a.status(), a::toString);
        assertEquals(5, ((Number) a.meta().get("total")).intValue());
        assertEquals(3, ((Number) a.meta().get("pages")).intValue());
        assertEquals(List.of(run + "-a0", run + "-a1"), names(a));
        Reply b = send("B", "GET", "/api/shops" + Api.query("filter", "name:contains:" + run, "limit", "100"), null);
        assertEquals(5, ((Number) b.meta().get("total")).intValue());
        assertTrue(names(b).stream().allMatch(n -> ((String) n).contains("-b")));
        Reply none = send(null, "GET", "/api/shops" + Api.query("filter", "name:contains:" + run), null);
        assertEquals(0, ((Number) none.meta().get("total")).intValue());
        // a filter on the tenant column cannot widen the scope
        Reply widened = send("A", "GET", "/api/shops" + Api.query("filter", "tenant_id:eq:B"), null);
        assertEquals(0, ((Number) widened.meta().get("total")).intValue());
    }

    @Test
    void anotherTenantsRowIsNotFoundForReadUpdateAndDeleteAndStaysUnchanged() {
        String theirs = shop("B", "theirs");
        Reply read = send("A", "GET", "/api/shops/" + theirs, null);
        Reply missing = send("A", "GET", "/api/shops/00000000-0000-4000-8000-000000000000", null);
        assertEquals(404, read.status());
        assertEquals(missing.body(), read.body(), "a scoped-out row answers exactly like a missing one");
        assertEquals(404, send("A", "PATCH", "/api/shops/" + theirs, Map.of("name", "stolen")).status());
        assertEquals(404, send("A", "DELETE", "/api/shops/" + theirs, null).status());
        Reply still = send("B", "GET", "/api/shops/" + theirs, null);
        assertEquals(200, still.status());
        assertEquals("theirs", still.data().get("name"));
        assertEquals(200, send("B", "PATCH", "/api/shops/" + theirs, Map.of("name", "mine")).status());
        assertEquals(204, send("B", "DELETE", "/api/shops/" + theirs, null).status());
    }

    @Test
    void createIsStampedAndRefusedOutsideTheScope() {
        Reply stamped = send("A", "POST", "/api/shops", Map.of("name", "stamped"));
        assertEquals(201, stamped.status(), stamped::toString);
        assertEquals("A", stamped.data().get("tenant_id"));
        long before = send("*", "GET", "/api/shops?limit=1", null).meta().get("total") instanceof Number n ? n.longValue() : -1;
        Reply foreign = send("A", "POST", "/api/shops", Map.of("name", "foreign", "tenant_id", "B"));
        assertEquals(403, foreign.status(), foreign::toString);
        assertEquals("FORBIDDEN", foreign.code());
        Reply anonymous = send(null, "POST", "/api/shops", Map.of("name", "nobody"));
        assertEquals(403, anonymous.status(), anonymous::toString);
        assertEquals(before, ((Number) send("*", "GET", "/api/shops?limit=1", null).meta().get("total")).longValue());
        // moving a row into another tenant is refused, and changes nothing
        String id = (String) stamped.data().get("id");
        Reply moved = send("A", "PATCH", "/api/shops/" + id, Map.of("tenant_id", "B"));
        assertEquals(403, moved.status(), moved::toString);
        assertEquals("A", send("A", "GET", "/api/shops/" + id, null).data().get("tenant_id"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void includesOfEveryRelationKindLeaveScopedOutRecordsOut() {
        String shopA = shop("A", "inc-shop");
        String mine = rack("A", "inc-mine", shopA);
        String crossRack = rack("B", "inc-cross", shopA);
        String badgeA = create("*", "badges", Map.of("tenant_id", "A", "name", "inc-badge-a"));
        String badgeB = create("*", "badges", Map.of("tenant_id", "B", "name", "inc-badge-b"));
        create("*", "rack_badges", Map.of("tenant_id", "A", "rack_id", mine, "badge_id", badgeA));
        create("*", "rack_badges", Map.of("tenant_id", "A", "rack_id", mine, "badge_id", badgeB));
        String shopB = shop("B", "inc-shop-b");
        String orphan = rack("A", "inc-orphan", shopB);

        // HasMany: only the tenant's children
        Reply shop = send("A", "GET", "/api/shops/" + shopA + "?include=racks", null);
        assertEquals(List.of("inc-mine"), ((List<Map<String, Object>>) shop.data().get("racks")).stream()
            .map(s -> s.get("name")).toList());
        // ManyToMany: a badge of another tenant is absent
        Reply shelf = send("A", "GET", "/api/racks/" + mine + "?include=badges", null);
        assertEquals(List.of("inc-badge-a"), ((List<Map<String, Object>>) shelf.data().get("badges")).stream()
            .map(s -> s.get("name")).toList());
        // BelongsTo: a parent of another tenant is null
        Reply orphaned = send("A", "GET", "/api/racks/" + orphan + "?include=shop", null);
        assertEquals(200, orphaned.status());
        assertTrue(orphaned.data().containsKey("shop"));
        assertNull(orphaned.data().get("shop"));
        // the same on the list route, and nested one level
        Reply list = send("A", "GET", "/api/racks" + Api.query("filter", "name:contains:inc-", "include", "shop.racks",
            "sort", "name"), null);
        assertEquals(List.of("inc-mine", "inc-orphan"), names(list));
        Map<String, Object> parent = (Map<String, Object>) list.list().get(0).get("shop");
        assertEquals(List.of(mine), ((List<Map<String, Object>>) parent.get("racks")).stream().map(s -> s.get("id")).toList());
        // the other tenant sees its own side
        Reply theirs = send("B", "GET", "/api/racks/" + crossRack + "?include=shop", null);
        assertNull(theirs.data().get("shop"));
    }

    @Test
    void nestedFiltersLookOnlyAtTheTenantsRows() {
        String shopA = shop("A", "nest-a");
        rack("B", "nest-secret-shelf", shopA);
        String visible = shop("A", "nest-visible");
        rack("A", "nest-own-shelf", visible);
        Reply probe = send("A", "GET", "/api/shops" + Api.query("filter", "racks.name:eq:nest-secret-shelf"), null);
        assertEquals(200, probe.status(), probe::toString);
        assertEquals(0, ((Number) probe.meta().get("total")).intValue(), "another tenant's child must not match");
        Reply own = send("A", "GET", "/api/shops" + Api.query("filter", "racks.name:eq:nest-own-shelf"), null);
        assertEquals(List.of("nest-visible"), names(own));
        String badgeB = create("*", "badges", Map.of("tenant_id", "B", "name", "nest-badge-b"));
        String shelfA = rack("A", "nest-m2m", visible);
        create("*", "rack_badges", Map.of("tenant_id", "A", "rack_id", shelfA, "badge_id", badgeB));
        Reply m2m = send("A", "GET", "/api/racks" + Api.query("filter", "badges.name:eq:nest-badge-b"), null);
        assertEquals(0, ((Number) m2m.meta().get("total")).intValue());
    }

    @Test
    void aKeyNamingAnotherTenantsParentIsAConflict() {
        String shopB = shop("B", "ref-b");
        Reply reply = send("A", "POST", "/api/racks", Map.of("name", "ref", "shop_id", shopB));
        assertEquals(409, reply.status(), reply::toString);
        assertEquals("CONFLICT", reply.code());
        assertTrue(reply.error().get("message").toString().contains("shop_id"), reply::toString);
    }

    @Test
    void cascadeAndSetNullEdgesStayInsideTheTenant() {
        String shopA = shop("A", "edge-a");
        String own = rack("A", "edge-own", shopA);
        String cross = rack("B", "edge-cross", shopA);
        String ownTally = create("*", "tallies", Map.of("tenant_id", "A", "name", "t-a", "shop_id", shopA));
        String crossTally = create("*", "tallies", Map.of("tenant_id", "B", "name", "t-b", "shop_id", shopA));
        assertEquals(204, send("A", "DELETE", "/api/shops/" + shopA, null).status());
        assertEquals(404, send("*", "GET", "/api/racks/" + own, null).status(), "the tenant's child is cascaded");
        assertEquals(200, send("*", "GET", "/api/racks/" + cross, null).status(), "another tenant's child is untouched");
        assertNull(send("*", "GET", "/api/tallies/" + ownTally, null).data().get("shop_id"));
        assertEquals(shopA, send("*", "GET", "/api/tallies/" + crossTally, null).data().get("shop_id"));
    }

    @Test
    void accessorsInACustomActionCarryTheRequestsScope() {
        String a = shop("A", "acc-a");
        String b = shop("B", "acc-b");
        Reply listed = send("B", "GET", "/api/scoped/shops", null);
        assertEquals(200, listed.status(), listed::toString);
        assertTrue(((List<?>) listed.body().get("names")).contains("acc-b"));
        assertFalse(((List<?>) listed.body().get("names")).contains("acc-a"));
        assertEquals(((List<?>) listed.body().get("names")).size(), ((Number) listed.body().get("total")).intValue());
        Reply locked = send("A", "POST", "/api/scoped/shops/" + b + "/lock", Map.of());
        assertEquals(Map.of("found", false), locked.body(), locked::toString);
        assertEquals(Map.of("found", true), send("A", "POST", "/api/scoped/shops/" + a + "/lock", Map.of()).body());
        Reply renamed = send("A", "POST", "/api/scoped/shops/" + b + "/rename", Map.of());
        assertEquals(Map.of("read", false, "updated", false), renamed.body(), renamed::toString);
        assertEquals("acc-b", send("B", "GET", "/api/shops/" + b, null).data().get("name"));
    }

    @Test
    void backgroundAccessorsResolveTheScopeOfTheirPrincipal() {
        String a = shop("A", "bg-a");
        String b = shop("B", "bg-b");
        AuthInfo tenantB = new AuthInfo("worker", List.of(), Map.of(), "B", IdentityType.SERVICE_ACCOUNT, List.of(), null, null);
        Models asB = models.as(StorageContext.of(tenantB));
        Page page = asB.of("Shop").list("filter=name:eq:bg-a");
        assertEquals(0, page.total());
        assertTrue(asB.of("Shop").read(a).isEmpty());
        assertTrue(asB.of("Shop").read(b).isPresent());
        assertFalse(asB.of("Shop").delete(a));
        assertTrue(asB.inTransaction(() -> asB.of("Shop").lockForUpdate(a)).isEmpty());
        Map<String, Object> created = asB.of("Shop").create(Map.of("name", "bg-created"));
        assertEquals("B", created.get("tenant_id"));
        // the system context: this resolver lets it see everything
        assertTrue(models.of("Shop").read(a).isPresent());
        assertTrue(models.as(StorageContext.of(null)).of("Shop").read(a).isEmpty(), "no principal sees nothing");
    }

    @Test
    void aResolverThatThrowsAnswersWithItsCodeOrPanicAndWritesNothing() {
        long before = ((Number) send("*", "GET", "/api/shops?limit=1", null).meta().get("total")).longValue();
        Reply refused = api.send("POST", "/api/shops", "{\"name\":\"x\"}", Map.of("X-Tenant", "A", "X-Scope-Fail", "fx"));
        assertEquals(403, refused.status());
        assertEquals("TENANT_REFUSED", refused.code());
        Reply broken = api.send("POST", "/api/shops", "{\"name\":\"x\"}", Map.of("X-Tenant", "A", "X-Scope-Fail", "boom"));
        assertEquals(500, broken.status());
        assertEquals("PANIC", broken.code());
        assertFalse(broken.text().contains("secret detail"));
        assertEquals(before, ((Number) send("*", "GET", "/api/shops?limit=1", null).meta().get("total")).longValue());
    }

    @Test
    void cursorPagesHoldOnlyTheTenantsRowsAndIncludesAndAnotherTenantsCursorRevealsNothing() {
        String run = "cursor-" + System.nanoTime();
        for (int i = 0; i < 5; i++) {
            rack("A", run + "-a" + i, shop("A", run + "-shop-a" + i));
            rack("B", run + "-b" + i, shop("B", run + "-shop-b" + i));
        }
        String query = Api.query("filter", "name:contains:" + run, "sort", "name", "limit", "2", "include", "shop");
        List<Object> walked = new java.util.ArrayList<>();
        Reply page = send("A", "GET", "/api/racks" + query, null);
        String firstCursor = (String) page.meta().get("next_cursor");
        while (true) {
            assertEquals(200, page.status(), page::toString);
            walked.addAll(names(page));
            for (Map<String, Object> rack : page.list()) {
                assertEquals("A", Api.at(rack, "shop", "tenant_id"), rack::toString);
            }
            Object cursor = page.meta().get("next_cursor");
            if (cursor == null) {
                break;
            }
            page = send("A", "GET", "/api/racks" + query + "&cursor=" + cursor, null);
        }
        assertEquals(List.of(run + "-a0", run + "-a1", run + "-a2", run + "-a3", run + "-a4"), walked);
        Reply foreign = send("B", "GET", "/api/racks" + query + "&cursor=" + firstCursor, null);
        assertEquals(200, foreign.status(), foreign::toString);
        // A's position is after "-a1"; every "-b" name sorts after it, so B sees its own first two rows
        assertEquals(List.of(run + "-b0", run + "-b1"), names(foreign), "B's own rows after A's position");
    }
}
