package io.fx.micronaut.test;

import io.micronaut.core.annotation.Internal;
import io.micronaut.test.support.TestPropertyProvider;
import io.micronaut.test.support.TestPropertyProviderFactory;
import org.junit.platform.commons.support.AnnotationSupport;

import java.util.Map;

/**
 * Points the default datasource of every {@link TestDatabase} {@code @MicronautTest} class (annotated directly or
 * through a meta-annotation) at its own database before its context starts. Found by Micronaut Test through
 * {@code META-INF/services}; public only for the service loader.
 */
@Internal
public final class TestDatabasePropertyProviderFactory implements TestPropertyProviderFactory {

    @Override
    public TestPropertyProvider create(Map<String, Object> availableProperties, Class<?> testClass) {
        if (!AnnotationSupport.isAnnotated(testClass, TestDatabase.class)) {
            return Map::of;
        }
        return () -> TestDatabases.properties(testClass.getSimpleName());
    }
}
