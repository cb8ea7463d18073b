package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.accessor.Models;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.HEADCOUNTS;
import static io.fx.micronaut.testsuite.model.ModelPaths.READINGS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code total} modes through the real server: each mode's {@code meta}; the per-model default
 * ({@code @FxModel(total = NONE)}) and the server's ({@code fx.list.total}); {@code has_more} from one row past the
 * page in every mode, on the last page and one past it; {@code estimated} answering the planner's estimate above
 * {@code fx.list.estimate-threshold} on PostgreSQL and counting exactly below it and on H2; an unknown mode refused;
 * and the cursor through the Java API ({@link Models}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TotalModeTest {

    private static final String NAME = "TotalModeTest";
    private static final int ROWS = 300;

    private EmbeddedServer server;
    private EmbeddedServer uncounted;
    private Api api;

    @BeforeAll
    void start() throws Exception {
        Map<String, Object> config = Databases.config(NAME, "fx.list.estimate-threshold", "100");
        server = ApplicationContext.run(EmbeddedServer.class, config);
        Map<String, Object> other = new LinkedHashMap<>(config);
        other.put("fx.list.total", "none");
        uncounted = ApplicationContext.run(EmbeddedServer.class, other);
        api = new Api(server);
        for (int i = 0; i < ROWS; i++) {
            api.create(READINGS, Map.of("series", i < 30 ? "few" : "many", "level", (long) i));
        }
        for (int i = 0; i < 7; i++) {
            api.create(HEADCOUNTS, Map.of("label", "h" + i));
        }
        if (Databases.isPostgres()) {
            Databases.execute(NAME, "ANALYZE readings");
        }
    }

    @AfterAll
    void stop() {
        for (EmbeddedServer s : new EmbeddedServer[] {uncounted, server}) {
            if (s != null) {
                s.getApplicationContext().close();
            }
        }
    }

    private static Map<String, Object> meta(Api client, String path, String... namesAndValues) {
        Api.Reply reply = client.get(path + Api.query(namesAndValues));
        assertEquals(200, reply.status(), reply::toString);
        return reply.meta();
    }

    @Test
    void exactCountsAndIsTheDefault() {
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("total", 300);
        expected.put("page", 1);
        expected.put("limit", 20);
        expected.put("pages", 15);
        expected.put("has_more", true);
        Map<String, Object> meta = meta(api, READINGS);
        assertNotNull(meta.remove("next_cursor"));
        assertEquals(expected, meta);
        Map<String, Object> explicit = meta(api, READINGS, "total", "exact");
        explicit.remove("next_cursor");
        assertEquals(expected, explicit);
    }

    @Test
    void noneCountsNothingYetKnowsWhetherMoreFollows() {
        Map<String, Object> meta = meta(api, READINGS, "total", "none", "limit", "100", "page", "2");
        assertFalse(meta.containsKey("total"));
        assertFalse(meta.containsKey("pages"));
        assertEquals(true, meta.get("has_more"));
        assertEquals(2, meta.get("page"));
        Map<String, Object> last = meta(api, READINGS, "total", "none", "limit", "100", "page", "3");
        assertEquals(false, last.get("has_more"), "the last page, ending on the last row");
        assertFalse(last.containsKey("next_cursor"));
        Map<String, Object> past = meta(api, READINGS, "total", "none", "limit", "100", "page", "4");
        assertEquals(false, past.get("has_more"));
        Map<String, Object> partial = meta(api, READINGS, "total", "none", "limit", "7", "filter", "series:eq:few",
            "page", "5");
        assertEquals(false, partial.get("has_more"), "30 rows: page 5 of 7 holds the last two");
    }

    @Test
    void estimatedAnswersThePlannersEstimateAboveTheThresholdOnPostgres() {
        Map<String, Object> many = meta(api, READINGS, "total", "estimated");
        if (Databases.isPostgres()) {
            assertEquals(true, many.get("total_estimated"), many::toString);
            long total = ((Number) many.get("total")).longValue();
            assertTrue(total > 100 && total < 1000, "the planner's estimate of 300 rows: " + total);
            assertEquals((total + 19) / 20, ((Number) many.get("pages")).longValue());
        } else {
            assertFalse(many.containsKey("total_estimated"), "H2 has no estimate: it counts");
            assertEquals(300, many.get("total"));
        }
        assertEquals(true, many.get("has_more"));
        Map<String, Object> few = meta(api, READINGS, "total", "estimated", "filter", "series:eq:few");
        assertFalse(few.containsKey("total_estimated"), "below the threshold it counts exactly: " + few);
        assertEquals(30, few.get("total"));
    }

    @Test
    void aModelsDefaultAppliesUnlessTheRequestSays() {
        Map<String, Object> meta = meta(api, HEADCOUNTS, "limit", "5");
        assertFalse(meta.containsKey("total"));
        assertEquals(true, meta.get("has_more"));
        assertEquals(7, meta(api, HEADCOUNTS, "total", "exact").get("total"));
    }

    @Test
    void theServersDefaultAppliesToModelsWithoutOne() {
        Api other = new Api(uncounted);
        Map<String, Object> meta = meta(other, READINGS);
        assertFalse(meta.containsKey("total"));
        assertEquals(true, meta.get("has_more"));
        assertEquals(300, meta(other, READINGS, "total", "exact").get("total"));
    }

    @Test
    void anUnknownModeIsRefused() {
        Api.Reply reply = api.get(READINGS + Api.query("total", "roughly"));
        assertEquals(400, reply.status());
        assertEquals("INVALID_QUERY", reply.code());
        assertTrue(((String) reply.error().get("message")).contains("total"), reply::toString);
    }

    @Test
    void theJavaApiPagesByCursorToo() {
        Models models = server.getApplicationContext().getBean(Models.class);
        List<Object> levels = new ArrayList<>();
        Page page = models.of("Reading").list("filter=series:eq:few&sort=level:desc&limit=8&total=none");
        assertFalse(page.isCounted());
        while (true) {
            page.rows().forEach(r -> levels.add(r.get("level")));
            if (page.nextCursor() == null) {
                break;
            }
            assertTrue(page.hasMore());
            page = models.of("Reading").list("filter=series:eq:few&sort=level:desc&limit=8&cursor=" + page.nextCursor());
            assertTrue(page.isByCursor());
        }
        List<Object> expected = new ArrayList<>();
        for (long level = 29; level >= 0; level--) {
            expected.add(level);
        }
        assertEquals(expected, levels);
        assertNull(page.nextCursor());
    }
}
