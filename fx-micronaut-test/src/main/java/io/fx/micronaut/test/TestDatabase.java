package io.fx.micronaut.test;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gives a {@code @MicronautTest} class a database of its own, on the database of the run chosen by the system
 * property {@value TestDatabases#DATABASE_PROPERTY}: an in-memory H2 database named after the class (the default,
 * {@code h2}), or, with {@code -Dfx.test.database=postgres}, a fresh PostgreSQL schema named after the class on
 * {@value TestDatabases#DEFAULT_POSTGRES_URL} (or {@code -Dfx.test.postgres-url}), dropped once the class's tests are
 * done. The {@code datasources.default.*} properties pointing at it are set before the application context starts,
 * so they replace those of {@code application.yml}; the application's own migration then creates its tables.
 * An unreachable PostgreSQL fails the class naming the URL and how to start the server, never skips it.
 *
 * <pre>{@code
 * @MicronautTest
 * @TestDatabase
 * class PostApiTest { ... }
 * }</pre>
 *
 * <p>It may also be used as a meta-annotation, on an annotation of the application's own tests.</p>
 *
 * @since 0.9.0
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@ExtendWith(TestDatabaseCleanup.class)
public @interface TestDatabase {
}
