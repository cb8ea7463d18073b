package io.fx.micronaut.security.csrf;

import io.fx.micronaut.exception.FxConfigurationException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AllowedOriginsTest {

    private final AllowedOrigins origins = AllowedOrigins.of(List.of("https://app.example.com", "*.host.test",
        "http://localhost:8080", "HTTPS://Upper.Example.com:443"));

    @Test
    void exactOriginsMatchAfterNormalising() {
        assertTrue(origins.admits("https://app.example.com"));
        assertTrue(origins.admits("https://APP.example.com:443"));
        assertTrue(origins.admits("https://upper.example.com"));
        assertTrue(origins.admits("http://localhost:8080"));
        assertFalse(origins.admits("http://localhost"));
        assertFalse(origins.admits("https://app.example.com:8443"));
        assertFalse(origins.admits("http://app.example.com"));
        assertFalse(origins.admits("https://app.example.com/path"));
        assertFalse(origins.admits("https://user@app.example.com"));
    }

    @Test
    void wildcardsAdmitHttpsSubdomainsAtAnyDepthOnly() {
        assertTrue(origins.admits("https://a.host.test"));
        assertTrue(origins.admits("https://a.b.c.host.test"));
        assertTrue(origins.admits("https://a.host.test:443"));
        assertFalse(origins.admits("https://host.test"));
        assertFalse(origins.admits("https://evil-host.test"));
        assertFalse(origins.admits("https://host.test.evil"));
        assertFalse(origins.admits("http://a.host.test"));
        assertFalse(origins.admits("https://a.host.test:8443"));
        assertFalse(origins.admits("https://.host.test"));
    }

    @Test
    void nullAndGarbageAreRefused() {
        assertFalse(origins.admits(null));
        assertFalse(origins.admits("null"));
        assertFalse(origins.admits(""));
        assertFalse(origins.admits("app.example.com"));
        assertFalse(origins.admits("ftp://app.example.com"));
        assertFalse(origins.admits("https://"));
    }

    @Test
    void theRefererGivesItsOrigin() {
        assertEquals("https://app.example.com", AllowedOrigins.originOf("https://app.example.com:443/a/b?c=d#e"));
        assertEquals("http://localhost:8080", AllowedOrigins.originOf("http://LOCALHOST:8080/"));
        assertEquals(null, AllowedOrigins.originOf("about:blank"));
        assertEquals(null, AllowedOrigins.originOf("not a url"));
    }

    @Test
    void badEntriesFailNamingTheIndex() {
        for (String bad : List.of("*.", "*", "**.host", "*.host/x", "https://app.example.com/", "app.example.com",
                "ftp://x.test", "*..host", "null", "")) {
            FxConfigurationException e = assertThrows(FxConfigurationException.class,
                () -> AllowedOrigins.of(List.of("https://ok.test", bad)), bad);
            assertTrue(e.getMessage().startsWith("fx.security.csrf.allowed-origins[1] is '" + bad + "'"), e.getMessage());
        }
        assertTrue(AllowedOrigins.of(List.of()).isEmpty());
    }
}
