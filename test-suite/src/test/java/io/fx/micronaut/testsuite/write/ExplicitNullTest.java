package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.GADGETS;
import static io.fx.micronaut.testsuite.write.Envelopes.assertViolations;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 14 item 8: on create an explicit {@code null} behaves as an absent field (the default applies,
 * {@code required} refuses); on update {@code null} on a required or primitive field is a 422.
 */
@MicronautTest(environments = "test")
@TestDatabase
class ExplicitNullTest {

    @Inject
    Api api;

    @Test
    void nullOnCreateTakesTheDefault() {
        Api.Reply created = api.post(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"color\":null,"
            + "\"stock_level\":null,\"active\":null,\"weight\":null,\"rank\":null,\"flagged\":null}");
        assertEquals(201, created.status(), created.toString());
        Map<String, Object> stored = api.get(GADGETS + "/" + created.data().get("id")).data();
        assertEquals("blue", stored.get("color"));
        assertEquals(7, ((Number) stored.get("stock_level")).intValue());
        assertEquals(Boolean.TRUE, stored.get("active"));
        assertEquals(2.5, ((Number) stored.get("weight")).doubleValue());
        assertEquals(0, ((Number) stored.get("rank")).intValue());
        assertEquals(Boolean.FALSE, stored.get("flagged"));
    }

    @Test
    void nullOnARequiredFieldOnCreateIsRefusedAsRequired() {
        long before = api.count(GADGETS);
        assertViolations(api.post(GADGETS, "{\"name\":\"W\",\"category\":null}"), "category:required");
        assertViolations(api.post(GADGETS, "{\"name\":null,\"category\":null}"), "name:required", "category:required");
        assertEquals(before, api.count(GADGETS), "nothing written");
    }

    @Test
    void nullOnAnEnumFieldNeverStoresAnOutOfEnumValue() {
        String path = GADGETS + "/" + api.create(GADGETS, "{\"name\":\"W\",\"category\":\"toy\"}");
        assertViolations(api.patch(path, "{\"category\":null}"), "category:required");
        assertEquals("toy", api.get(path).data().get("category"));
    }

    @Test
    void nullOnUpdateOfARequiredOrPrimitiveFieldIs422AndChangesNothing() {
        String path = GADGETS + "/"
            + api.create(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"rank\":4,\"flagged\":true}");
        assertViolations(api.patch(path, "{\"name\":null,\"rank\":null,\"flagged\":null,\"ratio\":null}"),
            "name:required", "rank:not_null", "flagged:not_null", "ratio:not_null");
        Map<String, Object> stored = api.get(path).data();
        assertEquals("W", stored.get("name"));
        assertEquals(4, ((Number) stored.get("rank")).intValue());
        assertEquals(Boolean.TRUE, stored.get("flagged"));
    }

    @Test
    void nullOnUpdateOfANullableFieldClearsIt() {
        String path = GADGETS + "/"
            + api.create(GADGETS, "{\"name\":\"W\",\"category\":\"tool\",\"color\":\"red\"}");
        Api.Reply updated = api.patch(path, "{\"color\":null}");
        assertEquals(200, updated.status(), updated.toString());
        assertEquals(null, api.get(path).data().get("color"));
    }
}
