package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A model related to itself (a folder tree), and a BelongsTo whose key is writeonly. */
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SelfAndHiddenKeyRelationTest {

    @Inject
    Api api;
    @Inject
    Seed seed;

    @Test
    @SuppressWarnings("unchecked")
    void aTreeIncludesParentAndChildrenAndCascadesDownwards() {
        String root = seed.create("folders", Map.of("name", "root"));
        String child = seed.create("folders", Map.of("name", "child", "parent_ref", root));
        String grandchild = seed.create("folders", Map.of("name", "grandchild", "parent_ref", child));
        Map<String, Object> middle = api.get("/api/folders/" + child + "?include=parent,children").data();
        assertEquals("root", ((Map<String, Object>) middle.get("parent")).get("name"));
        assertEquals(List.of("grandchild"),
            ((List<Map<String, Object>>) middle.get("children")).stream().map(f -> f.get("name")).toList());
        assertNull(api.get("/api/folders/" + root + "?include=parent").data().get("parent"));

        seed.delete("folders", root);
        assertEquals(404, api.get("/api/folders/" + child).status());
        assertEquals(404, api.get("/api/folders/" + grandchild).status());
    }

    @Test
    @SuppressWarnings("unchecked")
    void aWriteonlyKeyStaysHiddenButStillResolvesTheInclude() {
        String writer = seed.writer("Kim");
        String fan = seed.create("fans", Map.of("nickname", "kimfan", "writer_id", writer));
        Api.Reply reply = api.get("/api/fans?include=writer");
        Map<String, Object> record = reply.list().stream().filter(f -> fan.equals(f.get("id"))).findFirst().orElseThrow();
        assertFalse(record.containsKey("writer_id"), record.toString());
        assertEquals("Kim", ((Map<String, Object>) record.get("writer")).get("name"));
        seed.delete("writers", writer);
        assertEquals(404, api.get("/api/fans/" + fan).status(), "onDelete:cascade");
    }
}
