package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.context.annotation.Property;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.inject.qualifiers.Qualifiers;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The deadline covers the wait for a pooled connection: with every connection of the pools held,
 * a read and a write answer 504 {@code TIMEOUT} when their deadline passes (the pool's own wait is
 * longer on H2, and shorter and repeated on PostgreSQL), and serve again once connections are free.
 */
@MicronautTest(environments = "test", transactional = false)
@Property(name = "spec.name", value = "ConnectionWaitDeadlineTest")
@Property(name = "fx.query-timeout", value = "1500ms")
@Property(name = "datasources.default.maximum-pool-size", value = "1")
@Property(name = "datasources.default.minimum-idle", value = "1")
@Property(name = "fx.db.read-pool-size", value = "1")
@TestDatabase
class ConnectionWaitDeadlineTest {

    @Inject
    Api api;
    @Inject
    ApplicationContext context;

    @Test
    void aRequestWaitingForAConnectionAnswers504AtItsDeadline() throws Exception {
        List<Connection> held = new ArrayList<>();
        try {
            held.add(pool("default").getConnection());
            if (Databases.isPostgres()) {
                held.add(pool("read").getConnection());
            }
            Api.Reply read = api.get("/api/metrics?limit=1");
            assertEquals(504, read.status(), read.toString());
            assertEquals(Map.of("code", "TIMEOUT", "message", "Gateway Timeout"), read.error());
            Api.Reply write = api.post("/api/metrics", Map.of("label", "waited"));
            assertEquals(504, write.status(), write.toString());
            assertEquals("TIMEOUT", write.error().get("code"));
        } finally {
            for (Connection connection : held) {
                connection.close();
            }
        }
        assertEquals(200, api.get("/api/metrics?limit=1").status(), "the pools serve again");
        assertEquals(201, api.post("/api/metrics", Map.of("label", "served")).status());
        assertEquals(1, api.count("/api/metrics?filter=" + Api.q("label:eq:served")));
        assertEquals(0, api.count("/api/metrics?filter=" + Api.q("label:eq:waited")), "the timed-out write left nothing");
    }

    private DataSource pool(String name) {
        return DelegatingDataSource.unwrapDataSource(context.getBean(DataSource.class, Qualifiers.byName(name)));
    }
}
