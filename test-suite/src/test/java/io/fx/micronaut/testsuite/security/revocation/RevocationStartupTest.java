package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Revocation configuration that cannot work fails startup naming the keys. */
@TestDatabase
class RevocationStartupTest {

    static final String SPEC = "RevocationStartupTest";

    private static String failure(Object... extra) {
        return Failures.startupFailure(SPEC, extra);
    }

    @Test
    void tokensWithoutExpiryCannotBeRevoked() {
        String message = failure("fx.security.jwt.secret", SECRET, "fx.security.jwt.allow-no-expiry", "true",
            "fx.security.revocation.store", "memory");
        assertTrue(message.contains("fx.security.jwt.allow-no-expiry") && message.contains("fx.security.revocation.store"),
            message);
    }

    @Test
    void anUnknownStoreFails() {
        String message = failure("fx.security.jwt.secret", SECRET, "fx.security.revocation.store", "mongo");
        assertTrue(message.contains("fx.security.revocation.store is 'mongo'"), message);
    }
}
