package io.fx.micronaut.testsuite.support;

import io.fx.micronaut.test.TestDatabases;
import io.micronaut.test.support.TestPropertyProvider;
import io.micronaut.test.support.TestPropertyProviderFactory;
import org.junit.platform.commons.support.AnnotationSupport;

import java.util.Map;

/**
 * Points the default datasource of a {@link TestDatabase} {@code @MicronautTest} class at its own database, through
 * {@link TestDatabases}. No longer registered in {@code META-INF/services}: fx-micronaut-test's own factory serves
 * every class carrying its {@code @TestDatabase}, which the suite's annotation carries, so a class is not served
 * twice; kept for code that calls it.
 */
public final class TestDatabasePropertyProviderFactory implements TestPropertyProviderFactory {

    @Override
    public TestPropertyProvider create(Map<String, Object> availableProperties, Class<?> testClass) {
        if (!AnnotationSupport.isAnnotated(testClass, TestDatabase.class)) {
            return Map::of;
        }
        return () -> TestDatabases.properties(testClass.getSimpleName());
    }
}
