package io.fx.micronaut.testsuite.security.support;

import io.fx.micronaut.testsuite.support.Api;
import io.micronaut.test.support.TestPropertyProvider;
import jakarta.inject.Inject;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

/**
 * A security test class against a server of its own ({@code @MicronautTest} and {@code @TestDatabase} stay on the
 * subclass): its properties are what {@link #configure} adds to {@code spec.name} (the class's simple name, so a
 * bean of the class fences itself with {@code @Requires(property = "spec.name", value = "<simple name>")}) and the
 * shared JWT secret ({@link Tokens#SECRET}); {@link #api} talks to its server.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SecurityServerTest implements TestPropertyProvider {

    @Inject
    protected Api api;

    /**
     * @param config {@code spec.name} and the JWT secret
     * @return the test's properties
     */
    protected abstract SecurityConfig configure(SecurityConfig config);

    @Override
    public final Map<String, String> getProperties() {
        return configure(SecurityConfig.spec(getClass().getSimpleName()).secret(Tokens.SECRET)).build();
    }
}
