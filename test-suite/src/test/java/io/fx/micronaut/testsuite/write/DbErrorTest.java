package io.fx.micronaut.testsuite.write;

import io.fx.micronaut.testsuite.support.Api;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;

import static io.fx.micronaut.testsuite.model.ModelPaths.LEDGER_ENTRIES;
import static io.fx.micronaut.testsuite.write.Envelopes.assertInternalError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A real database failure (a column dropped behind the framework's back) is 500 {@code DB_ERROR}
 * with the generic status text and nothing of the SQL error in the body.
 */
@MicronautTest(environments = "test", transactional = false)
@TestDatabase
class DbErrorTest {

    @Inject
    TransactionOperations<Connection> transactions;
    @Inject
    Api api;

    private void execute(String sql) {
        transactions.executeWrite(status -> {
            try (Statement statement = status.getConnection().createStatement()) {
                statement.execute(sql);
            }
            return null;
        });
    }

    @Test
    void droppedColumnGivesAGenericDbErrorOnEveryOperation() {
        String path = LEDGER_ENTRIES + "/"
            + api.create(LEDGER_ENTRIES, Map.of("amount", 5, "memo", "before the damage"));

        execute("ALTER TABLE \"ledger_entries\" DROP COLUMN \"memo\"");
        try {
            Api.Reply list = api.get(LEDGER_ENTRIES);
            assertInternalError(list, "DB_ERROR");
            assertNotNull(list.header("X-Request-Id"), "the request id lets operators find the logged cause");
            assertFalse(list.text().contains("memo"), list.toString());
            assertInternalError(api.get(path), "DB_ERROR");
            assertInternalError(api.post(LEDGER_ENTRIES, Map.of("amount", 6, "memo", "after")), "DB_ERROR");
            assertInternalError(api.patch(path, Map.of("memo", "changed")), "DB_ERROR");
        } finally {
            execute("ALTER TABLE \"ledger_entries\" ADD COLUMN \"memo\" CHARACTER VARYING");
        }
        Api.Reply list = api.get(LEDGER_ENTRIES);
        assertEquals(200, list.status(), list.toString());
        assertEquals(1, list.list().size(), "the refused POST wrote nothing");
    }
}
