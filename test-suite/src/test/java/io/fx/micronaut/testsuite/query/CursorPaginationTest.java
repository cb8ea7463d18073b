package io.fx.micronaut.testsuite.query;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.fx.micronaut.testsuite.model.ModelPaths.READINGS;
import static io.fx.micronaut.testsuite.model.ModelPaths.TICKETS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keyset pagination through the real server: a walk by {@code cursor} over 1,000 rows returns each once and in the
 * order of the offset pages, for every sort shape (ascending, descending, mixed, nulls, duplicate sort values,
 * every scalar type); while rows are inserted and deleted it sees no row twice and misses none that stayed; filters
 * and soft delete hold across pages; the limit cap applies; and every bad cursor is 400 {@code INVALID_CURSOR}, one
 * signed by another instance's key included, while a replica with the same key continues the walk.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CursorPaginationTest {

    private static final String NAME = "CursorPaginationTest";
    private static final String KEY = "cursor-key-of-the-test-replicas-0123456789";
    private static final int ROWS = 1000;
    /** The seeded rows, and none of those the other tests add. */
    private static final String SEEDED = "series:in:s0,s1,s2,s3,s4,s5,s6";

    private EmbeddedServer server;
    private EmbeddedServer replica;
    private EmbeddedServer stranger;
    private Api api;
    private final List<String> seeded = new ArrayList<>();

    @BeforeAll
    void start() {
        Map<String, Object> config = Databases.config(NAME, "fx.list.cursor-key", KEY);
        server = ApplicationContext.run(EmbeddedServer.class, config);
        Map<String, Object> same = new LinkedHashMap<>(config);
        replica = ApplicationContext.run(EmbeddedServer.class, same);
        Map<String, Object> other = new LinkedHashMap<>(config);
        other.remove("fx.list.cursor-key"); // this one generates its own key
        stranger = ApplicationContext.run(EmbeddedServer.class, other);
        api = new Api(server);
        Instant base = Instant.parse("2026-01-01T00:00:00Z");
        for (int i = 0; i < ROWS; i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("series", "s" + (i % 7));
            if (i % 5 != 0) {
                row.put("level", (long) (i % 13));
            }
            if (i % 3 != 0) {
                row.put("weight", (i % 11) / 4.0);
            }
            if (i % 4 != 0) {
                row.put("flag", i % 2 == 0);
            }
            row.put("taken_at", base.plusSeconds(i % 17).toString());
            seeded.add(api.create(READINGS, row));
        }
    }

    @AfterAll
    void stop() {
        for (EmbeddedServer s : new EmbeddedServer[] {stranger, replica, server}) {
            if (s != null) {
                s.getApplicationContext().close();
            }
        }
    }

    private Api.Reply list(Api client, String path, String... namesAndValues) {
        Api.Reply reply = client.get(path + Api.query(namesAndValues));
        assertEquals(200, reply.status(), reply::toString);
        return reply;
    }

    private static List<String> ids(Api.Reply reply) {
        return reply.list().stream().map(r -> (String) r.get("id")).toList();
    }

    private static String[] with(String[] base, String... more) {
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }

    /** Follows next_cursor from the first page until the last; the parameters are the list's. */
    private List<String> walk(String... parameters) {
        List<String> seen = new ArrayList<>();
        Api.Reply page = list(api, READINGS, parameters);
        while (true) {
            seen.addAll(ids(page));
            Object cursor = page.meta().get("next_cursor");
            assertEquals(cursor != null, page.meta().get("has_more"), page::toString);
            if (cursor == null) {
                return seen;
            }
            page = list(api, READINGS, with(parameters, "cursor", (String) cursor));
            assertFalse(page.meta().containsKey("page"), "a page reached by cursor has no page number");
        }
    }

    private List<String> byOffset(String... parameters) {
        List<String> seen = new ArrayList<>();
        for (int number = 1; ; number++) {
            Api.Reply page = list(api, READINGS, with(parameters, "page", Integer.toString(number)));
            seen.addAll(ids(page));
            if (!Boolean.TRUE.equals(page.meta().get("has_more"))) {
                return seen;
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "level", "level:desc", "series,level:desc", "weight", "weight:desc",
        "flag:desc,taken_at", "taken_at:desc,level", "created_at:desc"})
    void aWalkByCursorReturnsEveryRowOnceInTheOrderOfTheOffsetPages(String sort) {
        String[] parameters = sort.isEmpty() ? new String[] {"filter", SEEDED, "limit", "37"}
            : new String[] {"filter", SEEDED, "sort", sort, "limit", "37"};
        List<String> walked = walk(parameters);
        assertEquals(ROWS, walked.size());
        assertEquals(Set.copyOf(seeded), Set.copyOf(walked), "each row once");
        assertEquals(byOffset(parameters), walked, "the same order as the offset pages");
    }

    @Test
    void theWalkFollowsTheSortValues() {
        List<String> walked = walk("filter", SEEDED, "sort", "level", "limit", "50");
        Api.Reply all = list(api, READINGS, "filter", SEEDED, "sort", "level", "limit", "200");
        List<Object> levels = all.list().stream().map(r -> r.get("level")).toList();
        List<Long> present = levels.stream().filter(v -> v != null).map(v -> ((Number) v).longValue()).toList();
        for (int i = 1; i < present.size(); i++) {
            assertTrue(present.get(i - 1) <= present.get(i), "ascending levels: " + present);
        }
        // nulls sit where the database sorts them: after the values on PostgreSQL, before them on H2
        assertEquals(Databases.isPostgres(), levels.get(0) != null);
        assertEquals(walked.subList(0, 200), ids(all));
    }

    @Test
    void rowsWrittenDuringAWalkAreSeenOnceOrNotAtAllAndTheRestExactlyOnce() {
        String series = "walk-" + System.nanoTime();
        List<String> original = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            original.add(api.create(READINGS, Map.of("series", series, "level", (long) (i * 10))));
        }
        Set<String> deleted = new HashSet<>();
        List<String> behind = new ArrayList<>();
        List<String> ahead = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        String[] parameters = {"filter", "series:eq:" + series, "sort", "level", "limit", "25"};
        Api.Reply page = list(api, READINGS, parameters);
        int round = 0;
        while (true) {
            seen.addAll(ids(page));
            Object cursor = page.meta().get("next_cursor");
            if (cursor == null) {
                break;
            }
            round++;
            // behind the cursor (never seen), at its value (ordered by id), and ahead of it (seen once)
            behind.add(api.create(READINGS, Map.of("series", series, "level", 5L)));
            api.create(READINGS, Map.of("series", series, "level", (long) (round * 250)));
            ahead.add(api.create(READINGS, Map.of("series", series, "level", 2000L + round)));
            String doomed = original.get(original.size() - round);
            if (!seen.contains(doomed)) {
                assertEquals(204, api.delete(READINGS + "/" + doomed).status());
                deleted.add(doomed);
            }
            page = list(api, READINGS, with(parameters, "cursor", (String) cursor));
        }
        assertEquals(seen.size(), Set.copyOf(seen).size(), "no row twice: " + seen);
        for (String id : original) {
            assertEquals(deleted.contains(id) ? 0 : 1, seen.stream().filter(id::equals).count(), id);
        }
        assertFalse(deleted.isEmpty());
        assertTrue(seen.containsAll(ahead), "rows inserted ahead of the cursor are seen");
        assertTrue(behind.stream().noneMatch(seen::contains), "rows inserted behind the cursor are not");
    }

    @Test
    void filtersAndSoftDeleteHoldAcrossPages() {
        String series = "kept-" + System.nanoTime();
        List<String> live = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String id = api.create(READINGS, Map.of("series", series, "level", (long) i));
            if (i % 3 == 0) {
                assertEquals(204, api.delete(READINGS + "/" + id).status());
            } else {
                live.add(id);
            }
        }
        assertEquals(live, walk("filter", "series:eq:" + series, "sort", "level", "limit", "4"));
        List<String> everything = walk("filter", "series:eq:" + series, "filter", "deleted_at:not_null", "sort", "level",
            "limit", "4");
        assertEquals(10, everything.size(), "the soft-deleted rows, when asked for, page by cursor too");
    }

    @Test
    void theLastPageHasNoCursorAndAPagePastTheEndIsEmpty() {
        String series = "end-" + System.nanoTime();
        for (int i = 0; i < 5; i++) {
            api.create(READINGS, Map.of("series", series, "level", (long) i));
        }
        Api.Reply first = list(api, READINGS, "filter", "series:eq:" + series, "limit", "3");
        assertEquals(true, first.meta().get("has_more"));
        Api.Reply last = list(api, READINGS, "filter", "series:eq:" + series, "limit", "3",
            "cursor", (String) first.meta().get("next_cursor"));
        assertEquals(2, last.list().size());
        assertEquals(false, last.meta().get("has_more"));
        assertFalse(last.meta().containsKey("next_cursor"));
        Api.Reply exactlyFull = list(api, READINGS, "filter", "series:eq:" + series, "limit", "5");
        assertEquals(false, exactlyFull.meta().get("has_more"), "a page ending on the last row has no next one");
        Api.Reply past = list(api, READINGS, "filter", "series:eq:" + series, "limit", "3", "page", "3");
        assertEquals(List.of(), past.list());
        assertEquals(false, past.meta().get("has_more"));
    }

    @Test
    void aNumberedPageAlsoGivesTheCursorThatContinuesIt() {
        Api.Reply second = list(api, READINGS, "sort", "level:desc", "limit", "10", "page", "2");
        Api.Reply third = list(api, READINGS, "sort", "level:desc", "limit", "10", "page", "3");
        Api.Reply next = list(api, READINGS, "sort", "level:desc", "limit", "10",
            "cursor", (String) second.meta().get("next_cursor"));
        assertEquals(ids(third), ids(next));
        assertEquals(2, ((Number) second.meta().get("page")).intValue());
    }

    @Test
    void theLimitCapAppliesToCursorPagesAndTheLimitMayChangeBetweenPages() {
        Api.Reply first = list(api, READINGS, "limit", "500");
        assertEquals(200, first.list().size());
        assertEquals(200, ((Number) first.meta().get("limit")).intValue());
        Api.Reply next = list(api, READINGS, "limit", "3", "cursor", (String) first.meta().get("next_cursor"));
        assertEquals(3, next.list().size());
    }

    @Test
    void aReplicaWithTheSameKeyContinuesTheWalk() {
        Api.Reply first = list(api, READINGS, "sort", "series,level", "limit", "20");
        Api.Reply here = list(api, READINGS, "sort", "series,level", "limit", "20",
            "cursor", (String) first.meta().get("next_cursor"));
        Api.Reply there = list(new Api(replica), READINGS, "sort", "series,level", "limit", "20",
            "cursor", (String) first.meta().get("next_cursor"));
        assertEquals(ids(here), ids(there));
    }

    @Test
    void theIndexDirectiveIndexesTheFieldWithTheId() throws Exception {
        try (java.sql.Connection connection = Databases.connect(NAME);
             java.sql.ResultSet index = connection.getMetaData().getIndexInfo(null, connection.getSchema(),
                 "readings", false, false)) {
            List<String> columns = new ArrayList<>();
            while (index.next()) {
                if ("ix_readings_series_id".equalsIgnoreCase(index.getString("INDEX_NAME"))) {
                    columns.add(index.getString("COLUMN_NAME").toLowerCase(java.util.Locale.ROOT));
                }
            }
            assertEquals(List.of("series", "id"), columns);
        }
    }

    private void refused(Api client, String path, String cursor, String code, String... more) {
        Api.Reply reply = client.get(path + Api.query(with(more, "cursor", cursor)));
        assertEquals(400, reply.status(), reply::toString);
        assertEquals(code, reply.code(), reply::toString);
        assertTrue(((String) reply.error().get("message")).contains("cursor"), reply::toString);
    }

    @Test
    void everyBadCursorIsRefusedNamingTheParameter() {
        String good = (String) list(api, READINGS, "sort", "level", "limit", "5").meta().get("next_cursor");
        assertNotNull(good);
        assertEquals(200, api.get(READINGS + Api.query("sort", "level", "limit", "5", "cursor", good)).status());
        refused(api, READINGS, "not a cursor!", "INVALID_CURSOR", "sort", "level");
        refused(api, READINGS, good.substring(0, good.length() - 6), "INVALID_CURSOR", "sort", "level");
        refused(api, READINGS, good.substring(0, 10), "INVALID_CURSOR", "sort", "level");
        byte[] bytes = Base64.getUrlDecoder().decode(good);
        bytes[bytes.length / 2] ^= 0x01;
        refused(api, READINGS, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes), "INVALID_CURSOR",
            "sort", "level");
        refused(api, READINGS, good, "INVALID_CURSOR", "sort", "level:desc");
        refused(api, READINGS, good, "INVALID_CURSOR", "sort", "level", "filter", "series:eq:s1");
        refused(api, TICKETS, good, "INVALID_CURSOR", "sort", "priority");
        refused(new Api(stranger), READINGS, good, "INVALID_CURSOR", "sort", "level");
        refused(api, READINGS, " ", "INVALID_CURSOR");
        Api.Reply both = api.get(READINGS + Api.query("page", "2", "cursor", good, "sort", "level"));
        assertEquals(400, both.status(), both::toString);
        assertEquals("INVALID_QUERY", both.code());
        assertTrue(((String) both.error().get("message")).contains("cursor"), both::toString);
    }

    @Test
    void aCursorOfAnotherInstancesKeyIsRefusedThere() {
        Api strangerApi = new Api(stranger);
        String theirs = (String) list(strangerApi, READINGS, "limit", "5").meta().get("next_cursor");
        assertEquals(200, strangerApi.get(READINGS + Api.query("limit", "5", "cursor", theirs)).status());
        refused(api, READINGS, theirs, "INVALID_CURSOR", "limit", "5");
    }

    @Test
    void aCursorOnlyCarriesTheValuesTheClientWasShown() {
        Api.Reply first = list(api, READINGS, "sort", "series", "limit", "1");
        String cursor = (String) first.meta().get("next_cursor");
        String decoded = new String(Base64.getUrlDecoder().decode(cursor), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(decoded.contains((String) first.list().get(0).get("series")));
        assertTrue(decoded.contains((String) first.list().get(0).get("id")));
        assertNull(first.meta().get("page_token"));
    }
}
