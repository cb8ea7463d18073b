package io.fx.micronaut.testsuite.support;

import io.micronaut.test.support.TestPropertyProvider;
import io.micronaut.test.support.TestPropertyProviderFactory;

import java.util.Map;

/**
 * Points the default datasource of every {@link TestDatabase} {@code @MicronautTest} class at its
 * own database before its context starts. Found by Micronaut Test through {@code META-INF/services}.
 */
public final class TestDatabasePropertyProviderFactory implements TestPropertyProviderFactory {

    @Override
    public TestPropertyProvider create(Map<String, Object> availableProperties, Class<?> testClass) {
        if (!testClass.isAnnotationPresent(TestDatabase.class)) {
            return Map::of;
        }
        return () -> Databases.properties(testClass.getSimpleName());
    }
}
