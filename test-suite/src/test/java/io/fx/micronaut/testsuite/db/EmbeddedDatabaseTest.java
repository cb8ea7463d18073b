package io.fx.micronaut.testsuite.db;

import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.TestDatabase;
import io.micronaut.test.extensions.junit5.annotation.MicronautTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * {@link DataStore#isEmbedded()}: true on H2, which runs in the application's process, false on PostgreSQL, and
 * false for a store that does not say (the interface's default).
 */
@MicronautTest(environments = "test", transactional = false, startApplication = false)
@TestDatabase
class EmbeddedDatabaseTest {

    @Inject
    DataStore store;

    @Test
    void h2IsEmbeddedAndPostgresIsNot() {
        assertEquals(!Databases.isPostgres(), store.isEmbedded());
    }

    @Test
    void aStoreThatDoesNotSayIsNotEmbedded() {
        DataStore silent = (DataStore) Proxy.newProxyInstance(DataStore.class.getClassLoader(),
            new Class<?>[] {DataStore.class}, (proxy, method, arguments) -> {
                if (method.isDefault()) {
                    return InvocationHandler.invokeDefault(proxy, method, arguments);
                }
                throw new UnsupportedOperationException(method.getName());
            });
        assertFalse(silent.isEmbedded());
    }
}
