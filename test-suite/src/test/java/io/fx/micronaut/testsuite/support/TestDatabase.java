package io.fx.micronaut.testsuite.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gives a test class its own database on the database of the current matrix run (system property
 * {@code fx.test.database}: {@code h2}, the default, or {@code postgres}): an H2 in-memory database
 * or a fresh PostgreSQL schema named after the class. The suite's name for fx-micronaut-test's
 * {@link io.fx.micronaut.test.TestDatabase}, which it carries: on a {@code @MicronautTest} class that module's
 * property provider supplies the datasource properties; classes that start their own contexts take them from
 * {@link Databases#properties(String)}. The PostgreSQL schemas of the class are dropped after its last test.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@io.fx.micronaut.test.TestDatabase
public @interface TestDatabase {
}
