package io.fx.micronaut.limits.idempotency;

import io.fx.micronaut.limits.IdempotencyConfig;
import io.fx.micronaut.limits.RateLimitKeyResolver;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link IdempotencyConfig}'s defaults, withers and checks. */
class IdempotencyConfigTest {

    @Test
    void theDefaultsLeaveStoreAndTtlToConfigurationAndScopeByPrincipalOrIp() {
        IdempotencyConfig config = IdempotencyConfig.defaults();
        assertNull(config.store());
        assertNull(config.ttl());
        assertSame(RateLimitKeyResolver.principalOrIp(), config.keyResolver());
        assertFalse(config.headerRequired());
    }

    @Test
    void withersChangeOneValue() {
        IdempotencyConfig config = IdempotencyConfig.defaults().ttl(Duration.ofMinutes(5)).headerRequired(true)
            .keyResolver(RateLimitKeyResolver.ip());
        assertEquals(Duration.ofMinutes(5), config.ttl());
        assertTrue(config.headerRequired());
        assertSame(RateLimitKeyResolver.ip(), config.keyResolver());
        assertThrows(IllegalArgumentException.class, () -> config.ttl(Duration.ZERO));
        assertThrows(NullPointerException.class, () -> config.keyResolver(null));
    }
}
