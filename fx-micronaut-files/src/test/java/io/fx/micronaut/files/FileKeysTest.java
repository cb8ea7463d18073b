package io.fx.micronaut.files;

import io.fx.micronaut.auth.AuthInfo;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FileKeysTest {

    @Test
    void namesAreReducedToSafeCharacters() {
        assertEquals("passwd", FileKeys.safeName("../../etc/passwd"));
        assertEquals("evil.exe", FileKeys.safeName("C:\\temp\\evil.exe"));
        assertEquals("htaccess", FileKeys.safeName("...htaccess"));
        assertEquals("rsum2024.pdf", FileKeys.safeName("résumé 2024.pdf"));
        assertEquals("unnamed", FileKeys.safeName("日本語"));
        assertEquals("unnamed", FileKeys.safeName(null));
        assertEquals("ab.png", FileKeys.safeName("a\r\n\"b.png"));
        assertEquals(120, FileKeys.safeName("x".repeat(500)).length());
    }

    @Test
    void ownersHashTheTenantElseTheUser() {
        assertEquals(FileKeys.ANONYMOUS, FileKeys.owner(null));
        String alice = FileKeys.owner(AuthInfo.of("alice"));
        assertEquals(16, alice.length());
        assertNotEquals(alice, FileKeys.owner(AuthInfo.of("bob")));
        String key = FileKeys.newKey(AuthInfo.of("alice"), "a.png");
        assertTrue(FileKeys.isKey(key));
        assertTrue(FileKeys.ownedBy(key, AuthInfo.of("alice")));
        assertFalse(FileKeys.ownedBy(key, AuthInfo.of("bob")));
        assertFalse(FileKeys.ownedBy(key, null));
        assertTrue(FileKeys.ownedBy(FileKeys.newKey(null, "a.png"), AuthInfo.of("bob")));
    }

    @Test
    void otherShapesAreNotKeys() {
        String uuid = java.util.UUID.randomUUID().toString();
        assertTrue(FileKeys.isKey("anonymous/" + uuid + "/a.png"));
        assertFalse(FileKeys.isKey("anonymous/" + uuid + "/../a.png"));
        assertFalse(FileKeys.isKey("anonymous/" + uuid + "/.meta"));
        assertFalse(FileKeys.isKey("anonymous/" + uuid.toUpperCase() + "/a.png"));
        assertFalse(FileKeys.isKey("ANONYMOUS/" + uuid + "/a.png"));
        assertFalse(FileKeys.isKey("anonymous/" + uuid + "/a b.png"));
        assertFalse(FileKeys.isKey("/anonymous/" + uuid + "/a.png"));
        assertFalse(FileKeys.isKey(null));
    }
}
