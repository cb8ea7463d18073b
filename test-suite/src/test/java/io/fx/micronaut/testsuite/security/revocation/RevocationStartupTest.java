package io.fx.micronaut.testsuite.security.revocation;

import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.security.support.Tokens.SECRET;
import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Revocation configuration that cannot work fails startup naming the keys. */
@TestDatabase
class RevocationStartupTest {

    static final String SPEC = "RevocationStartupTest";

    @Test
    void tokensWithoutExpiryCannotBeRevoked() {
        String message = assertStartupFailure("fx.security.jwt.allow-no-expiry", SPEC,
            "fx.security.jwt.secret", SECRET, "fx.security.jwt.allow-no-expiry", "true", "fx.security.revocation.store", "memory");
        assertTrue(message.contains("fx.security.revocation.store"), message);
    }

    @Test
    void anUnknownStoreFails() {
        assertStartupFailure("fx.security.revocation.store is 'mongo'", SPEC,
            "fx.security.jwt.secret", SECRET, "fx.security.revocation.store", "mongo");
    }
}
