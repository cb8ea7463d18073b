package io.fx.micronaut.testsuite.relation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Includes load in a constant number of statements per relation, whatever the page size: counted by
 * H2's own {@code INFORMATION_SCHEMA.QUERY_STATISTICS}, which records every statement the database
 * executes. H2 only: PostgreSQL has no per-statement statistics without the pg_stat_statements
 * extension, and include loading issues the same portable SQL on both databases.
 */
@EnabledIfSystemProperty(named = Databases.DATABASE_PROPERTY, matches = "h2")
@MicronautTest(environments = "test")
@TestDatabase
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IncludeStatementCountTest {

    @Inject
    Api api;
    @Inject
    Seed seed;

    @BeforeAll
    void seed() {
        String scifi = seed.genre("scifi");
        String drama = seed.genre("drama");
        for (int w = 0; w < 4; w++) {
            String writer = seed.writer("W" + w);
            for (int b = 0; b < 5; b++) {
                String book = seed.book("B" + w + "-" + b, writer);
                seed.review(book, 1 + b % 5);
                seed.review(book, 2);
                seed.link(book, scifi);
                seed.link(book, drama);
            }
        }
    }

    @Test
    void statementsPerRequestDoNotGrowWithThePageSize() throws SQLException {
        Map<String, Long> small = statementsFor("/api/books?limit=2&include=writer,reviews,genres,reviews.book");
        Map<String, Long> large = statementsFor("/api/books?limit=20&include=writer,reviews,genres,reviews.book");
        // count + page, then one query per included relation and level
        Map<String, Long> expected = Map.of("books", 3L, "writers", 1L, "reviews", 1L, "genres", 1L);
        assertEquals(expected, small);
        assertEquals(expected, large);
    }

    @Test
    void aReadWithIncludesUsesOneQueryPerRelation() throws SQLException {
        String id = (String) api.get("/api/books?limit=1").list().get(0).get("id");
        assertEquals(Map.of("books", 1L, "writers", 1L, "reviews", 1L, "genres", 1L),
            statementsFor("/api/books/" + id + "?include=writer,reviews,genres"));
    }

    /**
     * Runs a request with statistics freshly enabled and counts the SELECTs by the table they read
     * first (the genres query joins the junction, and counts once, under genres).
     */
    private Map<String, Long> statementsFor(String path) throws SQLException {
        try (Connection connection = Databases.connect("IncludeStatementCountTest");
             Statement statement = connection.createStatement()) {
            statement.execute("SET QUERY_STATISTICS FALSE");
            statement.execute("SET QUERY_STATISTICS TRUE");
            Api.Reply reply = api.get(path);
            assertEquals(200, reply.status(), reply.toString());
            Map<String, Long> counts = new TreeMap<>();
            try (ResultSet rs = statement.executeQuery(
                "SELECT SQL_STATEMENT, EXECUTION_COUNT FROM INFORMATION_SCHEMA.QUERY_STATISTICS")) {
                while (rs.next()) {
                    String sql = rs.getString(1);
                    if (!sql.startsWith("SELECT") || sql.contains("INFORMATION_SCHEMA")) {
                        continue;
                    }
                    for (String table : List.of("books", "writers", "reviews", "genres")) {
                        if (sql.contains(" FROM \"" + table + "\"")) {
                            counts.merge(table, rs.getLong(2), Long::sum);
                        }
                    }
                }
            }
            return counts;
        }
    }
}
