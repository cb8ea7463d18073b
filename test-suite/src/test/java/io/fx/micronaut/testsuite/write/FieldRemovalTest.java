package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@MicronautTest(environments = "test")
@TestDatabase
class FieldRemovalTest {

    @Inject
    Api api;
    @Inject
    ModelRegistry registry;

    @Test
    void jsonIgnoreAndTransientPropertiesAreLeftOutEntirely() {
        var profile = registry.findByName("Profile").orElseThrow();
        assertTrue(profile.findField("cache").isEmpty());
        assertTrue(profile.findField("derived").isEmpty());
        Api.Reply created = api.post("/api/profiles", Map.of("handle", "ann", "cache", "c", "derived", "d"));
        assertEquals(201, created.status(), created.toString());
        assertEquals(Set.of("id", "created_at", "updated_at", "handle"), created.data().keySet());
        Api.Reply refused = api.get("/api/profiles?filter=" + Api.q("cache:eq:c"));
        assertEquals(400, refused.status());
        assertEquals("filter: unknown field 'cache' on Profile", refused.error().get("message"));
    }
}
