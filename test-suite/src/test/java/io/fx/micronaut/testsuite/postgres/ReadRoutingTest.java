package io.fx.micronaut.testsuite.postgres;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.SpecModels;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.context.ApplicationContext;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Reads outside a transaction use the read pool, reads inside one and writes the primary. The read
 * URL marks its sessions with {@code ApplicationName=fx-read-pool}, the write pool's session
 * settings with {@code fx-write-pool}; the database itself reports which session served a query
 * through {@code current_setting('application_name')} (a view for reads, a trigger for writes).
 */
@TestDatabase
@EnabledIfSystemProperty(named = Databases.DATABASE_PROPERTY, matches = "postgres")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReadRoutingTest {

    private static final String NAME = "ReadRoutingTest";
    private EmbeddedServer server;
    private Api api;

    @BeforeAll
    void start() throws Exception {
        server = ApplicationContext.run(EmbeddedServer.class, Databases.config(NAME,
            SpecModels.PROPERTY, SpecModels.of(PgModels.Probe.class, PgModels.Stamp.class),
            "fx.db.session.application_name", "fx-write-pool",
            "fx.db-read-url", Databases.url(NAME) + "&ApplicationName=fx-read-pool"));
        api = new Api(server);
        Databases.execute(NAME,
            "DROP TABLE \"probes\"",
            "CREATE VIEW \"probes\" AS SELECT gen_random_uuid() AS \"id\", now() AS \"created_at\", "
                + "now() AS \"updated_at\", current_setting('application_name') AS \"app\"",
            "CREATE FUNCTION stamp_app() RETURNS trigger LANGUAGE plpgsql AS "
                + "$$ BEGIN NEW.\"app\" := current_setting('application_name'); RETURN NEW; END $$",
            "CREATE TRIGGER stamp_app BEFORE INSERT ON \"stamps\" FOR EACH ROW EXECUTE FUNCTION stamp_app()");
    }

    @AfterAll
    void stop() {
        server.close();
    }

    @Test
    void aReadOutsideATransactionUsesTheReadPool() {
        Api.Reply list = api.get("/api/probes");
        assertEquals(200, list.status(), list.toString());
        assertEquals("fx-read-pool", list.list().get(0).get("app"), list.toString());
    }

    @Test
    void aReadInsideATransactionUsesThePrimary() {
        DataStore store = server.getApplicationContext().getBean(DataStore.class);
        ModelDescriptor probe = server.getApplicationContext().getBean(ModelRegistry.class).findByName("Probe").orElseThrow();
        ListQuery all = new ListQuery(List.of(), List.of(), List.of(), 1, 10, false);
        Object app = store.inTransaction(() -> store.list(probe, all).rows().get(0).get("app"));
        assertEquals("fx-write-pool", app);
        assertEquals("fx-read-pool", store.list(probe, all).rows().get(0).get("app"), "and outside again the read pool");
    }

    @Test
    void aPrimaryQueryUsesThePrimaryAndJoinsAnActiveTransaction() {
        DataStore store = server.getApplicationContext().getBean(DataStore.class);
        String app = "SELECT current_setting('application_name') AS app";
        assertEquals("fx-read-pool", store.query(app, List.of()).get(0).get("app"));
        assertEquals("fx-write-pool", store.queryPrimary(app, List.of()).get(0).get("app"));
        String seen = store.inTransaction(() -> {
            store.execute("INSERT INTO \"stamps\" (\"id\", \"note\", \"created_at\", \"updated_at\") "
                + "VALUES (gen_random_uuid(), 'uncommitted', now(), now())", List.of());
            return (String) store.queryPrimary("SELECT \"note\" FROM \"stamps\" WHERE \"note\" = 'uncommitted'", List.of())
                .get(0).get("note");
        });
        assertEquals("uncommitted", seen, "inside a transaction it sees the transaction's own writes");
    }

    @Test
    void aWriteUsesThePrimary() {
        Api.Reply created = api.post("/api/stamps", Map.of("note", "routed"));
        assertEquals(201, created.status(), created.toString());
        Api.Reply read = api.get("/api/stamps/" + created.data().get("id"));
        assertEquals("fx-write-pool", read.data().get("app"), read.toString());
    }
}
