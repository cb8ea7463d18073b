package io.fx.micronaut.testsuite.security.owner;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jwt.JWTClaimsSet;
import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.testsuite.security.support.Tokens;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Api.Reply;
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
 * Issue 26, S1: an owner rule holds wherever the store writes the owned model. Bob and Erin share a tenant;
 * Binder has no rule, its children are owned. A cascade or setNull from Bob's delete of a binder that would
 * change Erin's child is refused with 409 naming the relation, and nothing changes; over Bob's own children it
 * goes ahead; restrict refuses as before; an admin passes. Writes by id, through an action's accessors and in
 * background code with a principal reach only the caller's records. Run with and without tenancy, on H2 and
 * PostgreSQL.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OwnerCascadeContract {

    static final String TENANT = "acme";

    @Inject
    Models models;
    @Inject
    Api api;

    Reply as(String user, String method, String path, String body) {
        return as(user, TENANT, method, path, body);
    }

    Reply as(String user, String tenant, String method, String path, String body) {
        JWTClaimsSet.Builder claims = Tokens.claims(user).claim("roles", user.equals("root") ? List.of("admin") : List.of());
        if (tenant != null) {
            claims.claim("tenant_id", tenant);
        }
        String token = Tokens.hmac(JWSAlgorithm.HS256, Tokens.SECRET, claims.build());
        return api.send(method, path, body, Map.of("Authorization", "Bearer " + token));
    }

    String create(String user, String collection, String body) {
        Reply created = as(user, "POST", "/api/" + collection, body);
        assertEquals(201, created.status(), created::toString);
        return (String) created.data().get("id");
    }

    String binder(String user) {
        return create(user, "binders", "{\"label\":\"b\"}");
    }

    String child(String user, String collection, String binder) {
        return create(user, collection, "{\"label\":\"c\",\"binder_id\":\"" + binder + "\"}");
    }

    private static void refusedNaming(Reply reply, String relation) {
        assertEquals(409, reply.status(), reply::toString);
        assertEquals("CONFLICT", reply.code());
        assertEquals("binder_id", ((Map<?, ?>) reply.error().get("details")).get("column"), reply::toString);
        assertTrue(((String) reply.error().get("message")).contains(relation), reply::toString);
    }

    @Test
    void aCascadeThatWouldDeleteAnotherOwnersRecordIsRefusedAndChangesNothing() {
        String binder = binder("bob");
        String bobs = child("bob", "sheets", binder);
        String erins = child("erin", "sheets", binder);
        refusedNaming(as("bob", "DELETE", "/api/binders/" + binder, null), "Sheet.binder");
        assertEquals(200, as("bob", "GET", "/api/binders/" + binder, null).status(), "the binder stays");
        assertEquals(200, as("bob", "GET", "/api/sheets/" + bobs, null).status(), "the caller's own sheet stays too");
        assertEquals(200, as("erin", "GET", "/api/sheets/" + erins, null).status());
    }

    @Test
    void aCascadeOverTheCallersOwnRecordsGoesAhead() {
        String binder = binder("bob");
        String first = child("bob", "sheets", binder);
        String second = child("bob", "sheets", binder);
        assertEquals(204, as("bob", "DELETE", "/api/binders/" + binder, null).status());
        assertEquals(404, as("bob", "GET", "/api/sheets/" + first, null).status());
        assertEquals(404, as("bob", "GET", "/api/sheets/" + second, null).status());
    }

    @Test
    void aSetNullThatWouldChangeAnotherOwnersRecordIsRefusedAndChangesNothing() {
        String binder = binder("bob");
        String erins = child("erin", "clips", binder);
        refusedNaming(as("bob", "DELETE", "/api/binders/" + binder, null), "Clip.binder");
        assertEquals(binder, as("erin", "GET", "/api/clips/" + erins, null).data().get("binder_id"));
        assertEquals(200, as("bob", "GET", "/api/binders/" + binder, null).status());
    }

    @Test
    void aSetNullOverTheCallersOwnRecordsGoesAhead() {
        String binder = binder("bob");
        String bobs = child("bob", "clips", binder);
        assertEquals(204, as("bob", "DELETE", "/api/binders/" + binder, null).status());
        assertNull(as("bob", "GET", "/api/clips/" + bobs, null).data().get("binder_id"));
    }

    @Test
    void restrictRefusesWhoeverOwnsTheChild() {
        String binder = binder("bob");
        child("bob", "gussets", binder);
        Reply refused = as("bob", "DELETE", "/api/binders/" + binder, null);
        assertEquals(409, refused.status(), refused::toString);
        assertEquals("binder_id", ((Map<?, ?>) refused.error().get("details")).get("column"));
    }

    @Test
    void anAdminCascadesOverEveryOwnersRecords() {
        String binder = binder("bob");
        String erins = child("erin", "sheets", binder);
        String clip = child("erin", "clips", binder);
        assertEquals(204, as("root", "DELETE", "/api/binders/" + binder, null).status());
        assertEquals(404, as("erin", "GET", "/api/sheets/" + erins, null).status());
        assertNull(as("erin", "GET", "/api/clips/" + clip, null).data().get("binder_id"));
    }

    @Test
    void writesByIdAndThroughAnActionsAccessorsReachOnlyTheCallersRecords() {
        String binder = binder("erin");
        String erins = child("erin", "sheets", binder);
        assertEquals(404, as("bob", "PATCH", "/api/sheets/" + erins, "{\"label\":\"x\"}").status());
        assertEquals(404, as("bob", "DELETE", "/api/sheets/" + erins, null).status());
        assertEquals(404, as("bob", "POST", "/api/sheet-labels/" + erins, "{}").status());
        assertEquals(200, as("erin", "POST", "/api/sheet-labels/" + erins, "{}").status());
        assertEquals("relabelled", as("erin", "GET", "/api/sheets/" + erins, null).data().get("label"));
    }

    @Test
    void backgroundCodeWithAPrincipalWritesOnlyItsOwnRecords() {
        String erins = child("erin", "sheets", binder("erin"));
        AuthInfo bob = new AuthInfo("bob", List.of(), Map.of(), TENANT, null, List.of(), null, null);
        assertTrue(models.as(StorageContext.of(bob)).of("Sheet").update(erins, Map.of("label", "bob")).isEmpty());
        assertFalse(models.as(StorageContext.of(bob)).of("Sheet").delete(erins));
        assertFalse(models.as(StorageContext.of(null)).of("Sheet").delete(erins), "an anonymous caller writes no owned row");
        assertTrue(models.as(StorageContext.system()).of("Sheet").update(erins, Map.of("label", "system")).isPresent());
    }
}
