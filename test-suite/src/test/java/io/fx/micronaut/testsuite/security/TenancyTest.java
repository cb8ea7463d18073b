package io.fx.micronaut.testsuite.security;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.ScopeResolver;
import io.fx.micronaut.db.StorageContext;
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
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@code tenancy("tenantId", "Shop", "Rack")} with the tenant from the token's {@code tenant_id} claim,
 * on the scope test models: lists with exact totals, reads, updates and deletes, includes from both sides
 * and nested filters keep other tenants' rows out; create stamps the tenant and refuses another; a caller
 * without tenant is 403 on the scoped models' routes and sees none of their rows through another model.
 * Other tenants' rows that point at ours are seeded in background code with the system principal.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = TenancyTest.SPEC)
@Property(name = "fx.security.jwt.secret", value = SECRET)
@Property(name = "fx.security.jwt.tenant-claim", value = "tenant_id")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TenancyTest {

    static final String SPEC = "TenancyTest";

    @Inject
    Models models;
    @Inject
    Api api;

    private Reply as(String tenant, String method, String path, String body) {
        return api.withBearer(Tokens.jwt("user-" + tenant).tenant(tenant).token()).send(method, path, body);
    }

    private String seed(String model, Map<String, Object> values) {
        return models.as(StorageContext.system()).of(model).create(values).get("id").toString();
    }

    private static List<Object> names(Reply reply) {
        return reply.list().stream().map(r -> r.get("name")).toList();
    }

    private static long total(Reply reply) {
        return ((Number) reply.meta().get("total")).longValue();
    }

    @Test
    void listsAndTheirTotalsHoldOnlyTheCallersTenant() {
        for (int i = 0; i < 3; i++) {
            seed("Shop", Map.of("tenant_id", "A", "name", "tl-a" + i));
            seed("Shop", Map.of("tenant_id", "B", "name", "tl-b" + i));
        }
        Reply a = as("A", "GET", "/api/shops" + Api.query("filter", "name:contains:tl-", "limit", "2", "sort", "name"), null);
        assertEquals(200, a.status(), a::toString);
        assertEquals(List.of("tl-a0", "tl-a1"), names(a));
        assertEquals(3L, total(a));
        Reply widened = as("A", "GET", "/api/shops" + Api.query("filter", "tenant_id:eq:B"), null);
        assertEquals(0L, total(widened));
    }

    @Test
    void anotherTenantsRecordIs404ForReadUpdateAndDelete() {
        String theirs = seed("Shop", Map.of("tenant_id", "B", "name", "rud-b"));
        assertEquals(404, as("A", "GET", "/api/shops/" + theirs, null).status());
        assertEquals(404, as("A", "PATCH", "/api/shops/" + theirs, "{\"name\":\"stolen\"}").status());
        assertEquals(404, as("A", "DELETE", "/api/shops/" + theirs, null).status());
        Reply kept = as("B", "GET", "/api/shops/" + theirs, null);
        assertEquals("rud-b", kept.data().get("name"));
    }

    @Test
    void createStampsTheTenantAndRefusesAnother() {
        Reply stamped = as("A", "POST", "/api/shops", "{\"name\":\"stamped\"}");
        assertEquals(201, stamped.status(), stamped::toString);
        assertEquals("A", stamped.data().get("tenant_id"));
        Reply other = as("A", "POST", "/api/shops", "{\"name\":\"x\",\"tenant_id\":\"B\"}");
        assertEquals(403, other.status(), other::toString);
        assertEquals("FORBIDDEN", other.code());
    }

    @Test
    void includesAndNestedFiltersLeaveOtherTenantsOut() {
        String shopA = seed("Shop", Map.of("tenant_id", "A", "name", "inc-shop-a"));
        String shopB = seed("Shop", Map.of("tenant_id", "B", "name", "inc-shop-b"));
        seed("Rack", Map.of("tenant_id", "A", "name", "inc-rack-a", "shop_id", shopA));
        seed("Rack", Map.of("tenant_id", "B", "name", "inc-secret-rack", "shop_id", shopA));
        String crossRack = seed("Rack", Map.of("tenant_id", "A", "name", "inc-cross", "shop_id", shopB));
        Reply shop = as("A", "GET", "/api/shops/" + shopA + "?include=racks", null);
        assertEquals(200, shop.status(), shop::toString);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> racks = (List<Map<String, Object>>) shop.data().get("racks");
        assertEquals(List.of("inc-rack-a"), racks.stream().map(r -> r.get("name")).toList());
        Reply cross = as("A", "GET", "/api/racks/" + crossRack + "?include=shop", null);
        assertEquals(200, cross.status(), cross::toString);
        assertNull(cross.data().get("shop"), cross::toString);
        Reply probe = as("A", "GET", "/api/shops" + Api.query("filter", "racks.name:eq:inc-secret-rack"), null);
        assertEquals(0L, total(probe), probe::toString);
        Reply own = as("A", "GET", "/api/shops" + Api.query("filter", "racks.name:eq:inc-rack-a"), null);
        assertEquals(1L, total(own), own::toString);
        Reply listed = as("A", "GET", "/api/racks" + Api.query("filter", "name:contains:inc-", "include", "shop"), null);
        assertEquals(2L, total(listed), listed::toString);
    }

    @Test
    void withoutTenantTheScopedRoutesAre403AndOtherModelsSeeNoneOfTheirRows() {
        Reply shops = as(null, "GET", "/api/shops", null);
        assertEquals(403, shops.status(), shops::toString);
        assertEquals("FORBIDDEN", shops.code());
        assertEquals(403, as(null, "POST", "/api/shops", "{\"name\":\"n\"}").status());
        String shop = seed("Shop", Map.of("tenant_id", "A", "name", "nt-shop"));
        String rack = seed("Rack", Map.of("tenant_id", "A", "name", "nt-rack", "shop_id", shop));
        String badge = seed("Badge", Map.of("tenant_id", "A", "name", "nt-badge"));
        seed("RackBadge", Map.of("tenant_id", "A", "rack_id", rack, "badge_id", badge));
        Reply viaBadge = as(null, "GET", "/api/badges/" + badge + "?include=racks", null);
        assertEquals(200, viaBadge.status(), viaBadge::toString);
        assertEquals(List.of(), viaBadge.data().get("racks"));
        Reply withTenant = as("A", "GET", "/api/badges/" + badge + "?include=racks", null);
        assertEquals(1, ((List<?>) withTenant.data().get("racks")).size(), withTenant::toString);
    }

    @Test
    void forceFilterRestrictsToTheValuesTheFunctionGives() {
        for (String name : List.of("ff-1", "ff-2", "ff-3")) {
            seed("Tally", Map.of("tenant_id", "A", "name", name));
        }
        String token = Tokens.jwt("viewer").tenant("A").claim("badges", List.of("ff-1", "ff-3")).token();
        Reply list = api.withBearer(token).get("/api/tallies" + Api.query("filter", "name:contains:ff-"));
        assertEquals(200, list.status(), list::toString);
        assertEquals(java.util.Set.of("ff-1", "ff-3"), java.util.Set.copyOf(names(list)));
        assertEquals(2L, total(list));
        Reply none = as("A", "GET", "/api/tallies" + Api.query("filter", "name:contains:ff-"), null);
        assertEquals(0L, total(none), "no value matches nothing");
    }

    @Factory
    @Requires(property = "spec.name", value = SPEC)
    static class Beans {

        @Singleton
        @Named("tallies")
        ScopeResolver visibleBadges() {
            return FxSecurity.forceFilter("name", context -> context.getPrincipal()
                .map(p -> p.claims().get("badges")).orElse(null), "Tally");
        }

        @Singleton
        @Named("tenancy")
        ScopeResolver tenancy() {
            return FxSecurity.tenancy("tenantId", "Shop", "Rack");
        }
    }
}
