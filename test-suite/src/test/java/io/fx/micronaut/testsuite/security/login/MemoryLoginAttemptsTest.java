package io.fx.micronaut.testsuite.security.login;

import io.fx.micronaut.testsuite.support.Databases;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link io.fx.micronaut.security.login.LoginAttempts} counting in memory (no revocation store is configured), and
 * limits that cannot work failing startup naming their key.
 */
@TestDatabase
class MemoryLoginAttemptsTest extends LoginAttemptsContract {

    @Override
    protected Map<String, Object> configuration() {
        return Databases.config(getClass().getSimpleName());
    }

    @Test
    void limitsThatCannotWorkFailStartup() {
        String name = getClass().getSimpleName() + "Startup";
        String none = Failures.startupFailure(Databases.config(name, "spec.name", SPEC,
            "fx.security.login-attempts.max-account-failures", "0"));
        assertTrue(none.contains("fx.security.login-attempts.max-account-failures must be at least 1, not 0"), none);
        String window = Failures.startupFailure(Databases.config(name, "spec.name", SPEC,
            "fx.security.login-attempts.window", "0s"));
        assertTrue(window.contains("fx.security.login-attempts.window must be positive"), window);
        String negative = Failures.startupFailure(Databases.config(name, "spec.name", SPEC,
            "fx.security.login-attempts.max-address-failures", "-1"));
        assertTrue(negative.contains("fx.security.login-attempts.max-address-failures must be at least 1, not -1"), negative);
    }

    @Test
    void behindAProxyTheAddressLimitIsTurnedOffAndTheAccountLimitStays() {
        Map<String, Object> proxied = new java.util.LinkedHashMap<>(
            Databases.config(getClass().getSimpleName() + "Proxied"));
        try (io.micronaut.runtime.server.EmbeddedServer behindProxy = start(proxied, 0)) {
            String proxy = newAddress();
            for (int i = 0; i < ADDRESS + 2; i++) {
                wrong(login(behindProxy, proxy, account("ghost"), "guess"));
            }
            String user = account("user");
            assertEquals(200, login(behindProxy, proxy, user, "right").status(), "every client shares the proxy's address");
            for (int i = 0; i < ACCOUNT; i++) {
                wrong(login(behindProxy, proxy, user, "guess"));
            }
            throttled(login(behindProxy, proxy, user, "right"));
        }
    }
}
