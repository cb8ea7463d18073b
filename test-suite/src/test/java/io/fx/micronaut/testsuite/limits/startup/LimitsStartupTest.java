package io.fx.micronaut.testsuite.limits.startup;

import io.fx.micronaut.limits.RateLimitKeyResolver;
import io.fx.micronaut.limits.RateLimitPolicy;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Duration;

import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Limits that cannot work fail startup, naming what is wrong: a body limit or a rate limit on the wrong step or
 * position, a body limit over {@code micronaut.server.max-request-size} (and {@code fx.max-body-size} over it), a
 * body-field key before the body is parsed, two policies of one name, and bad {@code fx.rate-limit.*} values.
 */
@TestDatabase
class LimitsStartupTest {

    static final String SPEC = "LimitsStartupTest";

    private static String fails(String expected, Object... extra) {
        return assertStartupFailure(expected, SPEC, extra);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
        body-size-on-validate  | maxBodySize(100) is registered on the VALIDATE step at position BEFORE for model Gadget; register it on the DESERIALIZE step at position BEFORE
        body-size-after        | maxBodySize(100) is registered on the DESERIALIZE step at position AFTER for model Gadget
        rate-limit-on-service  | rateLimit(startup) is registered on the SERVICE step at position BEFORE for model Gadget; register it on the VALIDATE step at position AFTER (or the DB step at position BEFORE), or on the AUTH step
        body-field-on-auth     | rateLimit(startup) keys on the body (body-field:name), which is parsed after the AUTH step
        two-policies-one-name  | two rate limit policies are named 'startup' with different limits or windows
        """)
    void aMisplacedRegistrationFailsStartup(String scenario, String expected) {
        fails(expected, LimitsStartupBeans.CASE, scenario);
    }

    @Test
    void aBodyLimitOverTheServersFailsStartupNamingBothKeys() {
        String message = fails("maxBodySize(20000000) registered for Gadget", LimitsStartupBeans.CASE,
            "body-size-over-server");
        assertTrue(message.contains("is over micronaut.server.max-request-size (10485760 bytes)"), message);
        fails("fx.max-body-size (2048 bytes) is over micronaut.server.max-request-size (1024 bytes)",
            LimitsStartupBeans.CASE, "none", "fx.max-body-size", "2048", "micronaut.server.max-request-size", "1024");
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
        fx.rate-limit.backend                     | disk        | fx.rate-limit.backend is memory or redis, not 'disk'
        fx.rate-limit.on-backend-error            | maybe       | fx.rate-limit.on-backend-error is allow or deny, not 'maybe'
        fx.rate-limit.timeout                     | 0s          | fx.rate-limit.timeout must be positive
        fx.rate-limit.policies.bad.key            | cookie      | fx.rate-limit.policies.bad: unknown key 'cookie'
        fx.rate-limit.policies.bad.window         | 1500ms      | fx.rate-limit.policies.bad: rate limit policy bad: window must be whole seconds
        fx.rate-limit.policies.bad.limit          | 0           | fx.rate-limit.policies.bad: rate limit policy bad: limit must be at least 1
        fx.rate-limit.policies.bad.step           | service     | fx.rate-limit.policies.bad.step is db or auth, not 'service'
        fx.rate-limit.policies.bad.operations     | CRAETE      | names the operation 'CRAETE', which no route serves
        fx.rate-limit.policies.bad.models         | Ghost       | names the model 'Ghost', which is not registered
        """)
    void badConfigurationFailsStartup(String key, String value, String expected) {
        fails(expected, LimitsStartupBeans.CASE, "none", key, value);
    }

    @Test
    void aRedisBackendWithoutRedisFailsStartup() {
        fails("the limits module uses Redis, but none is configured", LimitsStartupBeans.CASE, "rate-limit", "fx.rate-limit.backend", "redis");
    }

    @Test
    void policiesRefuseBadValuesWhenMade() {
        assertThrows(IllegalArgumentException.class, () -> RateLimitPolicy.of("a b", 1, Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> RateLimitPolicy.of("ok", 1, Duration.ofMillis(999)));
        assertThrows(io.fx.micronaut.exception.FxConfigurationException.class, () -> RateLimitKeyResolver.parse("body-field:"));
    }
}
