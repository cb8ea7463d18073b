package io.fx.micronaut.testsuite.include;

import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.context.annotation.Prototype;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Creates include-limit records through the API and reads the default order back. */
@Prototype
record IncludeSeed(Api api) {

    String create(String collection, Map<String, Object> body) {
        return api.create("/api/" + collection, body);
    }

    String poet(String name) {
        return create("poets", Map.of("name", name));
    }

    List<String> verses(String field, String ownerId, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(create("verses", Map.of("title", "v" + i, field, ownerId)));
        }
        return ids;
    }

    /** @return the ids the list operation answers for the filter, in the default order (created_at, then id) */
    List<String> defaultOrder(String collection, String filter) {
        Api.Reply reply = api.get("/api/" + collection + Api.query("filter", filter, "limit", "200"));
        assertEquals(200, reply.status(), reply.toString());
        return ids(reply.list());
    }

    static List<String> ids(List<Map<String, Object>> records) {
        return records.stream().map(r -> (String) r.get("id")).toList();
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> many(Map<String, Object> record, String key) {
        return (List<Map<String, Object>>) record.get(key);
    }

    static Map<String, Object> byId(List<Map<String, Object>> records, String id) {
        return records.stream().filter(r -> id.equals(r.get("id"))).findFirst().orElseThrow();
    }
}
