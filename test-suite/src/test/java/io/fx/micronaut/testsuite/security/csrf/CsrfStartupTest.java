package io.fx.micronaut.testsuite.security.csrf;

import io.fx.micronaut.testsuite.support.TestDatabase;
import org.junit.jupiter.api.Test;

import static io.fx.micronaut.testsuite.support.Failures.assertStartupFailure;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CSRF settings that cannot work fail at startup, naming the key. */
@TestDatabase
class CsrfStartupTest {

    static final String SPEC = "CsrfStartupTest";
    static final String SECRET = "csrf-startup-secret-0123456789-abcdefgh";

    @Test
    void anUnknownModeFails() {
        assertStartupFailure("fx.security.csrf.mode is 'double': use off, double-submit or signed", SPEC,
            "fx.security.csrf.mode", "double");
    }

    @Test
    void eitherModeWithoutASecretFails() {
        assertStartupFailure("fx.security.csrf.mode signed needs fx.security.csrf.secret", SPEC,
            "fx.security.csrf.mode", "signed");
        assertStartupFailure("fx.security.csrf.mode double-submit needs fx.security.csrf.secret", SPEC,
            "fx.security.csrf.mode", "double-submit");
    }

    @Test
    void aHostPrefixedCookieNameWithoutSecureFails() {
        assertStartupFailure("fx.security.csrf.cookie-name '__Host-csrf' starts with __Host-, which needs"
            + " fx.security.csrf.secure: true", SPEC, "fx.security.csrf.mode", "double-submit",
            "fx.security.csrf.secret", SECRET, "fx.security.csrf.cookie-name", "__Host-csrf",
            "fx.security.csrf.secure", "false");
    }

    @Test
    void aSecretUnder32BytesFails() {
        String message = assertStartupFailure("fx.security.csrf.secret is 31 bytes: it must be at least 32 bytes", SPEC,
            "fx.security.csrf.mode", "signed", "fx.security.csrf.secret", "0123456789abcdef0123456789abcde");
        assertTrue(!message.contains("0123456789abcdef"), message);
    }

    @Test
    void aBadOriginEntryFails() {
        assertStartupFailure("fx.security.csrf.allowed-origins[1] is 'https://app.example.com/path'", SPEC,
            "fx.security.csrf.mode", "double-submit", "fx.security.csrf.secret", SECRET,
            "fx.security.csrf.allowed-origins", "https://ok.example.com,https://app.example.com/path");
        assertStartupFailure("fx.security.csrf.allowed-origins[0] is '*.'", SPEC, "fx.security.csrf.mode",
            "double-submit", "fx.security.csrf.secret", SECRET, "fx.security.csrf.allowed-origins", "*.");
    }

    @Test
    void anExemptPathWithoutSlashAndSameSiteNoneWithoutSecureFail() {
        assertStartupFailure("fx.security.csrf.exempt-paths[0] is 'login'", SPEC, "fx.security.csrf.mode",
            "double-submit", "fx.security.csrf.secret", SECRET, "fx.security.csrf.exempt-paths", "login");
        assertStartupFailure("fx.security.csrf.same-site None needs fx.security.csrf.secure: true", SPEC,
            "fx.security.csrf.mode", "double-submit", "fx.security.csrf.secret", SECRET,
            "fx.security.csrf.same-site", "None", "fx.security.csrf.secure", "false");
        assertStartupFailure("fx.security.csrf.same-site is 'Loose'", SPEC, "fx.security.csrf.mode",
            "double-submit", "fx.security.csrf.secret", SECRET, "fx.security.csrf.same-site", "Loose");
    }
}
