package io.fx.micronaut.json;

import io.micronaut.serde.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A record map behaves as the LinkedHashMap it stands for, and writes the same JSON. */
class RecordMapTest {

    private final RecordShape shape = new RecordShape(List.of("id", "title", "views", "labels", "note\"x"));
    private final JsonCodec codec = new JsonCodec(ObjectMapper.getDefault());

    private RecordMap record() {
        RecordMap record = new RecordMap(shape);
        record.set(0, "a1");
        record.set(1, "Hello é \n");
        record.set(2, 42L);
        record.set(3, List.of("x", "y"));
        return record;
    }

    private static Map<String, Object> plain() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("id", "a1");
        map.put("title", "Hello é \n");
        map.put("views", 42L);
        map.put("labels", List.of("x", "y"));
        map.put("note\"x", null);
        return map;
    }

    @Test
    void readsAndComparesLikeTheMapItStandsFor() {
        RecordMap record = record();
        Map<String, Object> plain = plain();
        assertEquals(plain, record);
        assertEquals(record, plain);
        assertEquals(plain.hashCode(), record.hashCode());
        assertEquals(new ArrayList<>(plain.keySet()), new ArrayList<>(record.keySet()));
        assertEquals(5, record.size());
        assertTrue(record.containsKey("note\"x"));
        assertNull(record.get("note\"x"));
        assertFalse(record.containsKey("missing"));
        assertNull(record.get("missing"));
        assertEquals(plain.toString(), record.toString());
    }

    @Test
    void writesTheSameJsonAsTheMap() throws IOException {
        assertEquals(new String(ObjectMapper.getDefault().writeValueAsBytes(plain()), StandardCharsets.UTF_8),
            codec.writeString(record()));
        assertEquals(codec.writeString(List.of(Map.of("data", plain()))), codec.writeString(List.of(Map.of("data", record()))));
    }

    @Test
    void changesStayMapChanges() {
        RecordMap record = record();
        assertEquals(42L, record.put("views", 43L));
        assertTrue(record.isCompact());
        for (Map.Entry<String, Object> entry : record.entrySet()) {
            if (entry.getKey().equals("title")) {
                entry.setValue("Changed");
            }
        }
        assertEquals("Changed", record.get("title"));
        record.put("extra", true);
        assertFalse(record.isCompact());
        assertEquals(6, record.size());
        assertEquals("a1", record.remove("id"));
        Map<String, Object> expected = plain();
        expected.put("views", 43L);
        expected.put("title", "Changed");
        expected.put("extra", true);
        expected.remove("id");
        assertEquals(expected, record);
        assertEquals(codec.writeString(expected), codec.writeString(record));
        record.set(1, "via index");
        assertEquals("via index", record.get("title"));
    }

    @Test
    void copiesAreIndependent() {
        RecordMap record = record();
        Map<String, Object> copy = record.copy();
        copy.put("title", "Other");
        assertEquals("Hello é \n", record.get("title"));
        assertEquals(record.size(), copy.size());
    }
}
