package io.fx.micronaut.testsuite.tenantunique;

import com.nimbusds.jose.JWSAlgorithm;
import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.security.support.SecurityServerTest;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 26 S6: on a model scoped by tenancy, {@code unique} holds per tenant. A value another tenant uses
 * is free (201, so a create no longer tells whether another tenant has it); a duplicate within the tenant is
 * still 409 {@code CONFLICT} naming the field, and writes nothing. Members carry tenancy in code
 * ({@code FxSecurity.tenancy}), aliases in configuration and soft-delete (unique among live rows per tenant).
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class TenantUniqueTest extends SecurityServerTest {

    @Override
    protected SecurityConfig configure(SecurityConfig config) {
        return config.jwt("tenant-claim", "tenant_id").put("fx.security.models.Alias.tenant", "tenantId");
    }

    /** @return the Authorization header of a user of the tenant */
    static Map<String, String> bearer(String tenant) {
        String token = Tokens.hmac(JWSAlgorithm.HS256, Tokens.SECRET,
            Tokens.claims("user-" + tenant).claim("tenant_id", tenant).build());
        return Map.of("Authorization", "Bearer " + token);
    }

    private Reply as(String tenant, String method, String path, String body) {
        return api.send(method, path, body, bearer(tenant));
    }

    private long total(String tenant, String path, String filter) {
        Reply list = as(tenant, "GET", path + Api.query("filter", filter), null);
        assertEquals(200, list.status(), list::toString);
        return ((Number) list.meta().get("total")).longValue();
    }

    @Test
    void aUniqueFieldHoldsPerTenantAndAnotherTenantsValueIsFree() {
        Reply mine = as("acme", "POST", "/api/members", "{\"email\":\"ada@example.com\"}");
        assertEquals(201, mine.status(), mine::toString);
        Reply theirs = as("globex", "POST", "/api/members", "{\"email\":\"ada@example.com\"}");
        assertEquals(201, theirs.status(), "another tenant's e-mail is no conflict, nor a sign it exists: " + theirs);
        assertEquals("globex", theirs.data().get("tenant_id"));

        Reply duplicate = as("acme", "POST", "/api/members", "{\"email\":\"ada@example.com\"}");
        assertEquals(409, duplicate.status(), duplicate::toString);
        assertEquals("CONFLICT", duplicate.code());
        assertEquals("email", ((Map<?, ?>) duplicate.error().get("details")).get("column"));
        assertEquals(1, total("acme", "/api/members", "email:eq:ada@example.com"), "the refused create wrote nothing");

        String id = (String) as("globex", "POST", "/api/members", "{\"email\":\"bo@example.com\"}").data().get("id");
        Reply renamed = as("globex", "PATCH", "/api/members/" + id, "{\"email\":\"ada@example.com\"}");
        assertEquals(409, renamed.status(), "an update is held per tenant too: " + renamed);
        assertEquals("bo@example.com", as("globex", "GET", "/api/members/" + id, null).data().get("email"));
    }

    @Test
    void aUniqueIndexHoldsPerTenant() {
        String pair = "{\"code\":\"c-7\",\"region\":\"north\"}";
        assertEquals(201, as("acme", "POST", "/api/members", pair).status());
        Reply theirs = as("globex", "POST", "/api/members", pair);
        assertEquals(201, theirs.status(), theirs::toString);
        Reply duplicate = as("globex", "POST", "/api/members", pair);
        assertEquals(409, duplicate.status(), duplicate::toString);
        assertEquals("code,region", ((Map<?, ?>) duplicate.error().get("details")).get("column"));
    }

    @Test
    void configuredTenancyOnASoftDeleteModelHoldsPerTenantAmongLiveRows() {
        Reply mine = as("acme", "POST", "/api/aliases", "{\"handle\":\"ada\"}");
        assertEquals(201, mine.status(), mine::toString);
        Reply theirs = as("globex", "POST", "/api/aliases", "{\"handle\":\"ada\"}");
        assertEquals(201, theirs.status(), theirs::toString);
        Reply duplicate = as("acme", "POST", "/api/aliases", "{\"handle\":\"ada\"}");
        assertEquals(409, duplicate.status(), duplicate::toString);
        assertEquals("handle", ((Map<?, ?>) duplicate.error().get("details")).get("column"));

        assertEquals(204, as("acme", "DELETE", "/api/aliases/" + mine.data().get("id"), null).status());
        Reply again = as("acme", "POST", "/api/aliases", "{\"handle\":\"ada\"}");
        assertEquals(201, again.status(), "a deleted row keeps no value taken: " + again);
        assertEquals(1, total("globex", "/api/aliases", "handle:eq:ada"));
    }
}
