package io.fx.micronaut.testsuite.security.owner;

import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link OwnerCascadeContract} with tenancy on every model: the owner rule holds within the tenant too. */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = OwnerRuleBeans.SPEC)
@Property(name = OwnerRuleBeans.TENANCY, value = "true")
@Property(name = "fx.security.jwt.secret", value = Tokens.SECRET)
@Property(name = "fx.security.jwt.tenant-claim", value = "tenant_id")
@TestDatabase
class OwnerCascadeTenancyTest extends OwnerCascadeContract {

    @Test
    void anotherTenantsBinderIsNotFoundAndKeepsItsRecords() {
        String binder = binder("bob");
        String sheet = child("bob", "sheets", binder);
        assertEquals(404, as("mallory", "globex", "DELETE", "/api/binders/" + binder, null).status());
        assertEquals(200, as("bob", "GET", "/api/sheets/" + sheet, null).status());
    }
}
