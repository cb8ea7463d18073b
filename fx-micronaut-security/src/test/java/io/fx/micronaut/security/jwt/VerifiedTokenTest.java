package io.fx.micronaut.security.jwt;

import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The {@code iat} of the payload's JSON, to the millisecond. */
class VerifiedTokenTest {

    @Test
    void wholeAndFractionalSecondsKeepTheirMilliseconds() {
        assertEquals(Instant.ofEpochSecond(1_700_000_000L), VerifiedToken.issuedAt(1_700_000_000L));
        assertEquals(Instant.ofEpochMilli(1_700_000_000_123L), VerifiedToken.issuedAt(1_700_000_000.123));
        assertEquals(Instant.ofEpochMilli(1_700_000_000_001L), VerifiedToken.issuedAt(1_700_000_000.001));
        assertEquals(Instant.ofEpochMilli(1_700_000_000_999L), VerifiedToken.issuedAt(1_700_000_000.9999),
            "sub-millisecond digits are dropped, never rounded up");
    }

    @Test
    void anythingElseIsNoIssueTime() {
        assertNull(VerifiedToken.issuedAt(null));
        assertNull(VerifiedToken.issuedAt("1700000000"));
        assertNull(VerifiedToken.issuedAt(Double.NaN));
    }
}
