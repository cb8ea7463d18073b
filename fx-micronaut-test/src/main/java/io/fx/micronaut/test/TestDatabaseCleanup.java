package io.fx.micronaut.test;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Drops the PostgreSQL schemas a {@link TestDatabase} class created (its own and those of the scenarios named
 * after it) once its tests are done. H2 in-memory databases need no cleanup.
 */
final class TestDatabaseCleanup implements AfterAllCallback {

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        TestDatabases.drop(context.getRequiredTestClass().getSimpleName());
    }
}
