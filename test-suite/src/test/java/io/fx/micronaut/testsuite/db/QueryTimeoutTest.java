package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.annotation.Property;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** The database deadline: enforced by the database, answered as 504 TIMEOUT without internals. */
@MicronautTest(environments = "test")
@Property(name = "spec.name", value = "QueryTimeoutTest")
@TestDatabase
@Property(name = "fx.query-timeout", value = "10ms")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryTimeoutTest {

    @Inject
    Api api;

    @BeforeAll
    void seed() throws Exception {
        Databases.execute("QueryTimeoutTest",
            "INSERT INTO \"metrics\" (\"id\", \"created_at\", \"updated_at\", \"label\") "
                + (Databases.isPostgres()
                ? "SELECT gen_random_uuid(), now(), now(), 'label-' || g FROM generate_series(1, 300000) g"
                : "SELECT RANDOM_UUID(), CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 'label-' || X FROM SYSTEM_RANGE(1, 300000)"));
    }

    @Test
    void aQueryOverTheDeadlineIs504WithoutInternals() {
        Api.Reply reply = api.get("/api/metrics?filter=" + Api.q("label:contains:no-such-label"));
        assertEquals(504, reply.status(), reply.toString());
        assertEquals(Map.of("code", "TIMEOUT", "message", "Gateway Timeout"), reply.error());
        assertFalse(reply.text().toLowerCase().contains("select"), reply.text());
        Api.Reply small = api.get("/api/metrics?limit=1&filter=" + Api.q("id:eq:x"));
        assertEquals(400, small.status(), "id is not filterable; the server still answers after a timeout");
        assertEquals(200, api.get("/api/live").status());
    }
}
