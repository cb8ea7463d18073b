package io.fx.micronaut.examples.security;

import io.fx.micronaut.examples.Client;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.fx.micronaut.examples.Client.bearer;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The README's {@code TenantScope} (the {@code tenancy} environment) with security on (issue 26 S10): a signed-in
 * caller's tenant is the token's, whatever {@code X-Tenant-Id} says, and an anonymous caller's is none. A class of
 * its own, so its server never shares a PostgreSQL schema with another test's while both run.
 */
class ExampleTenantScopeTest {

    private final String acme = Tokens.mint("alice", Map.of("tenant_id", "acme"));
    private final String globex = Tokens.mint("bob", Map.of("tenant_id", "globex"));

    @Test
    void withSecurityOnTheExamplesTenantScopeTakesTheTokensTenantNeverTheHeader() {
        try (BlogServer invoices = BlogServer.start(Map.of("BLOG_JWT_SECRET", Tokens.SECRET), Map.of(), "tenancy")) {
            Client own = new Client(invoices.url());
            Client.Reply created = own.send("POST", "/api/invoices", "{\"customer\":\"Ada\",\"amount_cents\":250000}",
                Cookies.with(bearer(acme), "X-Tenant-Id", "globex"));
            assertEquals(201, created.status(), created.toString());
            assertEquals("acme", created.data().get("tenant_id"), "the token's tenant, not the header's");
            String id = (String) created.data().get("id");
            String[] crossing = Cookies.with(bearer(globex), "X-Tenant-Id", "acme");
            Client.Reply list = own.send("GET", "/api/invoices", null, crossing);
            assertEquals(0, ((Map<?, ?>) list.body().get("meta")).get("total"), list.toString());
            assertEquals(404, own.send("GET", "/api/invoices/" + id, null, crossing).status());
            assertEquals(404, own.send("PATCH", "/api/invoices/" + id, "{\"customer\":\"Eve\"}", crossing).status());
            assertEquals(404, own.send("DELETE", "/api/invoices/" + id, null, crossing).status());
            Client.Reply anonymous = own.send("GET", "/api/invoices", null, "X-Tenant-Id", "acme");
            assertEquals(200, anonymous.status(), anonymous.toString());
            assertEquals(0, ((Map<?, ?>) anonymous.body().get("meta")).get("total"), "anonymous callers see no tenant's rows");
            Client.Reply mine = own.send("GET", "/api/invoices/" + id, null, bearer(acme));
            assertEquals("Ada", mine.data().get("customer"), "the owner's tenant still reads it unchanged");
        }
    }
}
