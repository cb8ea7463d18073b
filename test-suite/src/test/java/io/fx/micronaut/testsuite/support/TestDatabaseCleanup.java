package io.fx.micronaut.testsuite.support;

import io.fx.micronaut.test.TestDatabases;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Drops the PostgreSQL schemas a test class created (its own and those of the scenarios named after it) once its
 * tests are done, through {@link TestDatabases#drop(String)}. {@link TestDatabase} classes no longer need it (the
 * fx-micronaut-test annotation it carries brings its own cleanup); a class that names its databases itself may
 * still extend with it.
 */
public final class TestDatabaseCleanup implements AfterAllCallback {

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        TestDatabases.drop(context.getRequiredTestClass().getSimpleName());
    }
}
