package io.fx.micronaut.testsuite.security.session;

import io.fx.micronaut.testsuite.security.support.SecurityConfig;
import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sessions without CSRF protection, without a key to verify their tokens, or without a revocation store (no
 * logout), fail startup naming the keys.
 */
@TestDatabase
class SessionStartupTest {

    static final String SPEC = "SessionStartupTest";

    @Test
    void sessionsWithoutCsrfFailNamingBothKeys() {
        for (String message : new String[] {
            Failures.startupFailure(SPEC, "fx.security.jwt.secret", SECRET, "fx.security.session.enabled", "true"),
            Failures.startupFailure(SPEC, "fx.security.jwt.secret", SECRET, "fx.security.session.enabled", "true",
                "fx.security.csrf.mode", "off")}) {
            assertTrue(message.contains("fx.security.session.enabled") && message.contains("fx.security.csrf.mode"), message);
        }
    }

    @Test
    void sessionsWithoutBearerVerificationFailNamingTheSecret() {
        String message = assertStartupFailure("fx.security.session.enabled", SPEC, "fx.security.session.enabled", "true",
            "fx.security.csrf.mode", "double-submit", "fx.security.csrf.secret", SecurityConfig.CSRF_SECRET);
        assertTrue(message.contains("fx.security.jwt.secret"), message);
    }

    @Test
    void aHostPrefixedCookieNameWithoutSecureFails() {
        String message = Failures.startupFailure(SPEC, "fx.security.jwt.secret", SECRET, "fx.security.session.enabled", "true",
            "fx.security.revocation.store", "memory", "fx.security.csrf.mode", "signed",
            "fx.security.csrf.secret", SecurityConfig.CSRF_SECRET, "fx.security.session.cookie-name", "__Host-s",
            "fx.security.session.secure", "false");
        assertTrue(message.contains("fx.security.session.cookie-name '__Host-s' starts with __Host-"), message);
    }

    @Test
    void sessionsWithoutARevocationStoreFailNamingBothKeys() {
        String message = Failures.startupFailure(SPEC, "fx.security.jwt.secret", SECRET, "fx.security.session.enabled", "true",
            "fx.security.csrf.mode", "signed", "fx.security.csrf.secret", SecurityConfig.CSRF_SECRET);
        assertTrue(message.contains("fx.security.session.enabled") && message.contains("fx.security.revocation.store"),
            message);
    }
}
