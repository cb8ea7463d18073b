package io.fx.micronaut.limits.idempotency;

import io.fx.micronaut.limits.internal.IdempotencyKeys;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The header's rules and the two hashes, without a server. */
class IdempotencyKeysTest {

    @Test
    void aKeyIsOneTo255PrintableAsciiCharactersWithoutTheSfStringQuotes() {
        assertEquals("abc", IdempotencyKeys.parse("abc"));
        assertEquals("abc", IdempotencyKeys.parse("\"abc\""));
        assertEquals(" ~!", IdempotencyKeys.parse(" ~!"));
        assertEquals("k".repeat(255), IdempotencyKeys.parse("k".repeat(255)));
        assertEquals("k".repeat(255), IdempotencyKeys.parse("\"" + "k".repeat(255) + "\""));
        assertEquals("\"", IdempotencyKeys.parse("\""));
        assertNull(IdempotencyKeys.parse(""));
        assertNull(IdempotencyKeys.parse("\"\""));
        assertNull(IdempotencyKeys.parse("k".repeat(256)));
        assertNull(IdempotencyKeys.parse("caf\u00e9"));
        assertNull(IdempotencyKeys.parse("a\tb"));
        assertNull(IdempotencyKeys.parse("a\u007fb"));
    }

    @Test
    void theEntryHashSeparatesScopeRouteAndKey() {
        String entry = IdempotencyKeys.entry("ip:127.0.0.1", "Article", "k1");
        assertEquals(64, entry.length());
        assertEquals(entry, IdempotencyKeys.entry("ip:127.0.0.1", "Article", "k1"));
        assertNotEquals(entry, IdempotencyKeys.entry("ip:127.0.0.2", "Article", "k1"));
        assertNotEquals(entry, IdempotencyKeys.entry("ip:127.0.0.1", "/orders/pay", "k1"));
        assertNotEquals(entry, IdempotencyKeys.entry("ip:127.0.0.1", "Article", "k2"));
    }

    @Test
    void theFingerprintIsOverTheRawBytesAndNoBodyIsTheEmptyOne() {
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", IdempotencyKeys.fingerprint(null));
        assertEquals(IdempotencyKeys.fingerprint(null), IdempotencyKeys.fingerprint(new byte[0]));
        assertNotEquals(IdempotencyKeys.fingerprint("{\"a\":1}".getBytes()), IdempotencyKeys.fingerprint("{\"a\": 1}".getBytes()));
    }
}
