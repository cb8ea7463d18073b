package io.fx.micronaut.testsuite.security.csrf;

import io.fx.micronaut.testsuite.support.Failures;
import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** CSRF settings that cannot work fail at startup, naming the key. */
@TestDatabase
class CsrfStartupTest {

    static final String SPEC = "CsrfStartupTest";

    private static String failure(Object... extra) {
        return Failures.startupFailure(SPEC, extra);
    }

    @Test
    void anUnknownModeFails() {
        String message = failure("fx.security.csrf.mode", "double");
        assertTrue(message.contains("fx.security.csrf.mode is 'double': use off, double-submit or signed"), message);
    }

    @Test
    void signedWithoutASecretFails() {
        String message = failure("fx.security.csrf.mode", "signed");
        assertTrue(message.contains("fx.security.csrf.mode signed needs fx.security.csrf.secret"), message);
    }

    @Test
    void aSecretUnder32BytesFails() {
        String message = failure("fx.security.csrf.mode", "signed", "fx.security.csrf.secret", "0123456789abcdef0123456789abcde");
        assertTrue(message.contains("fx.security.csrf.secret is 31 bytes: it must be at least 32 bytes"), message);
        assertTrue(!message.contains("0123456789abcdef"), message);
    }

    @Test
    void aBadOriginEntryFails() {
        String path = failure("fx.security.csrf.mode", "double-submit",
            "fx.security.csrf.allowed-origins", "https://ok.example.com,https://app.example.com/path");
        assertTrue(path.contains("fx.security.csrf.allowed-origins[1] is 'https://app.example.com/path'"), path);
        String wildcard = failure("fx.security.csrf.mode", "double-submit", "fx.security.csrf.allowed-origins", "*.");
        assertTrue(wildcard.contains("fx.security.csrf.allowed-origins[0] is '*.'"), wildcard);
    }

    @Test
    void anExemptPathWithoutSlashAndSameSiteNoneWithoutSecureFail() {
        String path = failure("fx.security.csrf.mode", "double-submit", "fx.security.csrf.exempt-paths", "login");
        assertTrue(path.contains("fx.security.csrf.exempt-paths[0] is 'login'"), path);
        String none = failure("fx.security.csrf.mode", "double-submit", "fx.security.csrf.same-site", "None",
            "fx.security.csrf.secure", "false");
        assertTrue(none.contains("fx.security.csrf.same-site None needs fx.security.csrf.secure: true"), none);
        String bad = failure("fx.security.csrf.mode", "double-submit", "fx.security.csrf.same-site", "Loose");
        assertTrue(bad.contains("fx.security.csrf.same-site is 'Loose'"), bad);
    }
}
